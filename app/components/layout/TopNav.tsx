import { useMatches } from "@remix-run/react";
import { LogoutButton } from "./LogoutButton";
import { AppLink, AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import type { Language } from "~/domain/languages";
import type { PublicBrand } from "~/tenancy/public-brand";
import { badgeText } from "~/components/likes/badge-count";
import { BrandLogo } from "./BrandLogo";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { LOW_CREDITS } from "~/models/payments/order-pricing";
import { AppBackButton } from "./AppBackButton";
import { numberFormat } from "~/utils/intl-formats";

interface RouteHandle {
  hideLanguageSwitcher?: boolean;
}

export interface NavMember {
  name: string;
  thumbUrl: string | null;
}

export interface NavWallet {
  credits: number;
  paidUser: boolean;
}

/**
 * Top navigation of the default layout. Logged out: a Login button leading to members.
 * Logged in: search, messages, likes, the credits (paid users) or Get Premium, and the account
 * menu with photo and name; on a phone a slim bar with the brand and the balance, the rest being
 * in the bottom tab bar (docs/product/site.md#phone-layout).
 */
export function TopNav({
  brand,
  languages,
  current,
  member,
  badges,
  wallet,
}: {
  brand: PublicBrand;
  languages: Language[];
  current: Language;
  member: NavMember | null;
  badges: { likes: number; messages: number } | null;
  wallet: NavWallet | null;
}) {
  const { t } = useTranslation("common");
  const hideSwitcher = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hideLanguageSwitcher);
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-6xl items-center justify-between gap-x-4 px-4 py-2 md:py-3" aria-label={t("nav.label")}>
        <div className="flex items-center gap-3">
          <AppBackButton />
          <BrandLogo brand={brand} />
        </div>
        <div className="flex items-center justify-end gap-x-3">
          {/* On a phone the language choice is in the member's menu and the footer (docs/product/site.md#phone-layout). */}
          {hideSwitcher ? null : <LanguageSwitcher languages={languages} current={current} className="max-md:hidden" />}
          {member ? (
            <>
              <div className="hidden items-center gap-x-3 md:flex">
                <AppNavLink to="/members" end className={navLinkClass} data-testid="nav-search">
                  {t("nav.search")}
                </AppNavLink>
                <AppNavLink to="/chats" className={navLinkClass} data-testid="nav-messages">
                  {t("nav.messages")}
                  <CountBadge
                    count={badges?.messages ?? 0}
                    label={t("nav.unreadMessages", { count: badges?.messages ?? 0 })}
                    testId="messages-badge"
                    colour="bg-unread"
                  />
                </AppNavLink>
                <AppNavLink to="/likes" className={navLinkClass} data-testid="nav-likes">
                  {t("nav.likes")}
                  <CountBadge count={badges?.likes ?? 0} label={t("nav.newLikes", { count: badges?.likes ?? 0 })} testId="likes-badge" />
                </AppNavLink>
                {wallet?.paidUser ? (
                  <CreditsLink credits={wallet.credits} />
                ) : (
                  <AppNavLink to="/premium" className="btn-primary px-3 py-1" data-testid="nav-premium">
                    {t("nav.getPremium")}
                  </AppNavLink>
                )}
                <AccountMenu member={member} />
              </div>
              {wallet ? <PhoneCredits credits={wallet.credits} /> : null}
            </>
          ) : (
            <AppLink to="/members" className="btn-primary" data-testid="nav-login">
              {t("nav.login")}
            </AppLink>
          )}
        </div>
      </nav>
    </header>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `relative text-sm font-semibold ${isActive ? "text-primary" : "text-gray-700 hover:text-primary"}`;

/** A count on a navigation link, capped at 99+ (docs/product/notifications.md#badges-and-title); nothing at zero. */
function CountBadge({ count, label, testId, colour = "bg-primary" }: { count: number; label: string; testId: string; colour?: string }) {
  if (count <= 0) return null;
  return (
    <span className={`ml-1 inline-flex min-w-[1.25rem] items-center justify-center rounded-full ${colour} px-1.5 text-xs font-bold text-white`} data-testid={testId}>
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * docs/product/payments.md#credits: a paid member's balance, leading to the credits page. At 10 or fewer it sits in
 * a badge: the warning colour while some are left, the danger colour at none.
 */
function CreditsLink({ credits }: { credits: number }) {
  const { t, i18n } = useTranslation("common");
  const balance = numberFormat(i18n.language).format(credits);
  const low = credits <= LOW_CREDITS;
  return (
    // Named by what it shows, "Credits 1.500" (WCAG 2.5.3: a voice command can say what it reads).
    <AppNavLink to="/credits" className={navLinkClass} data-testid="nav-credits" data-credits={credits}>
      {t("nav.credits")}{" "}
      {low ? (
        <span
          className={`inline-flex min-w-[1.25rem] items-center justify-center rounded-full px-1.5 text-xs font-bold ${credits > 0 ? "bg-warning text-gray-900" : "bg-danger text-white"}`}
          data-testid="credits-badge"
          data-tone={credits > 0 ? "warning" : "danger"}
        >
          {balance}
        </span>
      ) : (
        <span className="font-normal text-gray-600" data-testid="credits-balance">
          {balance}
        </span>
      )}
    </AppNavLink>
  );
}

/** On a phone, the slim top bar's balance: a tap leads to buying credits (docs/product/site.md#phone-layout). */
function PhoneCredits({ credits }: { credits: number }) {
  const { t, i18n } = useTranslation("common");
  const tone = credits === 0 ? "bg-danger text-white" : credits <= LOW_CREDITS ? "bg-warning text-gray-900" : "bg-gray-100 text-gray-800";
  return (
    <AppLink to="/credits" className={`inline-flex min-h-[44px] items-center md:hidden`} data-testid="top-credits" data-credits={credits}>
      <span className={`rounded-full px-3 py-1 text-sm font-semibold ${tone}`}>{t("nav.creditsCount", { count: credits, formatted: numberFormat(i18n.language).format(credits) })}</span>
    </AppLink>
  );
}

/** A disclosure menu that works without JavaScript. */
function AccountMenu({ member }: { member: NavMember }) {
  const { t } = useTranslation("common");
  return (
    <details className="relative" data-testid="account-menu">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pl-1 pr-3 hover:bg-gray-100">
        {member.thumbUrl ? (
          <img src={member.thumbUrl} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-white">
            {member.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="max-w-[10rem] truncate text-sm font-semibold" data-testid="account-name">
          {member.name}
        </span>
      </summary>
      <ul className="absolute right-0 mt-2 w-48 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 text-sm shadow-lg">
        <li>
          <AppLink to="/profile" className="block px-4 py-2 hover:bg-gray-50">
            {t("nav.profile")}
          </AppLink>
        </li>
        <li>
          <AppLink to="/notifications" className="block px-4 py-2 hover:bg-gray-50">
            {t("nav.settings")}
          </AppLink>
        </li>
        <li>
          <LogoutButton className="block w-full px-4 py-2 text-left hover:bg-gray-50" testId="logout" />
        </li>
      </ul>
    </details>
  );
}
