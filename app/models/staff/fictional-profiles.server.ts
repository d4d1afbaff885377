import { and, asc, count, eq, sql } from "drizzle-orm";
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

/** The form of a fictional profile; `brands` are checked against the pool's brands by the caller. */
export function fictionalSchema(poolBrands: Tenant[], now = new Date()) {
  const countries = [...new Set(poolBrands.flatMap((brand) => brand.countries))];
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
      brands: z.array(z.string()).min(1, "profiles.errors.brands"),
    })
    .superRefine((form, ctx) => {
      if (form.region && !isRegionOf(form.country, form.region)) ctx.addIssue({ code: "custom", path: ["region"], message: "profiles.errors.region" });
      const known = new Set(poolBrands.map((brand) => brand.id));
      if (form.brands.some((brand) => !known.has(brand))) ctx.addIssue({ code: "custom", path: ["brands"], message: "profiles.errors.brands" });
    });
}

export type FictionalForm = z.infer<ReturnType<typeof fictionalSchema>>;

/** What the profile row holds of the form; every brand of the pool ticked is stored as "all" (null). */
function profileValues(form: FictionalForm, poolBrands: Tenant[]) {
  const everyBrand = poolBrands.every((brand) => form.brands.includes(brand.id));
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
    shownOn: everyBrand ? null : form.brands,
    updatedAt: new Date(),
  };
}

/** Creates a fictional profile in a pool: an account without login on the first brand it is shown on. */
export async function createFictional(db: Database, input: { pool: string; poolBrands: Tenant[]; form: FictionalForm; staffId: number; ip: string | null }): Promise<number> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .insert(members)
      .values({ siteId: input.form.brands[0]!, status: "active", isFictional: true, paidUser: true })
      .returning({ id: members.id });
    await tx.insert(profiles).values({ memberId: member!.id, pool: input.pool, isFictional: true, listed: true, ...profileValues(input.form, input.poolBrands) });
    await recordStaffAction(tx, { staffId: input.staffId, action: "profile_create", siteId: input.form.brands[0]!, memberId: member!.id, details: { pool: input.pool }, ip: input.ip });
    return member!.id;
  });
}

/** Saves a fictional profile's fields and brands. False when the id is not a fictional profile of the pool. */
export async function updateFictional(db: Database, input: { id: number; pool: string; poolBrands: Tenant[]; form: FictionalForm; staffId: number; ip: string | null }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set(profileValues(input.form, input.poolBrands))
      .where(and(eq(profiles.memberId, input.id), eq(profiles.pool, input.pool), eq(profiles.isFictional, true)))
      .returning({ id: profiles.memberId });
    if (updated.length === 0) return false;
    await recordStaffAction(tx, { staffId: input.staffId, action: "profile_edit", siteId: input.form.brands[0]!, memberId: input.id, details: { pool: input.pool }, ip: input.ip });
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

/** The fictional profiles of a pool, by name. */
export async function listFictional(db: Executor, pool: string): Promise<FictionalListItem[]> {
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
    .where(and(eq(profiles.pool, pool), eq(profiles.isFictional, true)))
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
