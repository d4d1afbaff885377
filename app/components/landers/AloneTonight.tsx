import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero, memberSignupPath, MemberCaption, NoMembers } from "./LanderParts";
import { regionNames } from "~/utils/intl-formats";

/** "Who is alone tonight near you" (docs/product/landers.md#alonetonight): the most recently active first, with how recently. */
export function AloneTonight({ data }: { data: LanderData }) {
  const { t, i18n } = useTranslation("landers");
  const place = data.country ? (regionNames(i18n.language).of(data.country) ?? data.country) : "";
  return (
    <>
      <LanderHero data={data} title={t("alonetonight.title", { place })} />
      <ul className="mx-auto max-w-2xl divide-y divide-gray-200 bg-white" data-testid="alone-list">
        {data.members.slice(0, 12).map((member, index) => (
          <li key={member.id}>
            <AppLink to={memberSignupPath(member.id)} className="flex items-center gap-4 p-3 hover:bg-gray-50">
              <img src={member.photoUrl} alt="" width={64} height={64} loading={index < 4 ? "eager" : "lazy"} className="h-16 w-16 rounded-full object-cover" />
              <span className="min-w-0 flex-1">
                <MemberCaption member={member} fictional={data.fictional} />
              </span>
              <span className={`whitespace-nowrap text-sm ${member.activity === "online" ? "font-semibold text-success" : "text-gray-500"}`}>
                {member.activity === "online" ? "● " : ""}
                {t(`alonetonight.${member.activity}`)}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {data.members.length === 0 ? <NoMembers /> : null}
    </>
  );
}
