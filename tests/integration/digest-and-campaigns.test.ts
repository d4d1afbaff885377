import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blocks, mailCampaigns, members } from "../../db/schema/index";
import { disableNotifications } from "../../app/models/accounts/account-settings.server";
import { campaignFile, createCampaign, sendCampaignBatches } from "../../app/models/notifications/campaigns.server";
import { isoWeek, sendWeeklyDigests } from "../../app/models/notifications/weekly-digest.server";
import { storage } from "../../app/services/storage/storage.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase, type TestDatabase } from "../fixtures/database";
import { captureMail } from "../fixtures/mail";
import { createMember } from "../fixtures/members";
import { tenantFixture } from "../fixtures/tenant";

const DAY_MS = 24 * 60 * 60 * 1000;
let handle: TestDatabase;
let mail: ReturnType<typeof captureMail>;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());
beforeEach(() => {
  mail = captureMail();
});
afterEach(() => mail.restore());

const mailsTo = (email: string) => mail.sent.filter((sent) => sent.to.includes(email));

describe("the weekly digest of new members", () => {
  const tenant = tenantSchema.parse(tenantFixture({ id: "digestsite", name: "Digestpunt", domains: ["digestsite.example"] }));
  const registry = new TenantRegistry([tenant]);

  it("shows the pool's members who joined this week, nearest first, with photos, once a week", async () => {
    const now = new Date();
    const reader = await createMember(handle.db, { tenant, name: "Lezer", email: "lezer@digest.example", country: "NL", region: "NL-UT", createdAt: new Date(now.getTime() - 60 * DAY_MS) });
    const far = await createMember(handle.db, { tenant, name: "Verweg", country: "BE", region: "BE-VAN", photo: "active" });
    const near = await createMember(handle.db, { tenant, name: "Dichtbij", country: "NL", region: "NL-UT", photo: "active" });
    await createMember(handle.db, { tenant, name: "Oudgediende", photo: "active", createdAt: new Date(now.getTime() - 30 * DAY_MS) });
    await createMember(handle.db, { tenant, name: "Zonderfoto" });
    const blocked = await createMember(handle.db, { tenant, name: "Geblokkeerd", photo: "active" });
    await handle.db.insert(blocks).values({ blockerId: reader.id, blockedId: blocked.id });

    await sendWeeklyDigests(handle.db, registry, storage(), now);
    const [digest] = mailsTo("lezer@digest.example");
    expect(digest!.subject).toBe("Nieuwe leden bij jou in de buurt op Digestpunt");
    const names = [...digest!.text.matchAll(/^(\p{L}+)(?: – [^:]*)?: http/gmu)].map((match) => match[1]);
    expect(names).toEqual(["Dichtbij", "Verweg"]);
    expect(digest!.html).toMatch(new RegExp(`<img src="http://digestsite\\.localhost:\\d+/media/photos/aa/${near.id}-thumb\\.webp"`));
    expect(digest!.text).toContain(`/members/${far.id}`);

    // Once a week.
    await sendWeeklyDigests(handle.db, registry, storage(), new Date(now.getTime() + 60 * 60 * 1000));
    expect(mailsTo("lezer@digest.example")).toHaveLength(isoWeek(now) === isoWeek(new Date(now.getTime() + 60 * 60 * 1000)) ? 1 : 2);
  });

  it("numbers the weeks as ISO does", () => {
    expect(isoWeek(new Date("2026-11-24T12:00:00Z"))).toBe("2026-W48");
    expect(isoWeek(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2026-01-01T12:00:00Z"))).toBe("2026-W01");
  });
});

describe("promotions and news", () => {
  const tenant = tenantSchema.parse(tenantFixture({ id: "newssite", name: "Nieuwspunt", domains: ["newssite.example"] }));
  const registry = new TenantRegistry([tenant]);
  const texts = {
    nl: { subject: "Nieuw: videobellen", paragraphs: ["Vanaf vandaag kun je videobellen."] },
    de: { subject: "Neu: Videoanrufe", paragraphs: ["Ab heute kannst du Videoanrufe machen."] },
  };

  it("go to each member who allows them once, in their language, and finish", async () => {
    await createMember(handle.db, { tenant, email: "nl@news.example" });
    await createMember(handle.db, { tenant, email: "de@news.example", language: "de" });
    await createMember(handle.db, { tenant, email: "fi@news.example", language: "fi" });
    const optedOut = await createMember(handle.db, { tenant, email: "no@news.example" });
    await handle.db.update(members).set({ mailOptOuts: ["news"] }).where(eq(members.id, optedOut.id));
    const stopped = await createMember(handle.db, { tenant, email: "stopped@news.example" });
    await disableNotifications(handle.db, stopped.id, tenant.id, "fbl");
    await createMember(handle.db, { siteId: "elsewhere", email: "other@news.example" });

    const id = await createCampaign(handle.db, { siteId: tenant.id, type: "news", texts });
    expect(await sendCampaignBatches(handle.db, registry)).toBe(3);
    expect(mailsTo("nl@news.example").map((sent) => sent.subject)).toEqual(["Nieuw: videobellen"]);
    expect(mailsTo("de@news.example").map((sent) => sent.subject)).toEqual(["Neu: Videoanrufe"]);
    // No Finnish text: the brand's language, Dutch here.
    expect(mailsTo("fi@news.example").map((sent) => sent.subject)).toEqual(["Nieuw: videobellen"]);
    expect(mailsTo("no@news.example")).toEqual([]);
    expect(mailsTo("stopped@news.example")).toEqual([]);
    expect(mailsTo("other@news.example")).toEqual([]);
    expect(mailsTo("nl@news.example")[0]!.headers?.["List-Unsubscribe"]).toBeDefined();

    // Run again (a restart, another process): nobody twice, and the campaign is done.
    expect(await sendCampaignBatches(handle.db, registry)).toBe(0);
    const [campaign] = await handle.db.select().from(mailCampaigns).where(eq(mailCampaigns.id, id));
    expect(campaign!.finishedAt).not.toBeNull();
    expect(mail.sent).toHaveLength(3);
  });

  it("take a campaign file only with a Dutch text and known languages", () => {
    expect(campaignFile.safeParse(texts).success).toBe(true);
    expect(campaignFile.safeParse({ de: texts.de }).success).toBe(false);
    expect(campaignFile.safeParse({ ...texts, xx: texts.nl }).success).toBe(false);
    expect(campaignFile.safeParse({ nl: { subject: "", paragraphs: [] } }).success).toBe(false);
  });
});
