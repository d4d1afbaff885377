import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { profiles, reports } from "../../db/schema/index";
import { setDatabaseHandle } from "../../db/database.server";
import { loader as layoutLoader } from "../../app/routes/staff";
import { action as profileAction, loader as profileLoader } from "../../app/routes/staff.profiles.$id";
import { loader as profilesLoader } from "../../app/routes/staff.profiles._index";
import { action as reportsAction, loader as reportsLoader } from "../../app/routes/staff.reports";
import { action as caseAction, loader as caseLoader } from "../../app/routes/staff.support.$id";
import { loader as casesLoader } from "../../app/routes/staff.support._index";
import { action as textsAction, loader as textsLoader } from "../../app/routes/staff.console.texts";
import { loader as bansLoader } from "../../app/routes/staff.bans";
import { createStaff } from "../../app/models/staff/staff-accounts.server";
import type { StaffMember, StaffRole } from "../../app/models/staff/staff-roles";
import { openCase } from "../../app/models/support/support-cases.server";
import { tenants } from "../../app/tenancy/tenants.server";
import { contextFor } from "../fixtures/context";
import { testDatabasePerFile } from "../fixtures/database";
import { createMember } from "../fixtures/members";

/*
 * The staff scope rule (docs/product/staff.md#brands-and-languages, review N-M-3), continued from
 * staff-scope.test.ts: fictional profiles, support cases, reports, brand texts and the menus, each
 * driven through the staff routes' loaders and actions. Three brands share one member pool here,
 * so that one brand's staff meet the others' data (the shipped tenant files have no shared pool).
 */
await vi.hoisted(async () => {
  const { cpSync, mkdtempSync, readFileSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  const dir = mkdtempSync(path.join(tmpdir(), "staff-scope-tenants-"));
  for (const id of ["flirtpunt", "herchoice", "cougarclub"]) {
    const file = JSON.parse(readFileSync(`tenants/${id}.json`, "utf8")) as { pool: string };
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ ...file, pool: "shared" }));
  }
  cpSync("tenants/_schema.json", path.join(dir, "_schema.json"));
  // The company files the brands name (docs/product/site.md#company-info).
  cpSync("tenants/companies", path.join(dir, "companies"), { recursive: true });
  process.env.TENANTS_DIR = dir;
});

const handle = testDatabasePerFile();
const OWN = "flirtpunt";
const OTHER = "herchoice";
const THIRD = "cougarclub";
beforeAll(() => setDatabaseHandle(handle));
afterAll(() => setDatabaseHandle(undefined));

let count = 0;
async function staffMember(roles: StaffRole[], brands: string[], languages: string[] = []): Promise<StaffMember> {
  count += 1;
  const email = `more${count}@staff.example`;
  const created = await createStaff(handle.db, { email, name: `More ${count}`, roles, brands, languages, uiLanguage: "en" });
  if ("error" in created) throw new Error("exists");
  return { id: created.id, email, name: `More ${count}`, roles, brands, languages, uiLanguage: "en" };
}

const context = (staff: StaffMember) => contextFor(null, { staff, language: "en" });
const get = (path: string) => new Request(`http://staff.example${path}`);
/** A form post as the pages send it (URL-encoded: the profile form has no file). */
const post = (path: string, fields: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  return new Request(`http://staff.example${path}`, { method: "POST", body: form });
};
async function status(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = await run();
    return result instanceof Response ? result.status : ((result as { init?: { status?: number } | null })?.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

const brand = (id: string) => tenants().get(id)!;
const fields = { intent: "save", name: "Sanne", gender: "female", birthDate: "1992-04-01", country: "NL", region: "", city: "Utrecht", about: "" };
const shownOn = async (id: number) => (await handle.db.select({ shownOn: profiles.shownOn }).from(profiles).where(eq(profiles.memberId, id)))[0]?.shownOn;

describe("a one-brand admin and the fictional profiles of a shared pool (review N-M-3)", () => {
  it("creates a profile shown on their brand only, not on every brand of the pool", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const created = await status(() => profileAction({ request: post("/staff/profiles/new?pool=shared", { ...fields, brands: OWN }), context: context(admin), params: { id: "new" } }));
    expect(created).toBe(302);
    const [row] = await handle.db.select({ id: profiles.memberId }).from(profiles).where(eq(profiles.name, "Sanne"));
    expect(await shownOn(row!.id)).toEqual([OWN]);
  });

  it("keeps the other brands' ticks when saving, and may untick their own brand", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const lisa = await createMember(handle.db, { tenant: brand(OTHER), name: "Lisa", fictional: true, shownOn: [OWN, OTHER] });
    const page = (await profileLoader({ request: get(`/staff/profiles/${lisa.id}`), context: context(admin), params: { id: String(lisa.id) } })) as { options: { brands: Array<{ id: string }> }; values: { brands: string[] }; otherBrands: string[] };
    expect(page.options.brands.map((item) => item.id)).toEqual([OWN]);
    expect(page.values.brands).toEqual([OWN]);
    expect(page.otherBrands).toEqual([brand(OTHER).name]);
    expect(await status(() => profileAction({ request: post(`/staff/profiles/${lisa.id}`, { ...fields, name: "Lisa", brands: OWN }), context: context(admin), params: { id: String(lisa.id) } }))).toBe(200);
    expect(await shownOn(lisa.id)).toEqual([OWN, OTHER]);
    // A ticked brand of another admin's is not the one-brand admin's to add.
    expect(await status(() => profileAction({ request: post(`/staff/profiles/${lisa.id}`, { ...fields, name: "Lisa", brands: [OWN, THIRD] }), context: context(admin), params: { id: String(lisa.id) } }))).toBe(400);
    expect(await status(() => profileAction({ request: post(`/staff/profiles/${lisa.id}`, { ...fields, name: "Lisa" }), context: context(admin), params: { id: String(lisa.id) } }))).toBe(200);
    expect(await shownOn(lisa.id)).toEqual([OTHER]);

    // A profile of every brand stays on every brand when the admin keeps their tick.
    const mia = await createMember(handle.db, { tenant: brand(OWN), name: "Mia", fictional: true });
    expect(await status(() => profileAction({ request: post(`/staff/profiles/${mia.id}`, { ...fields, name: "Mia", brands: OWN }), context: context(admin), params: { id: String(mia.id) } }))).toBe(200);
    expect(await shownOn(mia.id)).toBeNull();
  });

  it("gets a 404 for a profile none of their brands shows, its photos included, and does not find it in the list", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const noor = await createMember(handle.db, { tenant: brand(OTHER), name: "Noor", fictional: true, shownOn: [OTHER], photo: "active" });
    const args = (request: Request) => ({ request, context: context(admin), params: { id: String(noor.id) } });
    expect(await status(() => profileLoader(args(get(`/staff/profiles/${noor.id}`))))).toBe(404);
    expect(await status(() => profileAction(args(post(`/staff/profiles/${noor.id}`, { ...fields, name: "Noor", brands: OWN }))))).toBe(404);
    expect(await status(() => profileAction(args(post(`/staff/profiles/${noor.id}`, { intent: "delete-photo", photo: String(noor.photo!.id) }))))).toBe(404);
    expect(await shownOn(noor.id)).toEqual([OTHER]);
    const list = (await profilesLoader({ request: get("/staff/profiles?pool=shared"), context: context(admin), params: {} })) as { profiles: Array<{ id: number }> };
    expect(list.profiles.some((item) => item.id === noor.id)).toBe(false);
    const everyBrand = await staffMember(["admin"], []);
    expect(await status(() => profileLoader({ request: get(`/staff/profiles/${noor.id}`), context: context(everyBrand), params: { id: String(noor.id) } }))).toBe(200);
  });
});

describe("one-brand support staff (review N-M-3)", () => {
  it("list, open, answer and close only the cases of their brands and languages", async () => {
    const dutch = await staffMember(["support"], [OWN], ["nl"]);
    const open = (siteId: string, language: string) => openCase(handle.db, { siteId, memberId: null, email: `klant-${siteId}-${language}@example.com`, language, subject: "payment", message: "Help", orderReference: null });
    const mine = await open(OWN, "nl");
    const otherBrand = await open(OTHER, "nl");
    const otherLanguage = await open(OWN, "de");
    const page = (await casesLoader({ request: get("/staff/support"), context: context(dutch), params: {} })) as { cases: Array<{ id: number }>; counts: { open: number } };
    expect(page.cases.map((item) => item.id)).toEqual([mine.caseId]);
    expect(page.counts.open).toBe(1);
    for (const caseId of [otherBrand.caseId, otherLanguage.caseId]) {
      const args = (request: Request) => ({ request, context: context(dutch), params: { id: String(caseId) } });
      expect(await status(() => caseLoader(args(get(`/staff/support/${caseId}`))))).toBe(404);
      expect(await status(() => caseAction(args(post(`/staff/support/${caseId}`, { intent: "status", status: "closed" }))))).toBe(404);
      expect(await status(() => caseAction(args(post(`/staff/support/${caseId}`, { intent: "answer", body: "Hallo", status: "closed" }))))).toBe(400);
    }
    expect(await status(() => caseLoader({ request: get(`/staff/support/${mine.caseId}`), context: context(dutch), params: { id: String(mine.caseId) } }))).toBe(200);
  });
});

describe("one-brand moderators and reports in a shared pool (review N-M-3)", () => {
  it("see and close only the reports made on their brands", async () => {
    const moderator = await staffMember(["moderator"], [OWN]);
    const reported = await createMember(handle.db, { tenant: brand(OTHER), name: "Rob" });
    const fromOwn = await createMember(handle.db, { tenant: brand(OWN), name: "Eva" });
    const fromOther = await createMember(handle.db, { tenant: brand(OTHER), name: "Ida" });
    const [own] = await handle.db.insert(reports).values({ siteId: OWN, reporterId: fromOwn.id, reportedId: reported.id, reason: "scam" }).returning({ id: reports.id });
    const [other] = await handle.db.insert(reports).values({ siteId: OTHER, reporterId: fromOther.id, reportedId: reported.id, reason: "scam" }).returning({ id: reports.id });
    const page = (await reportsLoader({ request: get("/staff/reports"), context: context(moderator), params: {} })) as { reports: Array<{ id: number; reported: { openReports: number } }> };
    expect(page.reports.map((report) => report.id)).toEqual([own!.id]);
    expect(page.reports[0]!.reported.openReports).toBe(1);
    // Another brand's report is not theirs to decide, and a warning on their own leaves it open.
    const decide = (report: number) => reportsAction({ request: post("/staff/reports", { report: String(report), intent: "warn", reason: "behaviour" }), context: context(moderator), params: {} });
    expect(((await decide(other!.id)) as { data: { error: string | null } }).data.error).toBe("decided");
    expect(((await decide(own!.id)) as { data: { error: string | null } }).data.error).toBeNull();
    const statuses = await handle.db.select({ id: reports.id, status: reports.status }).from(reports).where(eq(reports.reportedId, reported.id));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [own!.id]: "closed", [other!.id]: "open" });
  });
});

describe("the menus and brand texts of a one-brand admin (review N-M-3)", () => {
  it("show no link to the direct-debit blocks, and no form to ban an address by itself", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    const layout = layoutLoader({ request: get("/staff/console"), context: { ...context(admin), tenant: brand(OWN) }, params: {} });
    expect(layout.consoleLinks.map((link) => link.to)).not.toContain("/staff/console/direct-debit");
    expect(layout.consoleLinks.map((link) => link.to)).toContain("/staff/console/texts");
    const everyBrand = await staffMember(["admin"], []);
    expect(layoutLoader({ request: get("/staff/console"), context: { ...context(everyBrand), tenant: brand(OWN) }, params: {} }).consoleLinks.map((link) => link.to)).toContain("/staff/console/direct-debit");
    const bans = (await bansLoader({ request: get("/staff/bans"), context: context(admin), params: {} })) as { mayBanValues: boolean };
    expect(bans.mayBanValues).toBe(false);
  });

  it("read and change only their brands' texts", async () => {
    const admin = await staffMember(["admin"], [OWN]);
    expect(await status(() => textsLoader({ request: get(`/staff/console/texts?brand=${OTHER}`), context: context(admin), params: {} }))).toBe(404);
    expect(await status(() => textsAction({ request: post(`/staff/console/texts?brand=${OTHER}`, { key: "honest_answer", language: "en", text: "Not yours" }), context: context(admin), params: {} }))).toBe(404);
    const page = (await textsLoader({ request: get("/staff/console/texts"), context: context(admin), params: {} })) as { brands: Array<{ id: string }> };
    expect(page.brands.map((item) => item.id)).toEqual([OWN]);
  });
});
