import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { InterestIcon } from "~/components/members/interest-icons";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero } from "./LanderParts";

/** An icon grid of the brand's interests, each with the faces of members who share it (docs/product/landers.md#iconslanding). */
export function IconsLanding({ data }: { data: LanderData }) {
  const { t } = useTranslation(["landers", "profile"]);
  return (
    <>
      <LanderHero data={data} title={t("iconslanding.title")} />
      <ul className="mx-auto grid max-w-4xl grid-cols-2 gap-3 p-4 sm:grid-cols-3 md:grid-cols-4" data-testid="interest-grid">
        {data.interests.map((interest) => {
          const sharing = data.members.filter((member) => member.interests.includes(interest));
          return (
            <li key={interest}>
              <AppLink to={data.signupOpen ? "/signup" : "/login"} className="flex h-full flex-col items-center rounded-2xl bg-white p-4 text-center shadow-sm hover:shadow-md">
                <InterestIcon interest={interest} className="text-4xl text-primary" />
                <span className="mt-2 font-semibold">{t(`profile:interests.${interest}`)}</span>
                {sharing.length > 0 ? (
                  <span className="mt-2 flex -space-x-2" aria-hidden="true">
                    {sharing.slice(0, 3).map((member) => (
                      <img key={member.id} src={member.photoUrl} alt="" width={28} height={28} loading="lazy" className="h-7 w-7 rounded-full border-2 border-white object-cover" />
                    ))}
                  </span>
                ) : null}
                <span className="mt-1 text-xs text-gray-500">{t("iconslanding.members", { count: sharing.length })}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </>
  );
}
