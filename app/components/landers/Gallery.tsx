import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero, memberSignupPath, MemberCaption, NoMembers } from "./LanderParts";

/** A gallery of member cards, each leading to the signup with that member (docs/product/landers.md#gallery). */
export function Gallery({ data }: { data: LanderData }) {
  const { t } = useTranslation("landers");
  return (
    <>
      <LanderHero data={data} title={t("gallery.title", { siteName: data.siteName })} />
      <ul className="mx-auto grid max-w-5xl grid-cols-2 gap-3 p-4 sm:grid-cols-3 md:grid-cols-4" data-testid="gallery">
        {data.members.slice(0, 12).map((member, index) => (
          <li key={member.id} className="overflow-hidden rounded-xl bg-white shadow-sm">
            <AppLink to={memberSignupPath(member.id)} className="block">
              <img src={member.photoUrl} alt="" width={320} height={320} loading={index < 4 ? "eager" : "lazy"} className="aspect-square w-full object-cover" />
              <span className="block p-2">
                <MemberCaption member={member} fictional={data.fictional} />
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {data.members.length === 0 ? <NoMembers /> : null}
    </>
  );
}
