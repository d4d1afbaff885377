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

/**
 * Every time zone's offset, and every change of it, falls on a quarter of an hour: within one
 * quarter the day is the same. A conversation asks for the day of each message twice per render,
 * and formatting a date is the dearer part of that.
 */
const QUARTER_MS = 15 * 60_000;
const knownDays = new Map<string, string>();

/** The brand's calendar day of a moment, as YYYY-MM-DD. */
export function dayOf(date: Date, timeZone: string): string {
  const key = `${timeZone}|${Math.floor(date.getTime() / QUARTER_MS)}`;
  let day = knownDays.get(key);
  if (day === undefined) {
    day = dateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
    if (knownDays.size >= 10_000) knownDays.clear();
    knownDays.set(key, day);
  }
  return day;
}

/** The conversation list's time of a last message: the time today, "yesterday", else the date. */
export function listTime(clock: ChatClock, yesterday: string): (at: Date) => string {
  const time = dateTimeFormat(clock.locale, { timeZone: clock.timeZone, hour: "2-digit", minute: "2-digit" });
  const date = dateTimeFormat(clock.locale, { timeZone: clock.timeZone, day: "numeric", month: "short" });
  return (at: Date) => {
    const day = dayOf(at, clock.timeZone);
    return day === clock.today ? time.format(at) : day === clock.yesterday ? yesterday : date.format(at);
  };
}

/** The calendar day before a YYYY-MM-DD day (not "24 hours ago", which a clock change can make two days). */
export function dayBefore(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - 1)).toISOString().slice(0, 10);
}
