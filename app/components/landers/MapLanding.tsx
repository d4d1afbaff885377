import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero, memberSignupPath, MemberCaption } from "./LanderParts";
import { regionNames } from "~/utils/intl-formats";

/**
 * A map of the visitor's country with the towns where members live (docs/product/landers.md#maplanding),
 * drawn as SVG on the server from the bundled places: no map tiles, no third party, no script.
 */
export function MapLanding({ data }: { data: LanderData }) {
  const { t, i18n } = useTranslation("landers");
  const country = data.country ? (regionNames(i18n.language).of(data.country) ?? data.country) : "";
  const map = data.map;
  const byId = new Map(data.members.map((member) => [member.id, member]));
  return (
    <>
      <LanderHero data={data} title={t("maplanding.title")} />
      <div className="mx-auto grid max-w-5xl gap-6 p-4 md:grid-cols-2">
        {map ? (
          <svg viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-label={t("maplanding.label", { country })} className="w-full rounded-2xl bg-white p-2 shadow-sm" data-testid="member-map">
            {map.dots.map(([x, y]) => (
              <circle key={`${x},${y}`} cx={x} cy={y} r={1.1} className="fill-gray-300" />
            ))}
            {map.pins.map((pin) => (
              <g key={`${pin.city}-${pin.x}`}>
                <title>{t("maplanding.city", { city: pin.city, count: pin.members.length })}</title>
                <circle cx={pin.x} cy={pin.y} r={1.6 + Math.min(pin.members.length, 5) * 0.5} className="fill-primary opacity-80" />
              </g>
            ))}
          </svg>
        ) : null}
        <ul className="space-y-2" data-testid="map-members">
          {(map?.pins ?? []).slice(0, 8).map((pin) => {
            const member = byId.get(pin.members[0]!)!;
            return (
              <li key={`${pin.city}-${pin.x}`}>
                <AppLink to={memberSignupPath(member.id)} className="flex items-center gap-3 rounded-xl bg-white p-2 shadow-sm hover:shadow-md">
                  <img src={member.photoUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-full object-cover" />
                  <span className="min-w-0 flex-1">
                    <MemberCaption member={member} fictional={data.fictional} />
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
