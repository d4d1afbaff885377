import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { conversationMembers, discountCodes, likes, memberDiscounts, members, profiles, pushSubscriptions, sessions } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { ACCOUNT_FAILURE_LIMIT } from "../../app/models/accounts/login-throttle.server";
import { sendMessage } from "../../app/models/chat/chat-send.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { tenantSchema, type Tenant } from "../../app/tenancy/schema";
import { guardRequest } from "../../app/web/request-guard.server";
import { openApiDocument } from "../../app/web/api/document.server";
import * as userRoute from "../../app/routes/api.user[.php]";
import * as logoutRoute from "../../app/routes/api.logout[.php]";
import * as geocodeRoute from "../../app/routes/api.geocode[.php]";
import * as pageHiddenRoute from "../../app/routes/api.page-hidden[.php]";
import * as autoLikeRoute from "../../app/routes/api.auto-like[.php]";
import * as chatsRoute from "../../app/routes/api.chats[.php]";
import * as likesRoute from "../../app/routes/api.likes[.php]";
import * as chatRoute from "../../app/routes/api.chat[.php]";
import * as discountRoute from "../../app/routes/api.discountcode[.php]";
import * as settingsRoute from "../../app/routes/api.settings[.php]";
import * as interestsRoute from "../../app/routes/api.interests[.php]";
import * as regionsRoute from "../../app/routes/api.regions[.php]";
import * as companyRoute from "../../app/routes/api.companyinfo[.php]";
import { action as loginPageAction } from "../../app/routes/_default.login";
import { loader as creditsLoader } from "../../app/routes/_default.credits._index";
import { contextFor, formOf } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember, type MemberOverrides } from "../fixtures/members";
import { answerValidator, type OpenApiDocument } from "../fixtures/openapi";
import { callRoute, statusOf } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

/*
 * The JSON API's calls (docs/product/api.md#the-json-api) through the one request guard and their
 * routes, on a real database, on two brands: what each answers, that the rules are the pages' own
 * (login throttle, discount codes, chat deletion), that member-only calls answer 403, that bad
 * bodies are refused and never crash — and every answer fits the published description.
 */

const handle = testDatabasePerFile();
const PASSWORD = "zomer-fiets-lamp-42";
const alphaBase = tenantFixture({ id: "alpha", domains: ["alpha.example"], pool: "alpha" });
const alpha = tenantSchema.parse({ ...alphaBase, settings: { ...alphaBase.settings, auto_likes: "fictional", visible_profile_fields: ["name", "city", "date_of_birth", "interests"] } });
const betaBase = tenantFixture({ id: "beta", name: "Beta Dating", domains: ["beta.example"], pool: "beta", domain_language: "en-GB", countries: ["GB"] });
const beta = tenantSchema.parse({ ...betaBase, company: { ...betaBase.company, name: "Beta Ltd", support_phone: "+44 20 7946 0000" }, settings: { ...betaBase.settings, interests: ["music", "hiking"], visible_profile_fields: ["name"] } });

const validator = answerValidator(openApiDocument() as OpenApiDocument);
let mail: ReturnType<typeof captureMail>;

beforeAll(() => {
  setDatabaseHandle(handle);
  mail = captureMail();
});
afterAll(() => {
  mail.restore();
  setDatabaseHandle(undefined);
});

interface Route {
  loader: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<Response>;
  action: (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => Promise<Response>;
}

interface Answer {
  status: number;
  headers: Headers;
  // The tests read what they assert; the description's schema has checked the rest.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * One call as a browser on the brand's own site sends it: through the request guard, then the
 * route (loader for GET and HEAD, action for the rest); the answer must fit the published
 * description. A HEAD's answer is its GET's (Remix drops the body later); a 405 is no call's, but
 * in the API's error shape.
 */
async function call(route: Route, method: string, pathAndQuery: string, context: AppLoadContext, init: { json?: unknown; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const tenant = context.tenant!;
  const body = init.raw ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
  const headers: Record<string, string> = { "sec-fetch-site": "same-origin", ...(body === undefined ? {} : { "content-type": "application/json" }), ...init.headers };
  const sent = new Request(`http://${tenant.domains[0]}${pathAndQuery}`, { method, headers, body });
  const guarded = await guardRequest(sent, tenant.domains[0]!, context.language);
  const response = "refused" in guarded ? guarded.refused : await (method === "GET" || method === "HEAD" ? route.loader : route.action)({ request: guarded.request, context, params: {} });
  const text = await response.text();
  const path = new URL(sent.url).pathname;
  if (response.status === 405) validator.checkError(text);
  else validator.check(method === "HEAD" ? "GET" : method, path, response.status, response.headers.get("content-type"), text);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A member with a real session, and the context the request handler gives their requests. */
async function signedIn(tenant: Tenant, overrides: MemberOverrides = {}) {
  const created = await createMember(handle.db, { tenant, password: PASSWORD, ...overrides });
  const cookie = await startSession(handle.db, { memberId: created.id, siteId: tenant.id, userAgent: null });
  const sessionId = (await sessionIdFrom(cookie.split(";")[0]!))!;
  const member = (await findSessionMember(handle.db, sessionId, tenant.id))!;
  return { ...created, context: contextFor(tenant, { member, sessionId, language: tenant.id === "beta" ? "en" : "nl" }) };
}

const visitor = (tenant: Tenant) => contextFor(tenant, { language: tenant.id === "beta" ? "en" : "nl" });
const cookieNames = (answer: Answer) => answer.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);

describe("member-only calls without a session", () => {
  const calls: Array<[string, string, string, Route, unknown]> = [
    ["GET", "/api/auto-like.php", "", autoLikeRoute, undefined],
    ["GET", "/api/chats.php", "", chatsRoute, undefined],
    ["GET", "/api/likes.php", "", likesRoute, undefined],
    ["GET", "/api/discountcode.php", "?welcome=true", discountRoute, undefined],
    ["DELETE", "/api/chat.php", "", chatRoute, { conversation: 1 }],
    ["POST", "/api/page-hidden.php", "", pageHiddenRoute, {}],
    ["PUT", "/api/user.php", "", userRoute, { language: "en" }],
    ["POST", "/api/user.php", "?push=1", userRoute, { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys: { p256dh: "B".repeat(87), auth: "a".repeat(22) } }],
  ];

  it.each(calls)("%s %s%s answers 403 authentication_required on both brands", async (method, path, query, route, json) => {
    for (const tenant of [alpha, beta]) {
      const answer = await call(route, method, `${path}${query}`, visitor(tenant), { json });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: "authentication_required" });
    }
  });

  it("also once the session is gone (the page then logs the visitor out)", async () => {
    const me = await signedIn(alpha);
    await handle.db.delete(sessions).where(eq(sessions.memberId, me.id));
    // The request handler finds no member for a dead session.
    const answer = await call(chatsRoute, "GET", "/api/chats.php", contextFor(alpha, { member: null, sessionId: null }));
    expect(answer.body).toEqual({ error: "authentication_required" });
  });
});

describe("/api/user.php", () => {
  it("GET: false for a visitor, the member with their profile for a member, on each brand its own", async () => {
    const header = { "x-request-type": "client" };
    expect((await call(userRoute, "GET", "/api/user.php", visitor(alpha), { headers: header })).body).toEqual({ user: false });
    const me = await signedIn(alpha, { name: "Anna", credits: 40, city: "Utrecht", gender: "female", birthDate: "1990-04-01", photo: "pending" });
    const mine = await call(userRoute, "GET", "/api/user.php", me.context, { headers: header });
    expect(mine.status).toBe(200);
    expect(mine.body.user).toMatchObject({ id: me.id, status: "active", credits: 40, paid_user: false, language: "nl", fictional_icon: "🎭", notifications_disabled: [] });
    expect(mine.body.user.profile).toMatchObject({ id: me.id, name: "Anna", city: "Utrecht", gender: "female", date_of_birth: "1990-04-01", main_image: { status: "pending" } });
    expect(mine.headers.get("Cache-Control")).toBe("no-store");
    const other = await signedIn(beta, { name: "Bob" });
    expect((await call(userRoute, "GET", "/api/user.php", other.context, { headers: header })).body.user).toMatchObject({ id: other.id, language: "en", profile: { name: "Bob", main_image: null } });
  });

  it("GET without X-Request-Type: client is a 400 naming the header", async () => {
    const answer = await call(userRoute, "GET", "/api/user.php", visitor(alpha));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: "invalid_request", message: "Niet alles is goed ingevuld.", fields: { "x-request-type": ["Dit veld is verplicht."] } });
  });

  it("POST logs in with the login page's rules: a session cookie and the user; on the other brand the account does not exist", async () => {
    const me = await createMember(handle.db, { tenant: alpha, name: "Lisa", email: "lisa@example.com", password: PASSWORD });
    const answer = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { json: { email: " Lisa@Example.com", password: PASSWORD } });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: me.id, profile: { name: "Lisa" } });
    const cookie = answer.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!;
    expect(await findSessionMember(handle.db, (await sessionIdFrom(cookie.split(";")[0]!))!, alpha.id)).toMatchObject({ id: me.id });
    const elsewhere = await call(userRoute, "POST", "/api/user.php", visitor(beta), { json: { email: "lisa@example.com", password: PASSWORD } });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toEqual({ user: false, error: "login_failed", message: "Login failed, please try again" });
  });

  it(`POST shares the login page's throttle: after ${ACCOUNT_FAILURE_LIMIT} wrong passwords the account is blocked for both, with the spec's text`, async () => {
    await createMember(handle.db, { tenant: alpha, email: "guess@example.com", password: PASSWORD });
    const context = visitor(alpha);
    for (let i = 1; i < ACCOUNT_FAILURE_LIMIT; i++) {
      const wrong = await call(userRoute, "POST", "/api/user.php", context, { json: { email: "guess@example.com", password: `wrong-${i}` } });
      expect(wrong.body).toEqual({ user: false, error: "login_failed", message: "Login mislukt, probeer opnieuw" });
    }
    const blocked = await call(userRoute, "POST", "/api/user.php", context, { json: { email: "guess@example.com", password: "wrong-last" } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ user: false, error: "login_blocked", message: "Te veel foute pogingen, account voor 15 min geblokkeerd.", minutes: 15 });
    expect(blocked.headers.get("Retry-After")).toBe("900");
    // The right password on the login page is refused as well: one throttle.
    const page = await callRoute(loginPageAction({ request: new Request("http://alpha.example/login", { method: "POST", body: formOf({ email: "guess@example.com", password: PASSWORD }) }), context, params: {} }));
    expect(statusOf(page)).toBe(400);
    expect((page as { data: { refusal: unknown } }).data.refusal).toEqual({ key: "login.blocked", minutes: 15 });
  });

  it("POST for an account being deleted mails the reactivation link; a disabled one is refused; two-step login asks for the code", async () => {
    await createMember(handle.db, { tenant: alpha, email: "leaving@example.com", password: PASSWORD, status: "deletion_requested" });
    const sentBefore = mail.sent.length;
    const leaving = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { json: { email: "leaving@example.com", password: PASSWORD } });
    expect(leaving.status).toBe(403);
    expect(leaving.body).toMatchObject({ user: false, error: "account_deleting" });
    expect(mail.sent.slice(sentBefore).map((sent) => sent.to)).toEqual(["leaving@example.com"]);

    await createMember(handle.db, { tenant: alpha, email: "off@example.com", password: PASSWORD, status: "disabled" });
    const disabled = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { json: { email: "off@example.com", password: PASSWORD } });
    expect(disabled.status).toBe(403);
    expect(disabled.body).toMatchObject({ user: false, error: "account_disabled", reason: null });
    expect(cookieNames(disabled)).toEqual(["ban_notice"]);

    const careful = await createMember(handle.db, { tenant: alpha, email: "careful@example.com", password: PASSWORD });
    await handle.db.update(members).set({ totpEnabledAt: new Date() }).where(eq(members.id, careful.id));
    const twoStep = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { json: { email: "careful@example.com", password: PASSWORD } });
    expect(twoStep.body).toEqual({ user: false, second_step: "/login/code" });
    expect(cookieNames(twoStep)).toEqual(["login_step"]);
  });

  it("POST refuses bodies that are no login, with the login form's texts per field in the brand's language", async () => {
    const empty = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ email: ["Vul je e-mailadres in."], password: ["Vul een wachtwoord in."] });
    const english = await call(userRoute, "POST", "/api/user.php", visitor(beta), { json: { email: "not-an-address", password: 12 } });
    expect(english.body).toEqual({ error: "invalid_request", message: "Not everything is filled in correctly.", fields: { email: ["Enter a valid e-mail address."], password: ["This value is not valid."] } });
    const notJson = await call(userRoute, "POST", "/api/user.php", visitor(alpha), { raw: "email=a@b.nl&password=x", headers: { "content-type": "application/json" } });
    expect(notJson).toMatchObject({ status: 400, body: { error: "invalid_json", message: "Wat je stuurde kon niet worden gelezen." } });
  });

  it("PUT saves the member's language and sets the language cookie", async () => {
    const me = await signedIn(alpha);
    const answer = await call(userRoute, "PUT", "/api/user.php", me.context, { json: { language: "de" } });
    expect(answer).toMatchObject({ status: 200, body: { language: "de" } });
    expect(cookieNames(answer)).toEqual(["lng"]);
    expect((await handle.db.select({ language: members.language }).from(members).where(eq(members.id, me.id)))[0]?.language).toBe("de");
    const wrong = await call(userRoute, "PUT", "/api/user.php", me.context, { json: { language: "xx" } });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { language: ["Deze waarde is ongeldig."] } } });
  });

  it("POST ?push=1 stores a browser push service's subscription, and refuses any other address", async () => {
    const me = await signedIn(alpha);
    const keys = { p256dh: "B".repeat(87), auth: "a".repeat(22) };
    const saved = await call(userRoute, "POST", "/api/user.php?push=1", me.context, { json: { endpoint: "https://fcm.googleapis.com/fcm/send/abc", keys } });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect(await handle.db.select({ memberId: pushSubscriptions.memberId }).from(pushSubscriptions)).toEqual([{ memberId: me.id }]);
    const elsewhere = await call(userRoute, "POST", "/api/user.php?push=1", me.context, { json: { endpoint: "https://evil.example/push", keys } });
    expect(elsewhere).toMatchObject({ status: 400, body: { fields: { endpoint: ["Meldingen via deze dienst worden niet ondersteund."] } } });
  });
});

describe("/api/logout.php", () => {
  it("ends the session and clears the cookies; a link on another site logs nobody out", async () => {
    const me = await signedIn(alpha);
    const fromElsewhere = await call(logoutRoute, "GET", "/api/logout.php", me.context, { headers: { "sec-fetch-site": "cross-site" } });
    expect(fromElsewhere).toMatchObject({ status: 403, body: { error: "cross_site_request" } });
    expect(await findSessionMember(handle.db, me.context.sessionId!, alpha.id)).not.toBeNull();
    const answer = await call(logoutRoute, "GET", "/api/logout.php", me.context);
    expect(answer.body).toEqual({ user: false });
    expect(cookieNames(answer)).toEqual(expect.arrayContaining(["sid", "search"]));
    expect(await findSessionMember(handle.db, me.context.sessionId!, alpha.id)).toBeNull();
    // A visitor is logged out already.
    expect((await call(logoutRoute, "GET", "/api/logout.php", visitor(beta))).body).toEqual({ user: false });
  });
});

describe("chats, likes and auto-like of a member", () => {
  async function scene() {
    const me = await signedIn(alpha, { name: "Me", credits: 100 });
    const friend = await createMember(handle.db, { tenant: alpha, name: "Friend", birthDate: "1991-02-03", city: "Delft", photo: "active", credits: 100 });
    const other = await createMember(handle.db, { tenant: alpha, name: "Other" });
    const stranger = await createMember(handle.db, { tenant: beta, name: "Stranger" });
    for (const [recipient, body] of [[me.id, "Hoi!"], [other.id, "Hallo"]] as const) {
      expect(await sendMessage(handle.db, { senderId: friend.id, recipientId: recipient, tenant: alpha, content: { kind: "text", body } })).toEqual(expect.objectContaining({ ok: true }));
    }
    const [mine] = await handle.db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.memberId, me.id));
    const [theirs] = await handle.db.select({ id: conversationMembers.conversationId }).from(conversationMembers).where(eq(conversationMembers.memberId, other.id));
    return { me, friend, other, stranger, mine: mine!.id, theirs: theirs!.id };
  }

  it("chats.php lists the member's own conversations only, with the unread count and the other's card", async () => {
    const { me, friend, mine } = await scene();
    const answer = await call(chatsRoute, "GET", "/api/chats.php", me.context);
    expect(answer.body.more).toBeNull();
    expect(answer.body.chats).toEqual([
      {
        conversation: { id: mine, last_message_at: expect.any(String), last_message: { type: "text", mine: false, body: "Hoi!" } },
        profile: { id: friend.id, name: "Friend", age: expect.any(Number), city: "Delft", main_image: { thumb_url: expect.stringContaining(".webp"), status: "active" }, online: true, fictional: false },
        num_unread_messages: 1,
      },
    ]);
    expect((await call(chatsRoute, "GET", "/api/chats.php?after=nonsense", me.context)).body.chats).toHaveLength(1);
  });

  it("chat.php deletes the member's conversation (as the chat list does), 404 for anyone else's, 400 for a bad body", async () => {
    const { me, friend, mine, theirs } = await scene();
    const foreign = await call(chatRoute, "DELETE", "/api/chat.php", me.context, { json: { conversation: theirs } });
    expect(foreign).toMatchObject({ status: 404, body: { error: "not_found", message: "Dit gesprek bestaat niet meer." } });
    const otherContext = (await signedIn(alpha)).context;
    expect((await call(chatRoute, "DELETE", "/api/chat.php", otherContext, { json: { conversation: mine } })).status).toBe(404);
    for (const json of [{}, { conversation: "1; drop table" }, { conversation: -1 }, { conversation: 1.5 }, [mine]]) {
      expect((await call(chatRoute, "DELETE", "/api/chat.php", me.context, { json })).status).toBe(400);
    }
    expect(await call(chatRoute, "DELETE", "/api/chat.php", me.context, { json: { conversation: mine } })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await call(chatsRoute, "GET", "/api/chats.php", me.context)).body.chats).toEqual([]);
    // Deleted for this member only: the friend keeps it, and the other conversation is untouched.
    const sides = await handle.db.select({ memberId: conversationMembers.memberId, clearedAt: conversationMembers.clearedAt }).from(conversationMembers).where(eq(conversationMembers.conversationId, mine));
    expect(sides.map((side) => [side.memberId, side.clearedAt !== null]).sort()).toEqual([[me.id, true], [friend.id, false]].sort());
    const untouched = await handle.db.select({ clearedAt: conversationMembers.clearedAt }).from(conversationMembers).where(eq(conversationMembers.conversationId, theirs));
    expect(untouched.map((side) => side.clearedAt)).toEqual([null, null]);
  });

  it("likes.php: given likes in profiles (with matches), received in liked_by with like_new; another pool never shows", async () => {
    const { me, friend, other, stranger } = await scene();
    await likeMember(handle.db, { likerId: me.id, likedId: friend.id, pool: alpha.pool, source: "profile" });
    await likeMember(handle.db, { likerId: friend.id, likedId: me.id, pool: alpha.pool, source: "profile" });
    await likeMember(handle.db, { likerId: other.id, likedId: me.id, pool: alpha.pool, source: "profile" });
    await handle.db.insert(likes).values({ likerId: stranger.id, likedId: me.id });
    const answer = await call(likesRoute, "GET", "/api/likes.php", me.context);
    expect(answer.body.profiles.map((card: { id: number; match: boolean }) => [card.id, card.match])).toEqual([[friend.id, true]]);
    expect(answer.body.liked_by.map((card: { id: number; like_new: boolean; match: boolean }) => [card.id, card.like_new, card.match])).toEqual([
      [other.id, true, false],
      [friend.id, true, true],
    ]);
    // The second brand shows no ages or cities (visible_profile_fields): nor does its API.
    const there = await signedIn(beta);
    const local = await createMember(handle.db, { tenant: beta, name: "Local", birthDate: "1980-01-01", city: "Leeds" });
    await likeMember(handle.db, { likerId: local.id, likedId: there.id, pool: beta.pool, source: "profile" });
    expect((await call(likesRoute, "GET", "/api/likes.php", there.context)).body.liked_by).toEqual([expect.objectContaining({ id: local.id, age: null, city: null })]);
  });

  it("auto-like.php gives the newest unseen like with the like modal's path, and is refused from another site", async () => {
    const { me, other } = await scene();
    await likeMember(handle.db, { likerId: other.id, likedId: me.id, pool: alpha.pool, source: "profile" });
    const answer = await call(autoLikeRoute, "GET", "/api/auto-like.php", me.context);
    expect(answer.body).toEqual({ profile: { id: other.id, name: "Other", main_image: { thumb_url: null, match: `/likes/m/${other.id}` } } });
    expect((await call(autoLikeRoute, "GET", "/api/auto-like.php", me.context, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
  });

  it("page-hidden.php takes the beacon (an empty body too) and answers 204", async () => {
    const me = await signedIn(alpha);
    expect((await call(pageHiddenRoute, "POST", "/api/page-hidden.php", me.context, { json: {} })).status).toBe(204);
    expect((await call(pageHiddenRoute, "POST", "/api/page-hidden.php", me.context, { raw: "", headers: { "content-type": "text/plain;charset=UTF-8" } })).status).toBe(204);
  });
});

describe("HEAD changes nothing (docs/product/api.md#head)", () => {
  const likesOf = async (memberId: number) => handle.db.select({ likerId: likes.likerId }).from(likes).where(eq(likes.likedId, memberId));

  it("auto-like.php takes no HEAD: no fictional like is made; its GET then makes one", async () => {
    const me = await signedIn(alpha);
    const fictional = await createMember(handle.db, { tenant: alpha, name: "Fee", fictional: true, photo: "active" });
    const head = await call(autoLikeRoute, "HEAD", "/api/auto-like.php", me.context);
    expect(head).toMatchObject({ status: 405, body: { error: "method_not_allowed" } });
    expect(head.headers.get("Allow")).toBe("GET, OPTIONS");
    expect(await likesOf(me.id)).toEqual([]);
    // The same member and brand on a GET: the like the HEAD would have made.
    expect((await call(autoLikeRoute, "GET", "/api/auto-like.php", me.context)).body.profile).toMatchObject({ id: fictional.id });
    expect(await likesOf(me.id)).toEqual([{ likerId: fictional.id }]);
  });

  it("logout.php takes no HEAD: the session lives on; its GET then ends it", async () => {
    const me = await signedIn(beta);
    const head = await call(logoutRoute, "HEAD", "/api/logout.php", me.context);
    expect(head).toMatchObject({ status: 405, body: { error: "method_not_allowed", message: "This request is not supported here." } });
    expect(head.headers.get("Allow")).toBe("GET, OPTIONS");
    expect(head.headers.getSetCookie()).toEqual([]);
    expect(await findSessionMember(handle.db, me.context.sessionId!, beta.id)).toMatchObject({ id: me.id });
    const options = await logoutRoute.loader({ request: new Request("http://beta.example/api/logout.php", { method: "OPTIONS" }), context: me.context });
    expect(options.headers.get("Allow")).toBe("GET, OPTIONS");
    expect((await call(logoutRoute, "GET", "/api/logout.php", me.context)).body).toEqual({ user: false });
    expect(await findSessionMember(handle.db, me.context.sessionId!, beta.id)).toBeNull();
  });

  it("page-hidden.php (a POST) answers HEAD with 405 and marks nothing", async () => {
    const me = await signedIn(alpha);
    const lastActiveAt = new Date("2020-01-01T00:00:00Z");
    await handle.db.update(profiles).set({ lastActiveAt }).where(eq(profiles.memberId, me.id));
    const lastActive = async () => (await handle.db.select({ at: profiles.lastActiveAt }).from(profiles).where(eq(profiles.memberId, me.id)))[0]?.at;
    const head = await call(pageHiddenRoute, "HEAD", "/api/page-hidden.php", me.context);
    expect(head.status).toBe(405);
    expect(head.headers.get("Allow")).toBe("POST, OPTIONS");
    expect(await lastActive()).toEqual(lastActiveAt);
    // The beacon itself marks the member as seen now.
    expect((await call(pageHiddenRoute, "POST", "/api/page-hidden.php", me.context, { json: {} })).status).toBe(204);
    expect(await lastActive()).not.toEqual(lastActiveAt);
  });

  it("a GET that changes nothing takes HEAD and answers it as the GET", async () => {
    const me = await signedIn(alpha);
    for (const [route, path, headers] of [[chatsRoute, "/api/chats.php", {}], [userRoute, "/api/user.php", { "x-request-type": "client" }], [likesRoute, "/api/likes.php", {}]] as const) {
      const [get, head] = [await call(route, "GET", path, me.context, { headers }), await call(route, "HEAD", path, me.context, { headers })];
      expect(head.status, path).toBe(200);
      expect([...head.headers], path).toEqual([...get.headers]);
    }
  });

  it("discountcode.php: a HEAD is its GET, throttle included (the status alone tells a good code)", async () => {
    const me = await signedIn(alpha, { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(discountRoute, "HEAD", `/api/discountcode.php?code=PROBE${i}`, me.context)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });
});

describe("/api/discountcode.php", () => {
  it("checks a typed code as the credit pages do, with their texts", async () => {
    await handle.db.insert(discountCodes).values([{ code: "SPRING20", percent: 20, siteId: "alpha" }, { code: "BETAONLY", percent: 30, siteId: "beta" }]);
    const me = await signedIn(alpha, { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
    expect((await call(discountRoute, "GET", "/api/discountcode.php?code=spring20", me.context)).body).toEqual({
      discount: { code: "SPRING20", kind: "code", percentage: 20, minimum_order_cents: 0, currency: "EUR", expires: null },
    });
    const unknown = await call(discountRoute, "GET", "/api/discountcode.php?code=BETAONLY", me.context);
    expect(unknown).toMatchObject({ status: 400, body: { error: "discount_not_found", message: "Code niet gevonden", fields: { code: ["Code niet gevonden"] } } });
    expect((await call(discountRoute, "GET", "/api/discountcode.php", me.context)).body.fields).toEqual({ code: ["Dit veld is verplicht."] });
    expect((await call(discountRoute, "GET", `/api/discountcode.php?code=${"X".repeat(41)}`, me.context)).body.fields).toEqual({ code: ["Dit mag hoogstens 40 tekens lang zijn."] });
  });

  it("welcome=true gives the discount a new member has without a code, and none to one who paid", async () => {
    const fresh = await signedIn(alpha);
    expect((await call(discountRoute, "GET", "/api/discountcode.php?welcome=true", fresh.context)).body.discount).toMatchObject({ code: "TIMEBONUS25", kind: "time_bonus", percentage: 25, expires: expect.any(String) });
    const paid = await signedIn(beta, { paidUser: true });
    expect((await call(discountRoute, "GET", "/api/discountcode.php?welcome=true", paid.context)).body).toEqual({ discount: null, welcome: null });
  });

  it("welcome=true answers the member's welcome discount record: value, end, status, validity and methods", async () => {
    const day = 24 * 3600_000;
    const member = await signedIn(alpha, { createdAt: new Date(Date.now() - day) });
    const first = (await call(discountRoute, "GET", "/api/discountcode.php?welcome=true", member.context)).body;
    expect(first.discount).toMatchObject({ code: "WELCOME25", kind: "welcome", percentage: 25 });
    expect(first.welcome).toEqual({ user_id: member.id, value_percentage: 25, currency: "EUR", expires: expect.any(String), status: "active", validity: true, expired: false, paymentmethods: null });
    expect(new Date(first.welcome.expires).getTime()).toBe(member.member.createdAt.getTime() + 72 * 3600_000);
    // Limited to methods and then ended (as support does): the answer is the record's.
    await handle.db.update(memberDiscounts).set({ methods: ["creditcard"], status: "ended" }).where(eq(memberDiscounts.memberId, member.id));
    const ended = (await call(discountRoute, "GET", "/api/discountcode.php?welcome=true", member.context)).body;
    expect(ended).toEqual({ discount: null, welcome: expect.objectContaining({ status: "ended", validity: false, expired: false, paymentmethods: ["creditcard"] }) });
  });

  it("shares the credit pages' throttle on wrong codes", async () => {
    const me = await signedIn(alpha, { createdAt: new Date(Date.now() - 30 * 24 * 3600_000) });
    let answer: Answer | undefined;
    for (let i = 0; i < 11; i++) answer = await call(discountRoute, "GET", `/api/discountcode.php?code=GUESS${i}`, me.context);
    expect(answer).toMatchObject({ status: 429, body: { error: "too_many_requests", message: "Te veel codes geprobeerd. Probeer het later opnieuw." } });
    const page = await creditsLoader({ request: new Request("http://alpha.example/credits?code=ANOTHER"), context: me.context, params: {} });
    expect(page.offers.codeError).toBe("throttled");
  });
});

describe("public calls, per brand", () => {
  it("settings.php: each brand its own public settings, texts in the visitor's language; no internal setting", async () => {
    const a = await call(settingsRoute, "GET", "/api/settings.php?domain=beta.example", visitor(alpha));
    expect(a.body).toMatchObject({ name: "Test Site", domain: "alpha.example", domain_language: "nl-NL", niche: 1, countries: ["NL", "BE"], fictional_singular: "Fictief profiel", fictional_plural: "Fictieve profielen", push_public_key: null, geoip_country: null, geoip_selected_country: "NL", cdn_prefix: "/media/", support_phone: "+31301234567" });
    expect(a.body).not.toHaveProperty("member_resell");
    expect(a.body.company_id).toBeNull();
    const b = await call(settingsRoute, "GET", "/api/settings.php", visitor(beta));
    expect(b.body).toMatchObject({ name: "Beta Dating", domain: "beta.example", domain_language: "en-GB", countries: ["GB"], interests: ["music", "hiking"], fictional_singular: "Fictional profile" });
    const member = await signedIn(alpha);
    expect((await call(settingsRoute, "GET", "/api/settings.php", member.context)).body.push_public_key).toEqual(expect.any(String));
  });

  it("interests.php, regions.php and companyinfo.php answer each brand's own, cacheable", async () => {
    const interests = await call(interestsRoute, "GET", "/api/interests.php", visitor(beta));
    expect(interests.body).toEqual({ interests: [{ id: "music", name: "Music" }, { id: "hiking", name: "Hiking" }] });
    expect(interests.headers.get("Cache-Control")).toBe("private, max-age=3600");
    const regions = await call(regionsRoute, "GET", "/api/regions.php", visitor(alpha));
    expect(regions.body.countries.map((country: { code: string; name: string }) => [country.code, country.name])).toEqual([["NL", "Nederland"], ["BE", "België"]]);
    expect(regions.body.countries[0].regions).toContainEqual(expect.objectContaining({ code: "NL-NH", cities: expect.arrayContaining(["Amsterdam"]) }));
    const company = await call(companyRoute, "GET", "/api/companyinfo.php", visitor(beta));
    expect(company.body).toMatchObject({ name: "Beta Ltd", support_phone: "+442079460000", delete_discount: 10 });
    expect(company.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("geocode.php: the nearest city within the brand's countries, false outside them, 400 for coordinates that are none", async () => {
    expect((await call(geocodeRoute, "GET", "/api/geocode.php?lat=52.3702157&lon=4.8951679", visitor(alpha))).body).toMatchObject({ country: "NL", region: "NL-NH", city: "Amsterdam" });
    expect((await call(geocodeRoute, "GET", "/api/geocode.php?lat=52.3702157&lon=4.8951679", visitor(beta))).body).toBe(false);
    for (const query of ["", "?lat=52", "?lat=&lon=", "?lat=91&lon=0", "?lat=abc&lon=1", "?lat=1e400&lon=0"]) {
      const answer = await call(geocodeRoute, "GET", `/api/geocode.php${query}`, visitor(alpha));
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.fields).length, query).toBeGreaterThan(0);
    }
  });
});

describe("a host that is no brand's", () => {
  it("answers 404 not_found as JSON", async () => {
    const answer = await settingsRoute.loader({ request: new Request("http://unknown.example/api/settings.php"), context: contextFor(null) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ error: "not_found" });
  });
});

describe("bad bodies", () => {
  it("a body over 64 KiB is refused by the guard before any call reads it", async () => {
    const me = await signedIn(alpha);
    const answer = await call(chatRoute, "DELETE", "/api/chat.php", me.context, { raw: JSON.stringify({ conversation: 1, padding: "x".repeat(70_000) }) });
    expect(answer).toMatchObject({ status: 413, body: { error: "body_too_large" } });
  });

  it("any JSON, or none, to every write: a 4xx or a success that fits the description, never a crash", async () => {
    const me = await signedIn(alpha);
    const writes: Array<[Route, string, string]> = [
      [userRoute, "POST", "/api/user.php"],
      [userRoute, "POST", "/api/user.php?push=1"],
      [userRoute, "PUT", "/api/user.php"],
      [chatRoute, "DELETE", "/api/chat.php"],
      [pageHiddenRoute, "POST", "/api/page-hidden.php"],
    ];
    const body = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.record({ email: fc.jsonValue(), password: fc.jsonValue(), language: fc.jsonValue(), conversation: fc.jsonValue(), endpoint: fc.jsonValue(), keys: fc.jsonValue() }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 200 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), body, fc.boolean(), async ([route, method, path], raw, asMember) => {
        const answer = await call(route, method, path, asMember ? me.context : visitor(alpha), { raw, headers: { "content-type": "application/json" } });
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 300) },
    );
  });
});
