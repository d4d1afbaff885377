import { dateTimeFormat } from "~/utils/intl-formats";
/** The calendar date (YYYY-MM-DD) of a moment in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Minutes the zone is ahead of UTC at that moment. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    dateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  );
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The moment a calendar date begins in a time zone. */
function startOfDay(timeZone: string, day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, date);
  // The offset at local midnight; asked twice because it may differ from the offset at UTC midnight.
  const first = midnightUtc - offsetMinutes(timeZone, new Date(midnightUtc)) * 60_000;
  let start = new Date(midnightUtc - offsetMinutes(timeZone, new Date(first)) * 60_000);
  // Where clocks jump forward at midnight, local midnight does not exist: the day begins at the
  // first moment that carries its date.
  while (dayIn(timeZone, start) !== day) start = new Date(start.getTime() + 15 * 60_000);
  return start;
}

/** Today in a time zone: its date, when it began and when the next day begins. */
export function dayBounds(timeZone: string, now: Date): { day: string; start: Date; next: Date } {
  const day = dayIn(timeZone, now);
  const start = startOfDay(timeZone, day);
  const tomorrow = dayIn(timeZone, new Date(start.getTime() + 36 * 60 * 60 * 1000));
  return { day, start, next: startOfDay(timeZone, tomorrow) };
}
