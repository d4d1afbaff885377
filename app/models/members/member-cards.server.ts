// The member card every list shows (search, likes, matches, matchfinder, chat) and the keyset
// cursor those lists page with.
import { and, eq } from "drizzle-orm";
import { photos, profiles } from "../../../db/schema";
import type { Storage } from "~/services/storage/storage";
import { ageOn } from "~/utils/age";

export interface MemberCard {
  id: number;
  name: string;
  age: number | null;
  city: string | null;
  photoUrl: string | null;
  onlineRecently: boolean;
  isFictional: boolean;
  /** Whether the searching member liked this one (search results for members only). */
  liked?: boolean;
}

/** Keyset position: the last_active_at (as PostgreSQL prints it, to the microsecond) and member id. */
export interface Cursor {
  at: string;
  id: number;
}

/** "Online" on a card: active within this window. */
export const ONLINE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Others see a member's photo only once it is approved: the join of a profile to its main photo
 * when that photo is active. A photo being checked or rejected shows as no photo
 * (docs/product/profiles.md#photos).
 */
export const approvedMainPhoto = and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active"))!;

/** The columns a card is made of; queries that make cards select these (photos joined on the approved main photo). */
export const cardColumns = {
  id: profiles.memberId,
  name: profiles.name,
  birthDate: profiles.birthDate,
  city: profiles.city,
  isFictional: profiles.isFictional,
  lastActiveAt: profiles.lastActiveAt,
  thumbKey: photos.thumbKey,
};

export interface CardRow {
  id: number;
  name: string;
  birthDate: string | null;
  city: string | null;
  isFictional: boolean;
  lastActiveAt: Date;
  thumbKey: string | null;
}

export function toMemberCard(row: CardRow, storage: Storage, now: Date): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: row.birthDate ? ageOn(row.birthDate, now) : null,
    city: row.city,
    photoUrl: row.thumbKey ? storage.publicUrl(row.thumbKey) : null,
    onlineRecently: now.getTime() - row.lastActiveAt.getTime() < ONLINE_WINDOW_MS,
    isFictional: row.isFictional,
  };
}

/** Cards as a brand shows them: no age or city when its visible_profile_fields leave them out. */
export function cardsAsShown<T extends MemberCard>(cards: T[], visibleFields: readonly string[]): T[] {
  const age = visibleFields.includes("date_of_birth");
  const city = visibleFields.includes("city");
  if (age && city) return cards;
  return cards.map((card) => ({ ...card, age: age ? card.age : null, city: city ? card.city : null }));
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString("base64url");
}

/** A cursor from a URL; anything malformed means "from the start". */
export function decodeCursor(value: string | null): Cursor | null {
  if (!value || value.length > 200) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, "base64url").toString()) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as [unknown, unknown];
    if (typeof at !== "string" || !isTimestamp(at)) return null;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/** A timestamp as PostgreSQL prints one (`2026-11-21 10:15:00.123456+00`) that is a real moment. */
function isTimestamp(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}
