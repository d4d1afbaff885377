import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { blockMember } from "../../app/models/safety/blocks.server";
import { chatAnswer, sendFromForm } from "../../app/models/chat/pages/chat-page.server";
import { countRequest, RATE_LIMITS } from "../../app/models/safety/rate-limits.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { statusOf } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";
import { contextFor } from "../fixtures/context";
import { signedMediaUrl } from "../../app/services/storage/signed-media.server";
import { storage } from "../../app/services/storage/storage.server";
import { loader as privateMedia } from "../../app/routes/private-media.$";

const base = tenantFixture({ id: "chatlimits", domains: ["chatlimits.example"] });
const tenant = tenantSchema.parse({ ...base, settings: { ...base.settings, message_credits: 10, photo_credits: 15, free_messages: 0 } });
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
});

/** A composer post with a "photo" that is no image at all: decoding it would answer photoRejected. */
function notAnImage(): Request {
  const form = new FormData();
  form.set("photo", new Blob([Buffer.from("this is not an image")], { type: "image/jpeg" }), "photo.jpg");
  return new Request("https://chatlimits.example/members/1/chat", { method: "POST", body: form });
}

function text(body: string): Request {
  return new Request("https://chatlimits.example/members/1/chat", { method: "POST", body: new URLSearchParams({ body }) });
}

describe("chat photos: the cheap checks first (review M-5)", () => {
  it("refuses a photo to a blocked member, or without the credits, before the file is even looked at", async () => {
    const poor = await createMember(handle.db, { tenant, name: "Poor", credits: 5 });
    const rich = await createMember(handle.db, { tenant, name: "Rich", credits: 100 });
    const other = await createMember(handle.db, { tenant, name: "Other" });
    expect(await sendFromForm(notAnImage(), poor.current, tenant, other.id)).toEqual({ ok: false, reason: "insufficientCredits" });
    await blockMember(handle.db, { blockerId: other.id, blockedId: rich.id, pool: tenant.pool });
    expect(await sendFromForm(notAnImage(), rich.current, tenant, other.id)).toEqual({ ok: false, reason: "unavailable" });
    // Allowed to send: only now is the file decoded, and it is refused for what it is.
    const third = await createMember(handle.db, { tenant, name: "Third" });
    expect(await sendFromForm(notAnImage(), rich.current, tenant, third.id)).toEqual({ ok: false, reason: "photoRejected" });
  });
});

describe("chat rate limits (review M-5, M-6)", () => {
  it("refuses photos past the hourly limit with 429 and Retry-After", async () => {
    const sender = await createMember(handle.db, { tenant, name: "Snap", credits: 1000 });
    const other = await createMember(handle.db, { tenant, name: "Friend" });
    for (let i = 0; i < RATE_LIMITS.chatPhotoPerMember.max; i++) await countRequest(handle.db, tenant.id, [[RATE_LIMITS.chatPhotoPerMember, sender.id]]);
    const reply = await sendFromForm(notAnImage(), sender.current, tenant, other.id);
    expect(reply).toMatchObject({ ok: false, reason: "tooMany" });
    const answer = chatAnswer(reply);
    expect(statusOf(answer)).toBe(429);
    expect(Number(new Headers(answer.init?.headers).get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses messages past the hourly limit and gives back what was typed", async () => {
    const sender = await createMember(handle.db, { tenant, name: "Typist", credits: 1000 });
    const other = await createMember(handle.db, { tenant, name: "Reader" });
    for (let i = 0; i < RATE_LIMITS.chatMessagePerMember.max; i++) await countRequest(handle.db, tenant.id, [[RATE_LIMITS.chatMessagePerMember, sender.id]]);
    expect(await sendFromForm(text("Hoi!"), sender.current, tenant, other.id)).toMatchObject({ ok: false, reason: "tooMany", body: "Hoi!" });
  });
});

describe("chat photos are private (review L-3)", () => {
  it("come as short-lived signed links that serve the file privately; a tampered one is a 404", async () => {
    const key = "chat/zz/private-test.webp";
    await storage().put(key, Buffer.from("webp"), "image/webp");
    const url = new URL(signedMediaUrl(key), "https://chatlimits.example");
    expect(url.pathname).toBe(`/private-media/${key}`);
    const ok = await privateMedia({ request: new Request(url), params: { "*": key }, context: contextFor(tenant) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(ok.headers.get("cross-origin-resource-policy")).toBe("same-site");
    url.searchParams.set("e", String(Number(url.searchParams.get("e")) + 3600));
    expect((await privateMedia({ request: new Request(url), params: { "*": key }, context: contextFor(tenant) })).status).toBe(404);
    await storage().remove(key);
  });
});
