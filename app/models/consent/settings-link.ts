/** The query parameter of the footer's cookie-settings link: the page opens with the choice (docs/product/site.md#consent-and-tags). */
export const COOKIE_SETTINGS_PARAM = "cookie-settings";

/** The address of the current page with the cookie choice open. */
export function cookieSettingsHref(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.set(COOKIE_SETTINGS_PARAM, "");
  return `${pathname}?${params.toString().replace(`${COOKIE_SETTINGS_PARAM}=`, COOKIE_SETTINGS_PARAM)}`;
}
