import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.server";
import { preparedPerDatabase, prepareTimed } from "../../../db/prepared.server";
import { blocks, members, photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import type { Tenant } from "~/tenancy/schema";
import { ageOn } from "~/utils/age";
import { regionsOf } from "~/domain/places";
import { PERSONAL_COLUMNS } from "./profile-update.server";
import type { CurrentMember } from "~/models/members/current-member";
import { ONLINE_WINDOW_MS } from "~/models/members/member-cards.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";

export type ViewPhoto =
  | { id: number; locked: false; url: string; thumbUrl: string; pending: boolean }
  /** Locked for this viewer: only a tiny blurred copy travels to the browser, never the photo. */
  | { id: number; locked: true; preview: string | null };

/** Why this viewer sees locked photos: visitors are asked to log in, free members to go premium. */
export type PhotoLock = "none" | "login" | "premium";

export interface ProfileView {
  id: number;
  name: string;
  age: number | null;
  gender: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  details: Partial<Record<keyof typeof DETAIL_KEYS, string>>;
  interests: string[];
  about: string | null;
  isFictional: boolean;
  onlineRecently: boolean;
  photos: ViewPhoto[];
  photoLock: PhotoLock;
  isOwn: boolean;
  /** The viewer blocked this member (they may still look, to unblock). */
  blockedByViewer: boolean;
}

/** Profile details by their field name in visible_profile_fields (gender is shown on its own). */
const { gender: _gender, ...DETAIL_KEYS } = PERSONAL_COLUMNS;

/**
 * A profile as this viewer may see it, or null (a 404) when it is not theirs to see: another
 * member pool, a disabled, deleting or deleted account, an invisible member, or one who blocked
 * the viewer. The brand's visible_profile_fields decide which details are shown; the birth date
 * never leaves the server, only the age.
 */
export async function viewProfile(
  db: Database,
  storage: Storage,
  input: { tenant: Tenant; viewer: CurrentMember | null; memberId: number; now?: Date },
): Promise<ProfileView | null> {
  const { tenant, viewer, memberId } = input;
  const now = input.now ?? new Date();
  const isOwn = viewer?.id === memberId;
  // Member ids start at 1: a visitor (0) has no blocks and no photos of their own.
  const [row] = await profileLookup(db).execute({ memberId, pool: tenant.pool, viewerId: viewer?.id ?? 0 });
  if (!row) return null;
  if (!isOwn) {
    if (row.status !== "active" && row.status !== "not_confirmed") return null;
    if (row.invisible || !row.profile.listed) return null;
    if (row.profile.shownOn && !row.profile.shownOn.includes(tenant.id)) return null;
    if (row.blocks.includes("owner")) return null;
  }

  const visible = new Set<string>(tenant.settings.visible_profile_fields);
  const profile = row.profile;
  const photoLock: PhotoLock = isOwn || viewer?.paidUser ? "none" : viewer ? "premium" : "login";
  const details: ProfileView["details"] = {};
  for (const [field, key] of Object.entries(DETAIL_KEYS) as [keyof typeof DETAIL_KEYS, (typeof DETAIL_KEYS)[keyof typeof DETAIL_KEYS]][]) {
    const value = profile[key];
    if (visible.has(field) && typeof value === "string") details[field] = value;
  }
  return {
    id: profile.memberId,
    name: profile.name,
    age: visible.has("date_of_birth") && profile.birthDate ? ageOn(profile.birthDate, now) : null,
    gender: visible.has("gender") ? profile.gender : null,
    country: visible.has("country") ? profile.country : null,
    region: visible.has("region") && profile.country && profile.region ? (regionsOf(profile.country).find((r) => r.code === profile.region)?.name ?? null) : null,
    city: visible.has("city") ? profile.city : null,
    details,
    interests: visible.has("interests") ? profile.interests.filter((i) => (tenant.settings.interests as readonly string[]).includes(i)) : [],
    about: visible.has("about") ? profile.about : null,
    isFictional: profile.isFictional,
    onlineRecently: now.getTime() - profile.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
    photos: viewPhotos(row.photos, profile.mainPhotoId, storage, photoLock !== "none"),
    photoLock,
    isOwn,
    blockedByViewer: row.blocks.includes("viewer"),
  };
}

interface PhotoRow {
  id: number;
  storageKey: string;
  thumbKey: string;
  preview: string | null;
  status: string;
}

/**
 * The profile, its owner's state, the blocks between it and the viewer, and its photos, in one
 * prepared statement (each statement is a round trip: bench/RESULTS.md, "Request path, part
 * four"). The photos: main photo first; others see approved photos only, the owner also those
 * being checked.
 */
const profileLookup = preparedPerDatabase((db: Database) => {
  const viewerId = sql.placeholder("viewerId");
  const memberId = sql.placeholder("memberId");
  return prepareTimed(
    db
      .select({
        profile: profiles,
        status: members.status,
        invisible: members.invisible,
        blocks: sql<string[]>`array(select case when ${blocks.blockerId} = ${viewerId} then 'viewer' else 'owner' end from ${blocks}
            where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberId})
               or (${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId}))`,
        photos: sql<PhotoRow[]>`coalesce((select json_agg(json_build_object('id', p.id, 'storageKey', p.storage_key, 'thumbKey', p.thumb_key, 'preview', p.preview, 'status', p.status)
            order by p.id = ${profiles.mainPhotoId} desc, p.position, p.id)
          from ${photos} p
          where p.member_id = ${profiles.memberId}
            and (case when ${profiles.memberId} = ${viewerId} then p.status <> 'rejected' else p.status = 'active' end)), '[]'::json)`,
      })
      .from(profiles)
      .innerJoin(members, eq(members.id, profiles.memberId))
      .where(and(eq(profiles.memberId, memberId), eq(profiles.pool, sql.placeholder("pool")))),
    "profile_view",
  );
});

/**
 * The photos as this viewer gets them: beyond the first, locked unless the viewer may see all.
 * Only the face — the main photo, approved — is in the public storage area; every other photo
 * (also a first one that is not the face, while the main photo is being checked) comes through a
 * short-lived link, so a link passed on stops working (review L-3).
 */
function viewPhotos(rows: PhotoRow[], mainPhotoId: number | null, storage: Storage, lockBeyondFirst: boolean): ViewPhoto[] {
  return rows.map((photo, index): ViewPhoto => {
    if (lockBeyondFirst && index > 0) return { id: photo.id, locked: true, preview: photo.preview };
    const face = photo.id === mainPhotoId && photo.status === "active";
    return {
      id: photo.id,
      locked: false,
      url: face ? storage.publicUrl(photo.storageKey) : signedMediaUrl(photo.storageKey),
      thumbUrl: face ? storage.publicUrl(photo.thumbKey) : signedMediaUrl(photo.thumbKey),
      pending: photo.status === "pending",
    };
  });
}
