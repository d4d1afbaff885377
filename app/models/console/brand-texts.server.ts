import { and, eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database, Executor } from "../../../db/client.server";
import { brandTexts } from "../../../db/schema";
import type { Language } from "~/domain/languages";
import { recordStaffAction } from "~/models/staff/staff-audit.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import type { Tenant } from "~/tenancy/schema";

/**
 * The brand texts staff may change in the console (docs/product/console.md#brand-texts), each a
 * per-language text of the tenant file: the honest answer and the care warning operators send,
 * and the home page's title and description (the campaign texts of search results and shares).
 */
export const BRAND_TEXT_KEYS = ["honest_answer", "care_warning", "index_title", "description"] as const;
export type BrandTextKey = (typeof BRAND_TEXT_KEYS)[number];

export const BRAND_TEXT_MAX = 2000;

/** The tenant file's text of a key and language, when it has one. */
export function fileText(tenant: Tenant, key: BrandTextKey, language: Language): string | null {
  const texts = key === "honest_answer" || key === "care_warning" ? tenant.settings.operators[key] : tenant.settings[key];
  return texts[language] ?? null;
}

type Overrides = Map<string, string>;

/**
 * Each process remembers a brand's changed texts for a short while: every page of the home page
 * reads them, and a change shows on every process within the time limit (at once on this one).
 */
const remembered = new LRUCache<string, Overrides>({ max: 500, ttl: 30_000 });

async function overrides(db: Executor, siteId: string): Promise<Overrides> {
  const hit = remembered.get(siteId);
  if (hit) return hit;
  const rows = await db.select({ key: brandTexts.key, language: brandTexts.language, text: brandTexts.text }).from(brandTexts).where(eq(brandTexts.siteId, siteId));
  const loaded: Overrides = new Map(rows.map((row) => [`${row.key}:${row.language}`, row.text]));
  remembered.set(siteId, loaded);
  return loaded;
}

/** The text staff set for a key and language, else the tenant file's, else null (the caller's catalogue text). */
export async function brandText(db: Executor, tenant: Tenant, key: BrandTextKey, language: Language): Promise<string | null> {
  return (await overrides(db, tenant.id)).get(`${key}:${language}`) ?? fileText(tenant, key, language);
}

/** Every text of a brand as the console shows it: per key and language, the file's and the changed one. */
export async function brandTextTable(db: Executor, tenant: Tenant, languages: readonly Language[]) {
  const changed = await overrides(db, tenant.id);
  return BRAND_TEXT_KEYS.map((key) => ({
    key,
    languages: languages.map((language) => ({ language, file: fileText(tenant, key, language), changed: changed.get(`${key}:${language}`) ?? null })),
  }));
}

/** Saves a changed text; an empty one goes back to the tenant file's. Audited. */
export async function saveBrandText(db: Database, staff: StaffMember, ip: string | null, input: { tenant: Tenant; key: BrandTextKey; language: Language; text: string }): Promise<void> {
  const text = input.text.trim().slice(0, BRAND_TEXT_MAX);
  await db.transaction(async (tx) => {
    const where = and(eq(brandTexts.siteId, input.tenant.id), eq(brandTexts.key, input.key), eq(brandTexts.language, input.language));
    if (text) {
      await tx
        .insert(brandTexts)
        .values({ siteId: input.tenant.id, key: input.key, language: input.language, text, updatedBy: staff.id })
        .onConflictDoUpdate({ target: [brandTexts.siteId, brandTexts.key, brandTexts.language], set: { text, updatedBy: staff.id, updatedAt: new Date() } });
    } else {
      await tx.delete(brandTexts).where(where);
    }
    await recordStaffAction(tx, { staffId: staff.id, action: "brand_text_edit", siteId: input.tenant.id, details: { key: input.key, language: input.language, length: text.length }, ip });
  });
  remembered.delete(input.tenant.id);
}
