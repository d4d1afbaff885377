import { ageOn } from "~/utils/age";

/** True for a real calendar date written YYYY-MM-DD, not in the future, at most 120 years ago. */
export function isPlausibleBirthDate(value: string, now = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (date.getTime() > now.getTime()) return false;
  return ageOn(value, now) <= 120;
}

/** The date `years` years before `today` (YYYY-MM-DD): born on or before it means at least that old today. */
export function dateYearsBefore(today: Date, years: number): string {
  return new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate())).toISOString().slice(0, 10);
}
