import { dateTimeFormat } from "~/utils/intl-formats";
/**
 * Days and times in chat are the brand's calendar (its time zone), the same on the server and in
 * the browser; "today" and "yesterday" come from the server so both render alike.
 */
export interface ChatClock {
  timeZone: string;
  locale: string;
  /** YYYY-MM-DD in the brand's time zone. */
  today: string;
  yesterday: string;
}

/** The brand's calendar day of a moment, as YYYY-MM-DD. */
export function dayOf(date: Date, timeZone: string): string {
  return dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}

/** The calendar day before a YYYY-MM-DD day (not "24 hours ago", which a clock change can make two days). */
export function dayBefore(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
