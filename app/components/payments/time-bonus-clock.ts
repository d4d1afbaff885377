/** docs/product/payments.md#time-bonus: the time-bonus popup opens this long after entering the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
/** docs/product/payments.md#time-bonus: the countdown ticks every second. */
export const COUNTDOWN_TICK_MS = 1_000;

function clockParts(ms: number): [hours: number, minutes: number, seconds: number] {
  const total = Math.max(0, Math.floor(ms / 1000));
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
}

/** Hours, minutes and seconds, zero padded (docs/product/payments.md#time-bonus): 03:59:07. */
export function countdownText(ms: number): string {
  return clockParts(ms)
    .map((part) => String(part).padStart(2, "0"))
    .join(":");
}

/** The same as an ISO 8601 duration, for the `dateTime` of a `<time>` element. */
export function isoDuration(ms: number): string {
  const [hours, minutes, seconds] = clockParts(ms);
  return `PT${hours}H${minutes}M${seconds}S`;
}

/**
 * How long until the shown second changes: whole seconds are shown rounded down, so 2000 ms left
 * still reads 00:00:02 and 1999 ms reads 00:00:01. Ticking on those moments (instead of every
 * 1000 ms from whenever the page opened) never skips or repeats a second when a timer fires late.
 */
export function msToNextTick(remainingMs: number): number {
  return (Math.max(0, remainingMs) % COUNTDOWN_TICK_MS) + 1;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A coarse "in 3 days" for an offer that runs for days, never more than is left: whole days from
 * two days on, whole hours under that, minutes in the last hour.
 */
export function roughlyIn(ms: number): { value: number; unit: "day" | "hour" | "minute" } {
  if (ms >= 2 * DAY_MS) return { value: Math.floor(ms / DAY_MS), unit: "day" };
  if (ms >= HOUR_MS) return { value: Math.floor(ms / HOUR_MS), unit: "hour" };
  return { value: Math.max(1, Math.floor(ms / 60_000)), unit: "minute" };
}
