import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { likeAnswer, submitLike } from "../../app/models/likes/pages/like-actions.server";
import { countRequest, RATE_LIMITS } from "../../app/models/safety/rate-limits.server";
import { tenants } from "../../app/tenancy/tenants.server";
import { createTestDatabase } from "../fixtures/database";
import { formOf } from "../fixtures/context";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { statusOf } from "../fixtures/route";

// A brand of the tenant files: the like mail looks the liked member's brand up there.
const tenant = tenants().get("flirtpunt")!;
let handle: DatabaseHandle;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
  mail = captureMail();
});
afterAll(async () => {
  mail.restore();
  setDatabaseHandle(undefined);
  await handle.close();
});

describe("likes (review M-6)", () => {
  it("mail the liked member once a week per liker, however often the like is taken back and given again", async () => {
    const liker = await createMember(handle.db, { tenant, name: "Jip" });
    const liked = await createMember(handle.db, { tenant, name: "Janneke" });
    const input = { tenant, member: liker.current, source: "profile" as const };
    for (const intent of ["like", "unlike", "like", "unlike", "like"]) {
      expect((await submitLike(formOf({ intent, member: String(liked.id) }), input))?.refused).toBeNull();
    }
    expect(mail.sent.filter((m) => m.to === liked.member.email)).toHaveLength(1);
  });

  it("are refused past the hourly limit with 429 and Retry-After, and nothing is liked", async () => {
    const liker = await createMember(handle.db, { tenant, name: "Script" });
    const liked = await createMember(handle.db, { tenant, name: "Target" });
    for (let i = 0; i < RATE_LIMITS.likePerMember.max; i++) await countRequest(handle.db, tenant.id, [[RATE_LIMITS.likePerMember, liker.id]]);
    const reply = await submitLike(formOf({ intent: "like", member: String(liked.id) }), { tenant, member: liker.current, source: "search" });
    expect(reply).toMatchObject({ liked: false, refused: "tooMany" });
    const answer = likeAnswer(reply!);
    expect(statusOf(answer)).toBe(429);
    expect(Number(new Headers(answer.init?.headers).get("retry-after"))).toBeGreaterThan(0);
  });
});
