import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { members } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { createAccount } from "../../app/models/accounts/accounts.server";
import { loadLander } from "../../app/models/landers/pages/lander-page.server";
import { conversationAfterActivation, loadMemberLanding } from "../../app/models/landers/pages/member-landing.server";
import { tenantSchema } from "../../app/tenancy/schema";
import { trackingCookie } from "../../app/web/cookies.server";
import { contextFor } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { callRoute, type DataWithInit } from "../fixtures/route";
import { tenantFixture } from "../fixtures/tenant";

const handle = testDatabasePerFile();
const alpha = tenantSchema.parse({
  ...tenantFixture({ id: "alpha", pool: "shared" }),
  landers: { default: "gallery", campaigns: [{ slug: "winter", headline: { nl: "Deze winter niet alleen" } }] },
});
const beta = tenantSchema.parse(tenantFixture({ id: "beta", pool: "elsewhere" }));

beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

const landerRequest = (path: string) => new Request(`http://alpha.example${path}`);

describe("landers", () => {
  it("show only the pool's listed members with an approved photo, the variant's headline and a cache for visitors", async () => {
    const shown = await createMember(handle.db, { tenant: alpha, name: "Zichtbaar", photo: "active" });
    await createMember(handle.db, { tenant: alpha, name: "Zonderfoto" });
    await createMember(handle.db, { tenant: alpha, name: "Wachtend", photo: "pending" });
    await createMember(handle.db, { tenant: alpha, name: "Onzichtbaar", photo: "active", invisible: true });
    await createMember(handle.db, { tenant: beta, name: "Anderpool", photo: "active" });

    const answer = (await callRoute(loadLander({ request: landerRequest("/landers/maplanding/winter"), context: contextFor(alpha), params: { kind: "maplanding", slug: "winter" } }))) as DataWithInit<{
      members: Array<{ name: string }>;
      headline: string;
    }>;
    expect(answer.data.members.map((member) => member.name)).toEqual([shown.profile.name]);
    expect(answer.data.headline).toBe("Deze winter niet alleen");
    expect(new Headers(answer.init?.headers).get("Cache-Control")).toBe("public, max-age=60, stale-while-revalidate=600");

    const member = contextFor(alpha, { member: shown.current });
    const asMember = (await callRoute(loadLander({ request: landerRequest("/landers/video"), context: member, params: { kind: "video" } }))) as DataWithInit;
    expect(new Headers(asMember.init?.headers).get("Cache-Control")).toBe("private, no-store");
  });

  it("leave out what the brand's visible profile fields leave out", async () => {
    const base = tenantFixture({ id: "gamma", pool: "discreet" });
    const gamma = tenantSchema.parse({ ...base, settings: { ...base.settings, visible_profile_fields: ["gender"] } });
    await createMember(handle.db, { tenant: gamma, name: "Discreet", photo: "active", birthDate: "1990-01-01", city: "Utrecht", interests: ["music"] });
    const answer = (await callRoute(loadLander({ request: landerRequest("/landers/gallery"), context: contextFor(gamma), params: { kind: "gallery" } }))) as DataWithInit<{
      members: Array<{ name: string; age: number | null; city: string | null; interests: string[] }>;
    }>;
    expect(answer.data.members).toMatchObject([{ name: "Discreet", age: null, city: null, interests: [] }]);
  });

  it("send a lander kind we do not have to the brand's default lander with the query", async () => {
    const answer = await callRoute(loadLander({ request: landerRequest("/landers/nope?ref=x"), context: contextFor(alpha), params: { kind: "nope" } }));
    expect((answer as Response).headers.get("Location")).toBe("/landers/gallery?ref=x");
  });
});

describe("member landing pages", () => {
  it("show a profile a visitor may see, and send every other id to the brand's lander", async () => {
    const visible = await createMember(handle.db, { tenant: alpha, name: "Mila", photo: "active" });
    const hidden = await createMember(handle.db, { tenant: alpha, name: "Verborgen", photo: "active", invisible: true });
    const foreign = await createMember(handle.db, { tenant: beta, name: "Buiten", photo: "active" });
    const load = (id: string) => callRoute(loadMemberLanding({ request: landerRequest(`/members/${id}/landing?network=n`), context: contextFor(alpha), params: { id } }, "landing"));

    const shown = (await load(String(visible.id))) as DataWithInit<{ profile: { name: string } }>;
    expect(shown.data.profile.name).toBe("Mila");
    for (const id of [String(hidden.id), String(foreign.id), "999999999", "abc"]) {
      const answer = (await load(id)) as Response;
      expect(answer.status, id).toBe(302);
      expect(answer.headers.get("Location"), id).toBe("/landers/gallery?network=n");
    }
  });

  it("follow the brand's logged_out_search: a brand that shows visitors no members sends them to its lander", async () => {
    const base = tenantFixture({ id: "delta", pool: "closed" });
    const delta = tenantSchema.parse({
      ...base,
      landers: { default: "video" },
      settings: { ...base.settings, logged_out_search: "none", logged_out_search_trafficsource: "all", visible_profile_fields: ["gender", "city"] },
    });
    const real = await createMember(handle.db, { tenant: delta, name: "Echt", photo: "active", birthDate: "1990-01-01", city: "Gouda" });
    const load = (layout: "landing" | "landing2" | "landing3" | "signup", query = "", cookie = "") =>
      callRoute(
        loadMemberLanding(
          { request: new Request(`http://delta.example/members/${real.id}/${layout}${query}`, { headers: { cookie } }), context: contextFor(delta), params: { id: String(real.id) } },
          layout,
        ),
      );
    for (const layout of ["landing", "landing2", "landing3", "signup"] as const) {
      const answer = (await load(layout, "?sub1=x")) as Response;
      expect(answer.status, layout).toBe(302);
      expect(answer.headers.get("Location"), layout).toBe("/landers/video?sub1=x");
    }
    // A visit from a traffic source follows logged_out_search_trafficsource ('all' here), and only the visible fields show.
    const source = await trackingCookie.serialize({ t: { network: "n" }, at: Date.now() });
    const fromAd = (await load("landing", "", source.split(";")[0]!)) as DataWithInit<{ profile: { name: string; age: number | null; city: string | null } }>;
    expect(fromAd.data.profile).toMatchObject({ name: "Echt", age: null, city: "Gouda" });
  });

  it("send a logged-in member to the profile itself", async () => {
    const profile = await createMember(handle.db, { tenant: alpha, name: "Roos", photo: "active" });
    const viewer = await createMember(handle.db, { tenant: alpha, name: "Kijker" });
    const answer = (await callRoute(
      loadMemberLanding({ request: landerRequest(`/members/${profile.id}/landing3`), context: contextFor(alpha, { member: viewer.current }), params: { id: String(profile.id) } }, "landing3"),
    )) as Response;
    expect(answer.headers.get("Location")).toBe(`/members/${profile.id}`);
  });

  it("after activation, lead into the conversation with the profile signed up for, while it can still be seen", async () => {
    const profile = await createMember(handle.db, { tenant: alpha, name: "Lotte", photo: "active" });
    const form = (email: string) => ({ email, name: "Nieuw", password: "een lang genoeg wachtwoord", date_of_birth: "1990-04-12", signup_message: undefined, email_confirmed: undefined });
    const came = await createAccount(handle.db, { tenant: alpha, form: form("landing@example.com"), tracking: null, language: "nl", country: null, signupProfileId: profile.id });
    const plain = await createAccount(handle.db, { tenant: alpha, form: form("plain@example.com"), tracking: null, language: "nl", country: null });
    expect(await conversationAfterActivation(handle.db, alpha, came!.memberId)).toBe(`/members/${profile.id}/chat`);
    expect(await conversationAfterActivation(handle.db, alpha, plain!.memberId)).toBeNull();

    // The profile went invisible in the meantime: the usual page after activation.
    await handle.db.update(members).set({ invisible: true }).where(eq(members.id, profile.id));
    expect(await conversationAfterActivation(handle.db, alpha, came!.memberId)).toBeNull();
  });
});
