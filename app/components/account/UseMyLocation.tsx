import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiCall } from "~/utils/api-call";
import { useGeolocationPermission } from "./use-geolocation-permission";

export interface FoundPlace {
  country: string;
  region: string;
  city: string;
}

type State = "idle" | "locating" | "denied" | "failed" | "found";

/**
 * Optional browser geolocation: the position is sent to /api/geocode, which answers with the
 * nearest known city; nothing is stored until the member saves the form. Offered only where the
 * browser may still give the position: where the site is denied it, a hint says how to allow it
 * instead (docs/product/site.md#location-button).
 */
export function UseMyLocation({ onFound }: { onFound: (place: FoundPlace) => void }) {
  const { t } = useTranslation(["account", "common"]);
  const permission = useGeolocationPermission();
  const [state, setState] = useState<State>("idle");
  if (permission === "checking" || permission === "unsupported") return null;
  if (permission === "denied") {
    return (
      <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700" data-testid="location-blocked">
        {t("common:location.blocked")}
      </p>
    );
  }

  function locate() {
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        const response = await apiCall(`/api/geocode?lat=${coords.latitude.toFixed(4)}&lon=${coords.longitude.toFixed(4)}`);
        const place = response && response.ok ? ((await response.json()) as FoundPlace | false) : false;
        if (place) {
          onFound(place);
          setState("found");
        } else {
          setState("failed");
        }
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "failed"),
      { maximumAge: 60 * 60 * 1000, timeout: 15_000 },
    );
  }

  return (
    <div className="rounded-lg bg-gray-50 p-3 text-sm">
      <button type="button" onClick={locate} className="btn-outline px-3 py-1" disabled={state === "locating"} data-testid="use-my-location">
        {t("completeSignup.location.useMine")}
      </button>
      {state !== "idle" && state !== "locating" ? <p className="mt-2 text-gray-600">{t(`completeSignup.location.${state}`)}</p> : null}
    </div>
  );
}
