import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../../db/client.server";
import { members, photos, profiles } from "../../../db/schema";
import { BODY_TYPES, EYE_COLOURS, GENDERS, HAIR_COLOURS, RELATIONSHIP_STATUSES, SEXUALITIES } from "~/domain/profile-fields";
import { isRegionOf } from "~/domain/places";
import { isPlainName } from "~/models/members/display-name";
import { ageOn } from "~/utils/age";
import type { Tenant } from "~/tenancy/schema";
import { recordStaffAction } from "./staff-audit.server";

/*
 * Fictional profiles, made and kept by admins per member pool (docs/product/staff.md#fictional-profiles):
 * every profile field, photos through the same processing and moderation as members' photos, and
 * the brands of the pool that show them.
 */

const optional = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values).optional());

/**
 * The form of a fictional profile. `brands` may hold only the brands the admin ticks for
 * (`offered`, their brands of the pool); the country is one of the whole pool's. With
 * `keptElsewhere`, other brands keep showing the profile, so no brand of the admin's need be ticked.
 */
export function fictionalSchema(poolBrands: Tenant[], now = new Date(), scope: { offered?: Tenant[]; keptElsewhere?: boolean } = {}) {
  const countries = [...new Set(poolBrands.flatMap((brand) => brand.countries))];
  const offered = scope.offered ?? poolBrands;
  return z
    .object({
      name: z.string().trim().min(1, "profiles.errors.name").max(40, "profiles.errors.name").refine(isPlainName, "profiles.errors.name"),
      gender: z.enum(GENDERS, { errorMap: () => ({ message: "profiles.errors.gender" }) }),
      sexuality: optional(SEXUALITIES),
      birthDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, "profiles.errors.birthDate")
        .refine((value) => !Number.isNaN(Date.parse(value)) && ageOn(value, now) >= 18 && ageOn(value, now) <= 99, "profiles.errors.birthDate"),
      country: z.string().refine((value) => countries.includes(value), "profiles.errors.country"),
      region: z.preprocess((value) => (value === "" ? undefined : value), z.string().max(10).optional()),
      city: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(60).optional()),
      about: z.preprocess((value) => (value === "" ? undefined : value), z.string().trim().max(2000, "profiles.errors.about").optional()),
      bodyType: optional(BODY_TYPES),
      relationshipStatus: optional(RELATIONSHIP_STATUSES),
      hairColour: optional(HAIR_COLOURS),
      eyeColour: optional(EYE_COLOURS),
      brands: z.array(z.string()).min(scope.keptElsewhere ? 0 : 1, "profiles.errors.brands"),
    })
    .superRefine((form, ctx) => {
      if (form.region && !isRegionOf(form.country, form.region)) ctx.addIssue({ code: "custom", path: ["region"], message: "profiles.errors.region" });
      const known = new Set(offered.map((brand) => brand.id));
      if (form.brands.some((brand) => !known.has(brand))) ctx.addIssue({ code: "custom", path: ["brands"], message: "profiles.errors.brands" });
    });
}

export type FictionalForm = z.infer<ReturnType<typeof fictionalSchema>>;

/**
 * The brands that show a profile after an admin's save (review N-M-3): the admin changes only the
 * ticks of the brands they serve (`served`); every other brand of the pool keeps its tick as it was
 * (`before`: null is every brand of the pool, undefined a new profile). Every brand of the whole
 * pool ticked is stored as "all" (null), which also covers brands added to the pool later.
 */
export function shownOnAfterSave(input: { poolBrands: readonly Tenant[]; served: readonly Tenant[]; before: string[] | null | undefined; ticked: readonly string[] }): string[] | null {
  const served = new Set(input.served.map((brand) => brand.id));
  const shownBefore = (brand: Tenant) => (input.before === undefined ? false : input.before === null || input.before.includes(brand.id));
  const shown = input.poolBrands.filter((brand) => (served.has(brand.id) ? input.ticked.includes(brand.id) : shownBefore(brand))).map((brand) => brand.id);
  return shown.length === input.poolBrands.length ? null : shown;
}

/** Whether one of these brands shows a profile with this `shown_on` (null: every brand of its pool). */
export function shownOnAnyOf(shownOn: string[] | null, brands: readonly Tenant[]): boolean {
  return brands.some((brand) => shownOn === null || shownOn.includes(brand.id));
}

/** The same as a condition on the profiles table. */
function shownOnAnyCondition(brands: readonly Tenant[]): SQL {
  const ids = brands.map((brand) => brand.id);
  return sql`(${profiles.shownOn} is null or ${profiles.shownOn} && ${sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`})`;
}

/** What the profile row holds of the form, with the brands that show it as worked out by shownOnAfterSave. */
function profileValues(form: FictionalForm, shownOn: string[] | null) {
  return {
    name: form.name,
    gender: form.gender,
    sexuality: form.sexuality ?? null,
    birthDate: form.birthDate,
    country: form.country,
    region: form.region ?? null,
    city: form.city ?? null,
    about: form.about ?? null,
    bodyType: form.bodyType ?? null,
    relationshipStatus: form.relationshipStatus ?? null,
    hairColour: form.hairColour ?? null,
    eyeColour: form.eyeColour ?? null,
    shownOn,
    updatedAt: new Date(),
  };
}

/**
 * Creates a fictional profile in a pool: an account without login on the first brand it is shown
 * on. `served` are the creating admin's brands of the pool (default: all of them).
 */
export async function createFictional(db: Database, input: { pool: string; poolBrands: Tenant[]; served?: Tenant[]; form: FictionalForm; staffId: number; ip: string | null }): Promise<number> {
  const shownOn = shownOnAfterSave({ poolBrands: input.poolBrands, served: input.served ?? input.poolBrands, before: undefined, ticked: input.form.brands });
  return db.transaction(async (tx) => {
    const [member] = await tx
      .insert(members)
      .values({ siteId: input.form.brands[0]!, status: "active", isFictional: true, paidUser: true })
      .returning({ id: members.id });
    await tx.insert(profiles).values({ memberId: member!.id, pool: input.pool, isFictional: true, listed: true, ...profileValues(input.form, shownOn) });
    await recordStaffAction(tx, { staffId: input.staffId, action: "profile_create", siteId: input.form.brands[0]!, memberId: member!.id, details: { pool: input.pool }, ip: input.ip });
    return member!.id;
  });
}

/**
 * Saves a fictional profile's fields and the ticks of the admin's brands (`served`, default: the
 * whole pool); the other brands' ticks stay as they were. False when the id is not a fictional
 * profile of the pool that one of the admin's brands shows, or when no brand would show it.
 */
export async function updateFictional(db: Database, input: { id: number; pool: string; poolBrands: Tenant[]; served?: Tenant[]; form: FictionalForm; staffId: number; ip: string | null }): Promise<boolean> {
  const served = input.served ?? input.poolBrands;
  return db.transaction(async (tx) => {
    // Locked: two admins of different brands saving at once each keep the other's ticks.
    const [before] = await tx
      .select({ shownOn: profiles.shownOn })
      .from(profiles)
      .where(and(eq(profiles.memberId, input.id), eq(profiles.pool, input.pool), eq(profiles.isFictional, true)))
      .for("update");
    if (!before || !shownOnAnyOf(before.shownOn, served)) return false;
    const shownOn = shownOnAfterSave({ poolBrands: input.poolBrands, served, before: before.shownOn, ticked: input.form.brands });
    if (shownOn !== null && shownOn.length === 0) return false;
    await tx.update(profiles).set(profileValues(input.form, shownOn)).where(eq(profiles.memberId, input.id));
    const siteId = input.form.brands[0] ?? served[0]!.id;
    await recordStaffAction(tx, { staffId: input.staffId, action: "profile_edit", siteId, memberId: input.id, details: { pool: input.pool, shownOn }, ip: input.ip });
    return true;
  });
}

export interface FictionalListItem {
  id: number;
  name: string;
  pool: string;
  gender: string | null;
  age: number | null;
  city: string | null;
  shownOn: string[] | null;
  photos: number;
}

/** The fictional profiles of a pool, by name; with `shownOnOneOf`, only those one of these brands shows. */
export async function listFictional(db: Executor, pool: string, shownOnOneOf?: readonly Tenant[]): Promise<FictionalListItem[]> {
  const rows = await db
    .select({
      id: profiles.memberId,
      name: profiles.name,
      pool: profiles.pool,
      gender: profiles.gender,
      birthDate: profiles.birthDate,
      city: profiles.city,
      shownOn: profiles.shownOn,
      photos: sql<number>`(select ${count()} from ${photos} where ${photos.memberId} = ${profiles.memberId} and ${photos.status} <> 'rejected')`,
    })
    .from(profiles)
    .where(and(eq(profiles.pool, pool), eq(profiles.isFictional, true), shownOnOneOf ? shownOnAnyCondition(shownOnOneOf) : undefined))
    .orderBy(asc(profiles.name), asc(profiles.memberId))
    .limit(1000);
  return rows.map(({ birthDate, photos: photoCount, ...row }) => ({ ...row, age: birthDate ? ageOn(birthDate) : null, photos: Number(photoCount) }));
}

/** One fictional profile as its form shows it, or null. */
export async function fictionalProfile(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.memberId, id), eq(profiles.isFictional, true)));
  return row ?? null;
}
