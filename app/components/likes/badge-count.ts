/** docs/product/notifications.md#badges-and-title: badges cap at 99+. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** The page title with the unread sum in brackets in front (docs/product/notifications.md#badges-and-title), without an older one. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\+?\) /, "");
  return count > 0 ? `(${badgeText(count)}) ${bare}` : bare;
}
