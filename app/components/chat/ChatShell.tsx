import ArrowLeft from "lucide-react/icons/arrow-left";
import { AppLink } from "~/components/ui/AppLink";
import { Icon } from "~/components/ui/Icon";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LOW_CREDITS } from "~/models/payments/order-pricing";
import { BottomTabBar } from "~/components/layout/BottomTabBar";
import { useRootData } from "~/root";
import { CookieSettingsLink } from "~/components/consent/CookieSettingsLink";

/**
 * The chat layout's frame (docs/product/chat.md#conversations): a top bar with the way back and the credit badge,
 * the conversation list, and the open conversation. On small screens the list shows only
 * without an open conversation.
 */
export function ChatShell({ credits, paidUser, list, conversationOpen, children }: { credits: number; paidUser: boolean; list: ReactNode; conversationOpen: boolean; children: ReactNode }) {
  const { t } = useTranslation("chat");
  const root = useRootData();
  return (
    <div className="flex h-dvh flex-col bg-gray-50">
      {/* On a phone an open conversation has the whole screen: its own header leads back to the list. */}
      <header className={`items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 py-2 ${conversationOpen ? "hidden md:flex" : "flex"}`}>
        <AppLink to="/members" className="text-sm font-semibold text-gray-700 hover:text-primary max-md:hidden" data-testid="chat-back">
          <Icon icon={ArrowLeft} /> {t("back")}
        </AppLink>
        <h1 className="text-lg font-bold">{t("title")}</h1>
        <CreditBadge credits={credits} />
      </header>
      <div className="flex min-h-0 flex-1">
        <aside className={`${conversationOpen ? "hidden md:flex" : "flex"} w-full flex-col border-r border-gray-200 bg-white md:w-80`} aria-label={t("list.label")}>
          {list}
          {/* The chat layout has no footer: its cookie-settings link closes the list (docs/product/site.md#consent-and-tags). */}
          <p className="mt-auto border-t border-gray-100 px-4 py-2 text-xs text-gray-600">
            <CookieSettingsLink className="hover:text-primary hover:underline" />
          </p>
        </aside>
        <main className={`${conversationOpen ? "flex" : "hidden md:flex"} min-w-0 flex-1 flex-col`}>{children}</main>
      </div>
      {/* The list on a phone keeps the tab bar below it, in the flow, so the list scrolls above it. */}
      {!conversationOpen && root?.member ? (
        <div className="h-[calc(56px+env(safe-area-inset-bottom))] shrink-0 md:hidden">
          <BottomTabBar member={root.member} wallet={{ credits, paidUser }} languages={root.languages} current={root.locale} />
        </div>
      ) : null}
    </div>
  );
}

/** The balance in the top bar: warning colour at LOW_CREDITS or fewer, danger at none (docs/product/chat.md#conversations). */
function CreditBadge({ credits }: { credits: number }) {
  const { t } = useTranslation("chat");
  const colour = credits === 0 ? "bg-danger text-white" : credits <= LOW_CREDITS ? "bg-warning text-gray-900" : "bg-gray-100 text-gray-800";
  return (
    <span className={`whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ${colour}`} title={t("creditsLabel")} data-testid="chat-credits" data-credits={credits}>
      {t("credits", { count: credits })}
    </span>
  );
}
