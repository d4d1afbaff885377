import ArrowLeft from "lucide-react/icons/arrow-left";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { FictionalIcon } from "~/components/members/FictionalIcon";
import type { FictionalMark } from "~/components/members/MemberCard";
import { Icon } from "~/components/ui/Icon";

export interface Partner {
  id: number;
  name: string;
  age: number | null;
  photoUrl: string | null;
  onlineRecently: boolean;
  isFictional: boolean;
}

/** The other member above the messages, with a link to their profile; a fictional profile carries its mark and warning. */
export function ChatHeader({ partner, fictional, typing, conversationId }: { partner: Partner; fictional: FictionalMark & { warning: string }; typing: boolean; conversationId: number | null }) {
  const { t } = useTranslation(["chat", "moderation"]);
  return (
    <div className="border-b border-gray-200 bg-white px-4 py-2">
      <div className="flex items-center gap-3">
        <AppLink to="/chats" className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center text-gray-600 md:hidden" aria-label={t("list.label")} data-testid="chat-list-back">
          <Icon icon={ArrowLeft} />
        </AppLink>
        {/* Named by what it shows, the member's name (WCAG 2.5.3); the typing note is no part of the link. */}
        <AppLink to={`/members/${partner.id}`} className="flex min-w-0 items-center gap-3" data-testid="chat-partner">
          {partner.photoUrl ? (
            <img src={partner.photoUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-primary/20 font-bold text-secondary">
              {partner.name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="block min-w-0 truncate font-semibold" data-testid="chat-partner-name">
            {partner.name}
            {partner.age !== null ? `, ${partner.age}` : ""}
            {partner.isFictional ? <span title={fictional.label}> <FictionalIcon /><span className="sr-only">{fictional.label}</span></span> : null}
          </span>
        </AppLink>
        {/* Always on the page, so a screen reader hears the note when it appears. */}
        <span role="status" className="min-w-0 truncate text-xs text-success">
          {typing ? <span data-testid="chat-typing">{t("typing", { name: partner.name })}</span> : null}
        </span>
        <AppLink
          to={`/members/${partner.id}/report${conversationId ? `?conversation=${conversationId}` : ""}`}
          className="ml-auto shrink-0 text-xs text-gray-600 underline"
          data-testid="chat-report"
        >
          {t("moderation:report.link")}
        </AppLink>
      </div>
      {partner.isFictional ? (
        <p className="mt-1 text-xs text-gray-600" data-testid="chat-fictional-warning">
          {fictional.warning}
        </p>
      ) : null}
    </div>
  );
}
