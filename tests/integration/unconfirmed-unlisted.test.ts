import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members, profiles } from "../../db/schema/index";
import { createAccount } from "../../app/models/accounts/accounts.server";
import { confirmEmailChange, requestEmailChange } from "../../app/models/accounts/account-settings.server";
import { findSessionMember, sessionIdFrom, startSession } from "../../app/models/accounts/sessions.server";
import { likeMember } from "../../app/models/likes/likes.server";
import { viewProfile } from "../../app/models/profiles/profile-view.server";
import { countListedMembers } from "../../app/models/search/member-teasers.server";
import { searchMembers } from "../../app/models/search/member-search.server";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { action as activateAction } from "../../app/routes/_default.activate.$token";
import { loader as likesApi } from "../../app/routes/api.likes[.php]";
import { contextFor, formOf } from "../fixtures/context";
import { createMember } from "../fixtures/members";
import { routeDatabase } from "../fixtures/route-database";
import { callRoute } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

/*
 * Spec A1 / 4.7 (docs/product/accounts.md#e-mail-confirmation): a member who has not confirmed
 * their address cannot be written to, so nobody finds them — not in search, not on the profile
 * page, not in the likes API — until they confirm; they still see their own profile.
 */

const tenant = tenantSchema.parse(tenantFixture({ id: "hidesite", domains: ["hidesite.example"] }));
const storage = new LocalDiskStorage("/tmp/unused-unconfirmed-storage", "/tmp/unused-unconfirmed-storage/public-media");
const routes = routeDatabase();

async function signUp(name: string) {
  const account = await createAccount(routes.handle.db, {
    tenant,
    form: { email: `${name.toLowerCase()}@example.com`, name, password: "zomer-fiets-lamp-42", date_of_birth: "1990-04-12" },
    tracking: null,
    language: "nl",
    country: "NL",
  });
  if (!account) throw new Error("signup refused");
  return account;
}

async function sessionOf(memberId: number) {
  const cookie = await startSession(routes.handle.db, { memberId, siteId: tenant.id, userAgent: null });
  const sessionId = (await sessionIdFrom(cookie.split(";")[0]!))!;
  return { member: (await findSessionMember(routes.handle.db, sessionId, tenant.id))!, sessionId };
}

async function searchedNames(viewerId: number): Promise<string[]> {
  const page = await searchMembers(routes.handle.db, storage, { scope: { pool: tenant.pool, viewerId, siteId: tenant.id }, filters: {}, limit: 100 });
  return page.cards.map((card) => card.name).sort();
}

async function likedByIds(session: Awaited<ReturnType<typeof sessionOf>>): Promise<number[]> {
  const request = new Request("https://hidesite.example/api/likes.php");
  const answer = await callRoute(likesApi({ request, context: contextFor(tenant, session) }));
  if (!(answer instanceof Response)) throw new Error("likes.php answers a Response");
  const body = (await answer.json()) as { liked_by: { id: number }[] };
  return body.liked_by.map((card) => card.id);
}

describe("an unconfirmed member is not listed (spec A1, 4.7)", () => {
  it("is absent from search, the member count, other members' profile view, likes and the likes API, and present at once after confirming", async () => {
    const seeker = await createMember(routes.handle.db, { tenant, name: "Seeker", password: "zomer-fiets-lamp-42" });
    const seekerSession = await sessionOf(seeker.id);
    const { memberId: newId, activationToken } = await signUp("Nieuwe");
    const own = await sessionOf(newId);

    expect(await searchedNames(seeker.id)).toEqual([]);
    expect(await countListedMembers(routes.handle.db, tenant.pool)).toBe(1);
    expect(await viewProfile(routes.handle.db, storage, { tenant, viewer: seeker.current, memberId: newId })).toBeNull();
    expect(await viewProfile(routes.handle.db, storage, { tenant, viewer: null, memberId: newId })).toBeNull();
    // The member sees their own profile.
    expect(await viewProfile(routes.handle.db, storage, { tenant, viewer: own.member, memberId: newId })).toMatchObject({ id: newId, name: "Nieuwe" });
    // Nobody can like them, and their own like does not show on the other's likes.
    expect(await likeMember(routes.handle.db, { likerId: seeker.id, likedId: newId, pool: tenant.pool, source: "profile" })).toEqual({ ok: false, reason: "unavailable" });
    expect(await likeMember(routes.handle.db, { likerId: newId, likedId: seeker.id, pool: tenant.pool, source: "profile" })).toMatchObject({ ok: true });
    expect(await likedByIds(seekerSession)).toEqual([]);

    // The activation link's button confirms: listed in the same step.
    const confirmed = await callRoute(activateAction({ request: new Request(`https://hidesite.example/activate/${activationToken}`, { method: "POST", body: formOf({}) }), context: contextFor(tenant), params: { token: activationToken } }));
    expect(confirmed instanceof Response && confirmed.headers.get("location")).toBe("/activate/done");
    expect(await searchedNames(seeker.id)).toEqual(["Nieuwe"]);
    expect(await countListedMembers(routes.handle.db, tenant.pool)).toBe(2);
    expect(await viewProfile(routes.handle.db, storage, { tenant, viewer: seeker.current, memberId: newId })).toMatchObject({ id: newId });
    expect(await likedByIds(seekerSession)).toEqual([newId]);
  });

  it("an invisible member stays unlisted when confirming", async () => {
    const seeker = await createMember(routes.handle.db, { tenant, name: "Looker" });
    const { memberId, activationToken } = await signUp("Stille");
    await routes.handle.db.update(members).set({ invisible: true }).where(eq(members.id, memberId));
    await callRoute(activateAction({ request: new Request(`https://hidesite.example/activate/${activationToken}`, { method: "POST", body: formOf({}) }), context: contextFor(tenant), params: { token: activationToken } }));
    const [row] = await routes.handle.db.select({ status: members.status, listed: profiles.listed }).from(members).innerJoin(profiles, eq(profiles.memberId, members.id)).where(eq(members.id, memberId));
    expect(row).toEqual({ status: "active", listed: false });
    expect(await searchedNames(seeker.id)).not.toContain("Stille");
  });

  it("confirming a changed address also lists an unconfirmed member", async () => {
    const seeker = await createMember(routes.handle.db, { tenant, name: "Finder" });
    const { memberId } = await signUp("Wissel");
    const token = await requestEmailChange(routes.handle.db, memberId, "wissel-nieuw@example.com");
    expect(await searchedNames(seeker.id)).not.toContain("Wissel");
    expect(await confirmEmailChange(routes.handle.db, tenant, token)).toMatchObject({ ok: true });
    expect(await searchedNames(seeker.id)).toContain("Wissel");
  });
});
