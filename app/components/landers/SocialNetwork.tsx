import Heart from "lucide-react/icons/heart";
import MessageCircle from "lucide-react/icons/message-circle";
import { AppLink } from "~/components/ui/AppLink";
import { Icon } from "~/components/ui/Icon";
import { useTranslation } from "react-i18next";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { LanderHero, memberSignupPath, type LanderMemberData } from "./LanderParts";

/**
 * A social-network style feed of the pool (docs/product/landers.md#socialnetwork). Every post says only
 * what is true of the profile (new here, an interest, a photo): no words are put in a member's mouth.
 */
export function SocialNetwork({ data }: { data: LanderData }) {
  const { t } = useTranslation(["landers", "profile"]);
  const post = (member: LanderMemberData, index: number): string => {
    const interest = member.interests[0];
    if (index % 3 === 1 && interest) return t("socialnetwork.likes", { name: member.name, interest: t(`profile:interests.${interest}`) });
    if (index % 3 === 2) return t("socialnetwork.photo", { name: member.name });
    return member.age !== null && member.city ? t("socialnetwork.joined", { name: member.name, age: member.age, city: member.city }) : t("socialnetwork.joinedNoAge", { name: member.name });
  };
  const action = data.signupOpen ? "/signup" : "/login";
  return (
    <>
      <LanderHero data={data} title={t("socialnetwork.title", { siteName: data.siteName })} />
      <ol className="mx-auto max-w-lg space-y-4 p-4" data-testid="social-feed">
        {data.members.slice(0, 8).map((member, index) => (
          <li key={member.id} className="overflow-hidden rounded-2xl bg-white shadow-sm">
            <AppLink to={memberSignupPath(member.id)} className="flex items-center gap-3 p-3">
              <img src={member.photoUrl} alt="" width={40} height={40} loading={index < 2 ? "eager" : "lazy"} className="h-10 w-10 rounded-full object-cover" />
              <span className="font-semibold">{post(member, index)}</span>
            </AppLink>
            <img src={member.photoUrl} alt="" width={320} height={320} loading={index < 1 ? "eager" : "lazy"} className="aspect-square w-full object-cover" />
            <div className="flex gap-2 border-t border-gray-100 p-2">
              <AppLink to={action} className="btn flex-1 text-gray-700 hover:bg-gray-100">
                <Icon icon={Heart} /> {t("socialnetwork.like")}
              </AppLink>
              <AppLink to={action} className="btn flex-1 text-gray-700 hover:bg-gray-100">
                <Icon icon={MessageCircle} /> {t("socialnetwork.comment")}
              </AppLink>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
