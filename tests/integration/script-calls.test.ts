import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { conversationMembers, likes } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import * as autoLikeRoute from "../../app/routes/api.auto-like";
import * as conversationsRoute from "../../app/routes/api.conversations";
import * as conversationRoute from "../../app/routes/api.conversations.$id";
import * as readRoute from "../../app/routes/api.conversations.$id.read";
import * as geocodeRoute from "../../app/routes/api.geocode";
import * as matchSeenRoute from "../../app/routes/api.likes.match-seen";
import * as typingRoute from "../../app/routes/api.typing";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

/*
 * The pages' own script calls (docs/product/api.md#calls), the resource routes beside the JSON API:
 * each answers a Response — never a plain object, which Remix turns into JSON with a deprecation
 * warning, nor a data(), whose status and headers a resource route loses — with the status and body
 * the document gives; a path answers a method it does not take with 405; a HEAD opens no stream and
 * makes no like (docs/product/api.md#head).
 */

const handle = testDatabasePerFile();
const base = tenantFixture({ id: "alpha", domains: ["alpha.example"], pool: "alpha" });
const alpha = tenantSchema.parse({ ...base, settings: { ...base.settings, auto_likes: "fictional" } });

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

type Handler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<unknown> | unknown;

/** The route's answer: a Response (the point of these tests), thrown or returned. */
async function answerOf(handler: Handler, method: string, path: string, context: AppLoadContext, init: { form?: Record<string, string>; params?: Record<string, string> } = {}): Promise<Response> {
  const request = new Request(`http://alpha.example${path}`, { method, body: init.form ? formOf(init.form) : undefined });
  let result: unknown;
  try {
    result = await handler({ request, context, params: init.params ?? {} });
  } catch (thrown) {
    result = thrown;
  }
  expect(result, `${method} ${path}`).toBeInstanceOf(Response);
  return result as Response;
}

const jsonOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

async function signedIn(tenant: Tenant, name = "Me") {
  const created = await createMember(handle.db, { tenant, name });
  const cookie = await startSession(handle.db, { memberId: created.id, siteId: tenant.id, userAgent: null });
  const sessionId = (await sessionIdFrom(cookie.split(";")[0]!))!;
  const member = (await findSessionMember(handle.db, sessionId, tenant.id))!;
  return { ...created, context: contextFor(tenant, { member, sessionId }) };
}

/** The member with one conversation (a message from a friend), and another member's conversation. */
async function scene() {
  const me = await signedIn(alpha);
  const friend = await createMember(handle.db, { tenant: alpha, name: "Friend", credits: 100 });
  const other = await createMember(handle.db, { tenant: alpha, name: "Other" });
  for (const recipient of [me.id, other.id]) {
    expect(await sendMessage(handle.db, { senderId: friend.id, recipientId: recipient, tenant: alpha, content: { kind: "text", body: "Hoi!" } })).toEqual(expect.objectContaining({ ok: true }));
  }
  const conversationOf = async (memberId: number) => (await handle.db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.memberId, memberId)))[0]!.id;
  return { me, friend, mine: await conversationOf(me.id), theirs: await conversationOf(other.id) };
}

describe("conversations", () => {
  it("GET /api/conversations: the list's further pages as JSON, times as ISO strings", async () => {
    const { me, friend, mine } = await scene();
    const answer = await jsonOf(await answerOf(conversationsRoute.loader, "GET", "/api/conversations", me.context));
    expect(answer).toEqual({
      status: 200,
      body: { items: [{ id: mine, other: expect.objectContaining({ id: friend.id, name: "Friend" }), unread: 1, lastMessageAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/), last: { kind: "text", mine: false, body: "Hoi!" } }], more: null },
    });
    expect(await jsonOf(await answerOf(conversationsRoute.loader, "GET", "/api/conversations", contextFor(alpha)))).toEqual({ status: 403, body: { error: "authentication_required" } });
  });

  it("DELETE /api/conversations/{id}: ok; 404 not_found for another's, an unknown or a malformed id; a plain form's POST goes back to the list", async () => {
    const { me, mine, theirs } = await scene();
    for (const id of [String(theirs), "999999", "abc", "-1"]) {
      expect(await jsonOf(await answerOf(conversationRoute.action, "DELETE", `/api/conversations/${id}`, me.context, { params: { id } }))).toEqual({ status: 404, body: { error: "not_found" } });
    }
    expect(await jsonOf(await answerOf(conversationRoute.action, "DELETE", `/api/conversations/${mine}`, me.context, { params: { id: String(mine) } }))).toEqual({ status: 200, body: { ok: true } });
    const posted = await answerOf(conversationRoute.action, "POST", `/api/conversations/${mine}`, me.context, { params: { id: String(mine) } });
    expect([posted.status, posted.headers.get("Location")]).toEqual([302, "/chats"]);
  });

  it("POST /api/conversations/{id}/read: ok; 404 not_found for a malformed id", async () => {
    const { me, mine } = await scene();
    expect(await jsonOf(await answerOf(readRoute.action, "POST", `/api/conversations/${mine}/read`, me.context, { params: { id: String(mine) } }))).toEqual({ status: 200, body: { ok: true } });
    expect(await handle.db.select({ unread: conversationMembers.unread }).from(conversationMembers).where(eq(conversationMembers.memberId, me.id))).toEqual([{ unread: 0 }]);
    expect(await jsonOf(await answerOf(readRoute.action, "POST", "/api/conversations/x/read", me.context, { params: { id: "x" } }))).toEqual({ status: 404, body: { error: "not_found" } });
  });

  it("POST /api/typing: ok; 400 without a valid id, 404 for another's conversation, both empty", async () => {
    const { me, mine, theirs } = await scene();
    expect(await jsonOf(await answerOf(typingRoute.action, "POST", "/api/typing", me.context, { form: { conversation: String(mine) } }))).toEqual({ status: 200, body: { ok: true } });
    for (const [conversation, status] of [["x", 400], [String(theirs), 404]] as const) {
      const refused = await answerOf(typingRoute.action, "POST", "/api/typing", me.context, { form: { conversation } });
      expect([refused.status, await refused.text()]).toEqual([status, ""]);
    }
  });
});

describe("likes", () => {
  it("POST /api/auto-like: the profile as JSON; no like is made by a GET or HEAD, which are 405", async () => {
    const me = await signedIn(alpha);
    const fictional = await createMember(handle.db, { tenant: alpha, name: "Fee", fictional: true, photo: "active" });
    for (const method of ["GET", "HEAD"]) {
      const refused = await answerOf(autoLikeRoute.loader, method, "/api/auto-like", me.context);
      expect([refused.status, refused.headers.get("Allow")]).toEqual([405, "POST"]);
    }
    expect(await handle.db.select().from(likes).where(eq(likes.likedId, me.id))).toEqual([]);
    const answer = await jsonOf(await answerOf(autoLikeRoute.action, "POST", "/api/auto-like", me.context));
    expect(answer).toEqual({ status: 200, body: { profile: { id: fictional.id, name: "Fee", photoUrl: expect.any(String), matchPath: `/likes/m/${fictional.id}` } } });
  });

  it("POST /api/likes/match-seen: ok; 400 (empty) without a valid id", async () => {
    const me = await signedIn(alpha);
    const other = await createMember(handle.db, { tenant: alpha, name: "Other" });
    await likeMember(handle.db, { likerId: me.id, likedId: other.id, pool: alpha.pool, source: "profile" });
    await likeMember(handle.db, { likerId: other.id, likedId: me.id, pool: alpha.pool, source: "profile" });
    expect(await jsonOf(await answerOf(matchSeenRoute.action, "POST", "/api/likes/match-seen", me.context, { form: { member: String(other.id) } }))).toEqual({ status: 200, body: { ok: true } });
    const refused = await answerOf(matchSeenRoute.action, "POST", "/api/likes/match-seen", me.context, { form: { member: "x" } });
    expect([refused.status, await refused.text()]).toEqual([400, ""]);
  });
});

describe("GET /api/geocode", () => {
  it("the nearest city, cacheable for an hour; 400 false for coordinates that are none", async () => {
    const found = await answerOf(geocodeRoute.loader, "GET", "/api/geocode?lat=52.3702&lon=4.8952", contextFor(alpha));
    expect(found.headers.get("Cache-Control")).toBe("private, max-age=3600");
    expect(await jsonOf(found)).toEqual({ status: 200, body: { country: "NL", region: "NL-NH", city: "Amsterdam" } });
    expect(await jsonOf(await answerOf(geocodeRoute.loader, "GET", "/api/geocode?lat=north", contextFor(alpha)))).toEqual({ status: 400, body: false });
  });
});

describe("the methods a path does not take", () => {
  it.each([
    ["/api/typing", typingRoute.loader, "POST"],
    ["/api/likes/match-seen", matchSeenRoute.loader, "POST"],
    ["/api/conversations/1", conversationRoute.loader, "DELETE, POST"],
    ["/api/conversations/1/read", readRoute.loader, "POST"],
  ] as const)("GET and HEAD %s answer 405 with Allow", async (path, loader, allow) => {
    const me = await signedIn(alpha);
    for (const method of ["GET", "HEAD"]) {
      const answer = await answerOf(loader, method, path, me.context, { params: { id: "1" } });
      expect([answer.status, answer.headers.get("Allow")]).toEqual([405, allow]);
    }
  });
});
