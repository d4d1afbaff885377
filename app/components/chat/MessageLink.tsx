import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";

/**
 * Writes to a member: their conversation, or an empty one to start (the chat route sends an
 * existing conversation's page instead). For profiles, like lists, matches and the matchfinder.
 */
export function MessageLink({ memberId, compact = false }: { memberId: number; compact?: boolean }) {
  const { t } = useTranslation("members");
  return (
    <AppLink to={`/members/${memberId}/chat`} className={`btn-outline ${compact ? "block w-full px-3 py-1 text-center text-sm" : ""}`} data-testid="action-message">
      {t("profile.message")}
    </AppLink>
  );
}
