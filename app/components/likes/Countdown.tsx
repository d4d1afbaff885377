import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";

function parts(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, "0")).join(":");
}

/**
 * Hours, minutes and seconds for `ms` from now (the server's measure, so a wrong browser clock
 * does not matter), zero padded, ticking every second; at zero the page reloads its data.
 */
export function Countdown({ ms, testId }: { ms: number; testId: string }) {
  const [end] = useState(() => Date.now() + ms);
  const revalidator = useRevalidator();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= end) {
        clearInterval(timer);
        revalidator.revalidate();
      }
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [end]);
  return (
    <time className="font-mono text-3xl font-bold tabular-nums" data-testid={testId} suppressHydrationWarning>
      {parts(end - now)}
    </time>
  );
}
