const HOUR_MS = 3_600_000;

export type Activity = "online" | "today" | "week" | "earlier";

/** How recently a member was active, in the words the landers use (online: the last 15 minutes, as on search cards). */
export function activityOf(lastActiveAt: string, now: number): Activity {
  const idle = now - Date.parse(lastActiveAt);
  if (idle < HOUR_MS / 4) return "online";
  if (idle < 24 * HOUR_MS) return "today";
  if (idle < 7 * 24 * HOUR_MS) return "week";
  return "earlier";
}
