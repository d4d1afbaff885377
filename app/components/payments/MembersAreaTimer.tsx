import { useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { inMembersArea } from "~/models/notifications/alert-routes";
import { TIME_BONUS_MODAL_DELAY_MS } from "./time-bonus-clock";

const Due = createContext(false);

/**
 * docs/product/payments.md#time-bonus: the time-bonus popup opens 40 s after entering the members area and leaving
 * the area cancels that. The clock sits in the root so that moving within the area keeps it
 * running, also from one layout to the other (/members in the default layout, /chats in the
 * chat layout); whether the popup then shows is the layout's part (useTimeBonusDue).
 */
export function MembersAreaTimer({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const inArea = inMembersArea(pathname);
  const [due, setDue] = useState(false);
  // Leaving the area ends the visit; entering again starts a new one from zero.
  const [visiting, setVisiting] = useState(inArea);
  if (visiting !== inArea) {
    setVisiting(inArea);
    setDue(false);
  }

  useEffect(() => {
    if (!inArea) return;
    // The visit's start, by the page's clock, on the document while it lasts: the popup is due
    // TIME_BONUS_MODAL_DELAY_MS after it (the browser tests time the popup from it).
    const root = document.documentElement;
    root.dataset.membersAreaSince = String(Date.now());
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      delete root.dataset.membersAreaSince;
    };
  }, [inArea]);

  return <Due.Provider value={due && inArea}>{children}</Due.Provider>;
}

/** Whether the member has been in the members area for the popup's delay, on this visit. */
export function useTimeBonusDue(): boolean {
  return useContext(Due);
}
