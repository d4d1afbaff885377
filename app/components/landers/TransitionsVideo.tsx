import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero, memberSignupPath, MemberCaption, type LanderMemberData } from "./LanderParts";

/** The film's six shots, each four seconds (the .film-* keyframes in app/tailwind.css are made for six). */
export const SHOTS = 6;
const TRANSITIONS = ["film-fade", "film-slide", "film-zoom"] as const;
/** Each shot's start in the loop (app/tailwind.css); classes, as the content security policy allows no inline style. */
export const SHOT_DELAYS = ["shot-0", "shot-1", "shot-2", "shot-3", "shot-4", "shot-5"] as const;

/** Six faces for the six shots, repeating the pool's when it has fewer. */
export function shotsOf(members: readonly LanderMemberData[]): LanderMemberData[] {
  return members.length === 0 ? [] : Array.from({ length: SHOTS }, (_, index) => members[index % members.length]!);
}

/**
 * A short film made of member photos with changing transitions (docs/product/landers.md#transitionsvideolanding):
 * CSS animation over the pool's own photos, no stock footage, no script. With reduced motion it is a still grid.
 */
export function TransitionsVideo({ data }: { data: LanderData }) {
  const { t } = useTranslation("landers");
  const shots = shotsOf(data.members);
  return (
    <>
      <LanderHero data={data} title={t("transitionsvideolanding.title", { siteName: data.siteName })}>
        {shots.length > 0 ? (
          // The film is a moving picture, told to screen readers in words; its shots are shortcuts for a
          // pointer only (the page's own button leads to the signup), so no hidden link takes the focus.
          <div className="film relative mx-auto mt-4 aspect-video w-full max-w-2xl overflow-hidden rounded-2xl bg-black shadow-2xl" data-testid="film">
            <p className="sr-only">{t("transitionsvideolanding.label")}</p>
            {shots.map((member, index) => (
              <a
                key={index}
                href={memberSignupPath(member.id)}
                tabIndex={-1}
                aria-hidden="true"
                className={`film-shot ${TRANSITIONS[index % TRANSITIONS.length]} ${SHOT_DELAYS[index]} absolute inset-0`}
              >
                <img src={member.photoUrl} alt="" width={320} height={320} loading={index === 0 ? "eager" : "lazy"} className="h-full w-full object-cover" />
                <span className="absolute bottom-3 left-3 rounded-lg bg-black/60 px-3 py-1 text-left text-white">
                  <MemberCaption member={member} fictional={data.fictional} />
                </span>
              </a>
            ))}
          </div>
        ) : null}
      </LanderHero>
    </>
  );
}
