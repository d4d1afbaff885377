import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** Reloads the page's data every few seconds while its tab is on screen: staff see new messages without reloading. */
export function useRefresh(seconds: number) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle") revalidate();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [revalidate, seconds, state]);
}
