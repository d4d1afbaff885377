import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { db } from "~/db.server";
import type { Language } from "~/domain/languages";
import { MAX_UPLOAD_BYTES, type PhotoRejected } from "~/services/images/process-photo.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";
import { readPhotoForm } from "./photo-upload-form.server";
import { deletePhoto, memberPhotos, photoLimit, setMainPhoto, uploadPhoto } from "~/models/profiles/photos.server";
import { countriesWithRegions, regionsOf } from "~/domain/places";
import { aboutSchema, askedPersonalFields, basicsSchema, interestsSchema, locationSchema, personalSchema } from "~/models/profiles/profile-forms";
import { personalValues, profileOf, saveAbout, saveBasics, saveInterests, saveLocation, savePersonal, textReviewOf } from "~/models/profiles/profile-update.server";
import type { CurrentMember } from "~/models/members/current-member";
import { waitingTexts } from "~/models/moderation/text-review.server";
import { regionNames } from "~/utils/intl-formats";

export const PROFILE_SECTIONS = ["basics", "location", "personal", "interests", "about"] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** What /profile shows: every field the brand's visible_profile_fields asks, with its value, and the photos. */
export async function profileEditData(tenant: Tenant, member: CurrentMember, language: Language) {
  const [profile, photos, waiting] = await Promise.all([profileOf(db(), member.id), memberPhotos(db(), member.id), waitingTexts(db(), member.id)]);
  if (!profile) throw new Error(`Member ${member.id} has no profile`);
  const visible = new Set<string>(tenant.settings.visible_profile_fields);
  const personal = askedPersonalFields(tenant);
  const names = regionNames(language);
  return {
    memberId: member.id,
    email: member.email,
    minAge: tenant.settings.min_age,
    show: {
      dateOfBirth: visible.has("date_of_birth"),
      location: visible.has("country") || visible.has("region") || visible.has("city"),
      interests: visible.has("interests"),
      about: visible.has("about"),
    },
    basics: { name: profile.name, date_of_birth: profile.birthDate ?? "" },
    location: { country: profile.country ?? tenant.countries[0]!, region: profile.region ?? "", city: profile.city ?? "" },
    countries: tenant.countries.map((code) => ({ code, name: names.of(code) ?? code, regions: regionsOf(code) })),
    personalFields: personal,
    personal: personalValues(profile, personal),
    allowedInterests: tenant.settings.interests,
    interests: profile.interests,
    about: profile.about ?? "",
    /** Texts held for a moderator (docs/product/moderation.md#profile-texts): the profile still shows the old ones. */
    held: { name: waiting.name?.held ? waiting.name.text : null, about: waiting.about?.held ? waiting.about.text : null },
    photos,
    photoLimit: photoLimit(member.paidUser),
    paidUser: member.paidUser,
    maxMegabytes: MAX_UPLOAD_BYTES / 1024 / 1024,
  };
}

export type ProfileFormOutcome =
  | { ok: true; flash: string; anchor: string }
  | { ok: false; section: ProfileSection; result: SubmissionResult<string[]> }
  | { ok: false; section: "photos"; error: PhotoRejected["reason"] | "limit" | "duplicate" | "missing" | "unavailable" | "tooMany"; retryAfterSeconds?: number };

/**
 * Saves one section of /profile (the form's `intent`), or uploads, promotes or deletes a photo.
 * Invalid input comes back with the section's errors and what was typed.
 */
export async function submitProfileForm(request: Request, tenant: Tenant, member: CurrentMember): Promise<ProfileFormOutcome | null> {
  let form: FormData;
  let file: Buffer | null = null;
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) {
    const upload = await readPhotoForm(request);
    if (!upload.ok) return { ok: false, section: "photos", error: upload.error };
    ({ form, file } = upload);
  } else {
    form = await request.formData();
  }
  const intent = form.get("intent");
  const saved = (anchor: string): ProfileFormOutcome => ({ ok: true, flash: "profile:edit.saved", anchor });
  switch (intent) {
    case "basics": {
      const askDateOfBirth = tenant.settings.visible_profile_fields.includes("date_of_birth");
      const submission = parseWithZod(form, { schema: basicsSchema({ minAge: tenant.settings.min_age, email: member.email, askDateOfBirth }) });
      if (submission.status !== "success") return { ok: false, section: "basics", result: submission.reply() };
      const { held } = await saveBasics(db(), member.id, { name: submission.value.name, date_of_birth: askDateOfBirth ? submission.value.date_of_birth : undefined }, textReviewOf(tenant));
      return held ? { ok: true, flash: "profile:edit.heldForReview", anchor: "basics" } : saved("basics");
    }
    case "location": {
      const submission = parseWithZod(form, { schema: locationSchema(countriesWithRegions(tenant.countries)) });
      if (submission.status !== "success") return { ok: false, section: "location", result: submission.reply() };
      await saveLocation(db(), member.id, submission.value);
      return saved("location");
    }
    case "personal": {
      const submission = parseWithZod(form, { schema: personalSchema });
      if (submission.status !== "success") return { ok: false, section: "personal", result: submission.reply() };
      await savePersonal(db(), member.id, submission.value, askedPersonalFields(tenant));
      return saved("personal");
    }
    case "interests": {
      const submission = parseWithZod(form, { schema: interestsSchema(tenant.settings.interests) });
      if (submission.status !== "success") return { ok: false, section: "interests", result: submission.reply() };
      await saveInterests(db(), member.id, submission.value.interests);
      return saved("interests");
    }
    case "about": {
      const submission = parseWithZod(form, { schema: aboutSchema });
      if (submission.status !== "success") return { ok: false, section: "about", result: submission.reply() };
      const { held } = await saveAbout(db(), member.id, submission.value.about, textReviewOf(tenant));
      return held ? { ok: true, flash: "profile:edit.heldForReview", anchor: "about" } : saved("about");
    }
    case "upload-photo": {
      if (!file) return { ok: false, section: "photos", error: "missing" };
      const result = await uploadPhoto(db(), storage(), { memberId: member.id, paidUser: member.paidUser, data: file });
      if (!result.ok) return { ok: false, section: "photos", error: result.reason, retryAfterSeconds: "retryAfterSeconds" in result ? result.retryAfterSeconds : undefined };
      return { ok: true, flash: "profile:edit.photos.uploaded", anchor: "photos" };
    }
    case "main-photo":
    case "delete-photo": {
      const photoId = Number(form.get("photo"));
      if (!Number.isSafeInteger(photoId)) return null;
      const done =
        intent === "main-photo" ? await setMainPhoto(db(), storage(), member.id, photoId) : await deletePhoto(db(), storage(), member.id, photoId);
      if (!done) return { ok: false, section: "photos", error: "unavailable" };
      return { ok: true, flash: intent === "main-photo" ? "profile:edit.photos.mainChanged" : "profile:edit.photos.deleted", anchor: "photos" };
    }
    default:
      return null;
  }
}
