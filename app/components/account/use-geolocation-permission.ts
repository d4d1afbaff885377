import { useSyncExternalStore } from "react";

/**
 * The browser's geolocation permission for this site (docs/product/site.md#location-button):
 * "unsupported" without geolocation, "unknown" where the browser does not say (no Permissions
 * API, or it refuses the question), "checking" until it answered, otherwise its state, kept
 * current by the permission's change event (the person changed it in the site settings, or
 * answered the browser's question).
 */
export type GeolocationPermission = "checking" | "unsupported" | "unknown" | PermissionState;

let current: GeolocationPermission = "checking";
let asked = false;
const listeners = new Set<() => void>();

function settle(permission: GeolocationPermission): void {
  current = permission;
  for (const listener of listeners) listener();
}

/** Asks the browser once per page; its answer object then reports every change. */
function ask(): void {
  if (asked) return;
  asked = true;
  if (!("geolocation" in navigator)) return settle("unsupported");
  if (typeof navigator.permissions?.query !== "function") return settle("unknown");
  navigator.permissions.query({ name: "geolocation" }).then(
    (status) => {
      status.addEventListener("change", () => settle(status.state));
      settle(status.state);
    },
    () => settle("unknown"),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  ask();
  return () => listeners.delete(listener);
}

export function useGeolocationPermission(): GeolocationPermission {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => "checking",
  );
}
