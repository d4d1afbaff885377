import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { titleWithCount } from "./badge-count";

interface BadgeNavigator {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/**
 * Puts the sum of unread messages and new likes in front of the page title, and on the app icon
 * where the browser supports it (docs/product/notifications.md#badges-and-title). Renders nothing.
 */
export function AttentionCount({ count }: { count: number }) {
  const location = useLocation();
  useEffect(() => {
    document.title = titleWithCount(document.title, count);
    const badge = navigator as Navigator & BadgeNavigator;
    const update = count > 0 ? badge.setAppBadge?.(count) : badge.clearAppBadge?.();
    update?.catch(() => undefined);
  }, [count, location.key]);
  return null;
}
