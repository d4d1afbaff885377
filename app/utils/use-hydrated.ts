import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False during the server render and hydration, true afterwards: for browser-only controls. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
