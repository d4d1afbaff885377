import { useLocation } from "@remix-run/react";
import { LogoutButton } from "./LogoutButton";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/domain/languages";
import { badgeText } from "~/components/likes/badge-count";
import { AppLink, AppNavLink, leadsTo } from "~/components/ui/AppLink";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { useLayoutBadges } from "./layout-badges";
import { TabIcon, type TabIconName } from "./tab-icons";
import type { NavMember, NavWallet } from "./TopNav";

/** The pages the member's own menu leads to: its tab is the current place there. */
const MENU_PAGES = ["/profile", "/notifications", "/settings", "/credits", "/premium", "/transactions"];

/**
 * A member's places on a phone (docs/product/site.md#phone-layout): a fixed bar at the bottom of the screen, in reach
 * of the thumb, with the start page, search, likes and messages (with their badges) and the member's
 * own menu. Hidden from 768 px on, where the top navigation has the same links.
 */
export function BottomTabBar({ member, wallet, languages, current }: { member: NavMember; wallet: NavWallet | null; languages: Language[]; current: Language }) {
  const { t } = useTranslation("common");
  const badges = useLayoutBadges();
  return (
    <nav
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      aria-label={t("nav.tabs")}
      data-testid="tab-bar"
    >
      <ul className="mx-auto flex max-w-lg">
        <Tab to="/" end icon="home" label={t("nav.start")} testId="tab-start" />
        <Tab to="/members" icon="search" label={t("nav.search")} testId="tab-search" />
        <Tab to="/likes" icon="heart" label={t("nav.likes")} testId="tab-likes" badge={<TabBadge count={badges.likes} label={t("nav.newLikes", { count: badges.likes })} testId="tab-likes-badge" />} />
        <Tab
          to="/chats"
          icon="messages"
          label={t("nav.messages")}
          testId="tab-messages"
          badge={<TabBadge count={badges.messages} label={t("nav.unreadMessages", { count: badges.messages })} testId="tab-messages-badge" colour="bg-unread" />}
        />
        <li className="flex-1">
          <MemberMenu member={member} wallet={wallet} languages={languages} current={current} />
        </li>
      </ul>
    </nav>
  );
}

const tabClass = (active: boolean) =>
  `relative flex min-h-[56px] w-full flex-col items-center justify-center gap-0.5 px-1 text-[11px] font-semibold ${active ? "text-primary" : "text-gray-600"}`;

function Tab({ to, end = false, icon, label, testId, badge }: { to: string; end?: boolean; icon: TabIconName; label: string; testId: string; badge?: ReactNode }) {
  return (
    <li className="flex-1">
      <AppNavLink to={to} end={end} className={({ isActive }) => tabClass(isActive)} data-testid={testId}>
        <span className="relative">
          <TabIcon name={icon} />
          {badge}
        </span>
        <span className="max-w-full truncate">{label}</span>
      </AppNavLink>
    </li>
  );
}

function TabBadge({ count, label, testId, colour = "bg-primary" }: { count: number; label: string; testId: string; colour?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`absolute -right-3 -top-1.5 inline-flex min-w-[1.25rem] items-center justify-center rounded-full ${colour} px-1 text-[11px] font-bold leading-5 text-white`} data-testid={testId}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * The member's own tab: a menu that opens above the bar (a disclosure, so it works without
 * JavaScript) with their profile, settings, credits or premium, the language and logging out.
 */
function MemberMenu({ member, wallet, languages, current }: { member: NavMember; wallet: NavWallet | null; languages: Language[]; current: Language }) {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const here = MENU_PAGES.some((page) => leadsTo(pathname, page, false));
  // A link in the menu leads to another page: the menu closes behind it.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  return (
    <details ref={menu} className="group" data-testid="tab-me">
      <summary className={`${tabClass(here)} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-current={here ? "page" : undefined}>
        {member.thumbUrl ? (
          <img src={member.thumbUrl} alt="" width={24} height={24} className={`h-6 w-6 rounded-full object-cover ${here ? "ring-2 ring-primary" : ""}`} />
        ) : (
          <TabIcon name="user" />
        )}
        <span className="max-w-full truncate">{t("nav.me")}</span>
      </summary>
      <div className="fixed inset-x-0 bottom-[calc(56px+env(safe-area-inset-bottom))] max-h-[70dvh] overflow-y-auto rounded-t-2xl border-t border-gray-200 bg-white p-4 text-left text-base shadow-2xl" data-testid="member-menu">
        <p className="truncate font-bold" data-testid="menu-name">
          {member.name}
        </p>
        <ul className="mt-2 divide-y divide-gray-100">
          <MenuLink to="/profile">{t("nav.profile")}</MenuLink>
          {wallet?.paidUser ? (
            <MenuLink to="/credits">{t("nav.buyCredits")}</MenuLink>
          ) : (
            <MenuLink to="/premium">{t("nav.getPremium")}</MenuLink>
          )}
          <MenuLink to="/likes/given">{t("nav.likesGiven")}</MenuLink>
          <MenuLink to="/notifications">{t("nav.settings")}</MenuLink>
        </ul>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-3">
          <LanguageSwitcher languages={languages} current={current} id="menu-language" testId="menu-language" />
          <LogoutButton className="btn-outline min-h-[44px] px-4" testId="menu-logout" />
        </div>
      </div>
    </details>
  );
}

function MenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <AppLink to={to} className="flex min-h-[48px] items-center font-semibold text-gray-800">
        {children}
      </AppLink>
    </li>
  );
}
