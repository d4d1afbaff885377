import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server";
import { profiles, type NewProfile } from "../../db/schema/index";
import type { personalSchema } from "./profile-forms";
import type { z } from "zod";

type PersonalInput = z.infer<typeof personalSchema>;

export async function saveLocation(db: Executor, memberId: number, input: { country: string; region: string; city?: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ country: input.country, region: input.region, city: input.city || null, updatedAt: new Date() })
    .where(eq(profiles.memberId, memberId));
}

/** Saves the personal details a member filled in; fields left empty stay as they were. */
export async function savePersonal(db: Executor, memberId: number, input: PersonalInput): Promise<void> {
  const set: Partial<NewProfile> = {};
  if (input.gender) set.gender = input.gender;
  if (input.sexuality) set.sexuality = input.sexuality;
  if (input.relationship_status) set.relationshipStatus = input.relationship_status;
  if (input.body_type) set.bodyType = input.body_type;
  if (input.hair_colour) set.hairColour = input.hair_colour;
  if (input.eye_colour) set.eyeColour = input.eye_colour;
  if (input.tattoos) set.tattoos = input.tattoos;
  if (input.signup_reason) set.signupReason = input.signup_reason;
  if (Object.keys(set).length === 0) return;
  await db.update(profiles).set({ ...set, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}

export async function saveAbout(db: Executor, memberId: number, about: string | undefined): Promise<void> {
  await db.update(profiles).set({ about: about || null, updatedAt: new Date() }).where(eq(profiles.memberId, memberId));
}

export async function profileOf(db: Executor, memberId: number) {
  const [row] = await db.select().from(profiles).where(eq(profiles.memberId, memberId));
  return row ?? null;
}
