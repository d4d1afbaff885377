import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { setDatabaseHandle } from "../../db/database.server";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { loader } from "../../app/routes/_default._index";
import { tenantSchema } from "../../app/tenancy/schema";
import type { CurrentMember } from "../../app/models/members/current-member";
import { contextFor } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse(tenantFixture({ id: "alpha", pool: "alpha" }));
const other = tenantSchema.parse(tenantFixture({ id: "other", pool: "other" }));

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

async function start(member: CurrentMember, tenant = alpha) {
  const page = await loader({ request: new Request(`http://${tenant.domains[0]}/`), context: contextFor(tenant, { member }), params: {} });
  if (page.kind !== "member") throw new Error("a member got the visitor's home page");
  return page;
}

describe("the member's start page", () => {
  it("lists what waits: unread conversations, new likes, unseen matches, from the member's own pool only", async () => {
    const now = new Date();
    const me = await createMember(handle.db, { tenant: alpha, name: "Mila", gender: "female", sexuality: "hetero", birthDate: "1990-01-01" });
    const writer = await createMember(handle.db, { tenant: alpha, name: "Wout", gender: "male", birthDate: "1988-01-01", lastActiveAt: now, credits: 100, paidUser: true });
    const liker = await createMember(handle.db, { tenant: alpha, name: "Lars", gender: "male", birthDate: "1985-01-01" });
    const match = await createMember(handle.db, { tenant: alpha, name: "Mats", gender: "male", birthDate: "1987-01-01" });
    const elsewhere = await createMember(handle.db, { tenant: other, name: "Olaf", gender: "male", birthDate: "1987-01-01", lastActiveAt: now });

    const sent = await sendMessage(handle.db, { tenant: alpha, senderId: writer.id, recipientId: me.id, content: { kind: "text", body: "Hoi Mila" } });
    expect(sent.ok).toBe(true);
    await likeMember(handle.db, { likerId: liker.id, likedId: me.id, pool: "alpha", source: "profile" });
    await likeMember(handle.db, { likerId: me.id, likedId: match.id, pool: "alpha", source: "profile" });
    await likeMember(handle.db, { likerId: match.id, likedId: me.id, pool: "alpha", source: "profile" });

    const page = await start(me.current);
    expect(page.name).toBe("Mila");
    expect(page.conversations.map((item) => [item.other.name, item.unread])).toEqual([["Wout", 1]]);
    expect(page.likers.map((card) => card.name)).toContain("Lars");
    expect(page.matches.map((card) => card.name)).toEqual(["Mats"]);
    // Wout was active just now: online; Olaf is online too, but on another pool.
    expect(page.online.map((card) => card.name)).toContain("Wout");
    const everyone = [...page.online, ...page.suggestions, ...page.likers, ...page.matches].map((card) => card.id);
    expect(everyone).not.toContain(elsewhere.id);
    expect(everyone).not.toContain(me.id);
  });

  it("shows a free member the way to premium and a paying one their credits", async () => {
    const free = await createMember(handle.db, { tenant: alpha, name: "Fien" });
    const paying = await createMember(handle.db, { tenant: alpha, name: "Piet", paidUser: true, credits: 120 });
    expect((await start(free.current)).wallet).toEqual({ credits: 0, paidUser: false });
    expect((await start(paying.current)).wallet).toEqual({ credits: 120, paidUser: true });
  });
});
