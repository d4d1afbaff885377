import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasVisiblePage, isLookingAt, markPageHidden, markPageVisible, pageBounce, presencePath, VISIBLE_FOR_MS } from "../../app/models/notifications/presence.server";
import { sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function browserOf(memberId: number): Promise<string> {
  const cookie = await startSession(handle.db, { memberId, siteId: "testsite", userAgent: null });
  return (await sessionIdFrom(cookie.split(";")[0]!))!;
}

describe("page presence", () => {
  it("knows which conversation a member looks at, until the page is hidden or its heartbeat stops", async () => {
    const { id } = await createMember(handle.db, { name: "Presence" });
    const phone = await browserOf(id);
    const laptop = await browserOf(id);
    const now = new Date();
    expect(await hasVisiblePage(handle.db, id, now)).toBe(false);

    await markPageVisible(handle.db, phone, "/chats/7", now);
    await markPageVisible(handle.db, laptop, "/members", now);
    expect(await isLookingAt(handle.db, id, ["/chats/7"], now)).toBe(true);
    expect(await isLookingAt(handle.db, id, ["/chats/8"], now)).toBe(false);
    expect(await hasVisiblePage(handle.db, id, now)).toBe(true);

    await markPageHidden(handle.db, phone, id, now);
    expect(await isLookingAt(handle.db, id, ["/chats/7"], now)).toBe(false);
    expect(await hasVisiblePage(handle.db, id, now)).toBe(true);

    const later = new Date(now.getTime() + VISIBLE_FOR_MS + 1);
    expect(await hasVisiblePage(handle.db, id, later)).toBe(false);
  });

  it("keeps only a path of this site, without its query", () => {
    expect(presencePath("/chats/7?x=1#end")).toBe("/chats/7");
    expect(presencePath("https://evil.example/chats/7")).toBeNull();
    expect(presencePath("//evil.example/")).toBeNull();
    expect(presencePath(7)).toBeNull();
    expect(presencePath(`/${"a".repeat(400)}`)).toBeNull();
    // Nothing that could forge a log line or hide in one (review N-L-9).
    for (const forged of ["/members\npage-bounce site=x member=1 path=/ ms=1", "/a\rb", "/a\u001b[2Jb", "/a b", "/a\u2028b"]) expect(presencePath(forged), JSON.stringify(forged)).toBeNull();
    expect(pageBounce({ lb: true, path: "/members\nforged", ms: 5 })).toBeNull();
  });

  it("reads a page-bounce report only as a path of the site and a time", () => {
    expect(pageBounce({ lb: true, path: "/members?x=1", ms: 1234.4 })).toEqual({ path: "/members", ms: 1234 });
    expect(pageBounce({ path: "/members", ms: 5 })).toBeNull();
    expect(pageBounce({ lb: true, path: "https://evil.example/", ms: 5 })).toBeNull();
    expect(pageBounce({ lb: true, path: "/members", ms: "5" })).toBeNull();
    expect(pageBounce(null)).toBeNull();
  });
});
