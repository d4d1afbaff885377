import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * For list pages whose cards post likes to the page itself: the list is not reloaded after such a
 * post, so a liked card stays in place with its new state (and its match modal). Layout loaders,
 * such as the badges, decide for themselves.
 */
export const keepListAfterOwnPost: ShouldRevalidateFunction = ({ formMethod, formAction, currentUrl, defaultShouldRevalidate }) => {
  if (formMethod?.toUpperCase() === "POST" && formAction && new URL(formAction, currentUrl).pathname === currentUrl.pathname) return false;
  return defaultShouldRevalidate;
};
