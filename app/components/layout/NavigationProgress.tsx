import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** A navigation quicker than this shows no bar (docs/product/site.md#progress-bar). */
export const PROGRESS_THROTTLE_MS = 200;
/** After the bar filled, it fades out over this long. */
const FINISH_MS = 300;

/**
 * The loading bar at the top of every page: shown once a navigation takes longer than 200 ms,
 * creeping toward the end over 5 s (tailwind `animate-progress-run`), filled and faded when the
 * page is there.
 */
export function NavigationProgress() {
  const { t } = useTranslation("common");
  const loading = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "finishing">("hidden");
  useEffect(() => {
    // Loading: the bar appears after the throttle. Done: a bar that showed fills and fades.
    const timer = loading
      ? setTimeout(() => setPhase("running"), PROGRESS_THROTTLE_MS)
      : setTimeout(() => setPhase((current) => (current === "running" ? "finishing" : "hidden")), 0);
    return () => clearTimeout(timer);
  }, [loading]);
  useEffect(() => {
    if (phase !== "finishing") return;
    const timer = setTimeout(() => setPhase("hidden"), FINISH_MS);
    return () => clearTimeout(timer);
  }, [phase]);
  if (phase === "hidden") return null;
  return (
    <div role="progressbar" aria-label={t("nav.loading")} aria-busy={phase === "running"} className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1" data-testid="navigation-progress" data-phase={phase}>
      <div className={`h-full bg-primary motion-reduce:animate-none ${phase === "running" ? "animate-progress-run" : "w-full opacity-0 transition-opacity duration-300"}`} />
    </div>
  );
}
