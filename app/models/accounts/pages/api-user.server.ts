import type { z } from "zod";
import { db } from "~/db.server";
import { isLanguage, type Language } from "~/domain/languages";
import type { CurrentMember } from "~/models/members/current-member";
import { memberPhotos } from "~/models/profiles/photos.server";
import { profileOf } from "~/models/profiles/profile-update.server";
import type { Tenant } from "~/tenancy/schema";
import type { UserSchema } from "~/web/api/schemas.server";

/**
 * The logged-in member as the API's `user` (docs/product/api.md#the-json-api): the account, and the
 * own profile as /profile reads it (profileOf, memberPhotos: the main photo also while it is checked).
 */
export async function apiUser(tenant: Tenant, member: CurrentMember, language: Language): Promise<z.input<typeof UserSchema>> {
  const [profile, photos] = await Promise.all([profileOf(db(), member.id), memberPhotos(db(), member.id)]);
  if (!profile) throw new Error(`Member ${member.id} has no profile`);
  const main = photos.find((photo) => photo.isMain);
  return {
    id: member.id,
    email: member.email,
    status: member.status,
    credits: member.credits,
    paid_user: member.paidUser,
    language: isLanguage(member.language) ? member.language : language,
    fictional_icon: tenant.settings.fictional_icon,
    signup_date: member.createdAt.toISOString(),
    notifications_disabled: member.notificationsDisabled,
    profile: {
      id: member.id,
      name: profile.name,
      gender: profile.gender,
      sexuality: profile.sexuality,
      date_of_birth: profile.birthDate,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      signup_reason: profile.signupReason,
      tattoos: profile.tattoos,
      hair_colour: profile.hairColour,
      eye_colour: profile.eyeColour,
      body_type: profile.bodyType,
      relationship_status: profile.relationshipStatus,
      interests: profile.interests,
      about: profile.about,
      main_image: main && main.status !== "rejected" ? { thumb_url: main.thumbUrl, status: main.status } : null,
    },
  };
}
