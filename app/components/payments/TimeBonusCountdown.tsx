import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { countdownText, isoDuration, msToNextTick } from "./time-bonus-clock";

/**
 * The time left of `ms` from now (the server's measure, so a wrong browser clock does not
 * matter), updated every second. At zero it stops and the page's data is loaded again, which
 * then no longer holds the time bonus (docs/product/payments.md#time-bonus: the countdown stops at zero).
 */
export function useCountdown(ms: number): number {
  const [end] = useState(() => Date.now() + ms);
  const [now, setNow] = useState(() => Date.now());
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        revalidate.current();
        return;
      }
      timer = setTimeout(tick, msToNextTick(end - current));
    };
    if (Date.now() < end) timer = setTimeout(tick, msToNextTick(end - Date.now()));
    return () => clearTimeout(timer);
  }, [end]);

  return Math.max(0, end - now);
}

/** Hours, minutes and seconds left, zero padded: 03:59:07. */
export function TimeBonusCountdown({ remainingMs, testId = "time-bonus-countdown", className = "" }: { remainingMs: number; testId?: string; className?: string }) {
  return (
    <time role="timer" dateTime={isoDuration(remainingMs)} className={`font-mono font-bold tabular-nums ${className}`} data-testid={testId} suppressHydrationWarning>
      {countdownText(remainingMs)}
    </time>
  );
}
