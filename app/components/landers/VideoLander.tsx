import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { memberSignupPath, MemberCaption, NoMembers, SignupCta } from "./LanderParts";
import { SHOT_DELAYS, shotsOf } from "./TransitionsVideo";

/**
 * A phone-sized story video (docs/product/landers.md#video): the pool's photos one after another with
 * a slow pan and progress bars, as CSS animation — nothing filmed, nothing bought, no script.
 */
export function VideoLander({ data }: { data: LanderData }) {
  const { t } = useTranslation("landers");
  const shots = shotsOf(data.members);
  return (
    <section className="px-4 py-8 text-center" aria-labelledby="lander-title">
      <h1 id="lander-title" className="text-2xl font-extrabold md:text-3xl" data-testid="lander-headline">
        {data.headline}
      </h1>
      <p className="mt-1 text-gray-600">{t("video.title")}</p>
      {shots.length > 0 ? (
        <div className="story relative mx-auto mt-6 aspect-[9/16] w-full max-w-xs overflow-hidden rounded-3xl bg-black shadow-2xl" role="img" aria-label={t("video.label")} data-testid="story">
          <div className="absolute inset-x-2 top-2 z-10 flex gap-1" aria-hidden="true">
            {shots.map((_, index) => (
              <span key={index} className="h-1 flex-1 overflow-hidden rounded bg-white/40">
                <span className={`story-bar block h-full origin-left bg-white ${SHOT_DELAYS[index]}`} />
              </span>
            ))}
          </div>
          {shots.map((member, index) => (
            <div key={index} className={`story-shot absolute inset-0 ${SHOT_DELAYS[index]}`}>
              <img src={member.photoUrl} alt="" width={320} height={320} loading={index === 0 ? "eager" : "lazy"} className={`story-pan h-full w-full object-cover ${SHOT_DELAYS[index]}`} />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-4 text-left text-white">
                <MemberCaption member={member} fictional={data.fictional} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <NoMembers />
      )}
      {shots.length > 0 ? (
        <p className="mt-4">
          <AppLink to={memberSignupPath(shots[0]!.id)} className="font-semibold text-primary underline">
            {t("video.watch", { name: shots[0]!.name })}
          </AppLink>
        </p>
      ) : null}
      <div className="mt-6">
        <SignupCta open={data.signupOpen} />
      </div>
    </section>
  );
}
