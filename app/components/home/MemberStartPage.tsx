import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { badgeText } from "~/components/likes/badge-count";
import { LikeButton } from "~/components/likes/LikeButton";
import { MemberCardList, type FictionalMark } from "~/components/members/MemberCard";
import { AppLink } from "~/components/ui/AppLink";
import type { MemberCard } from "~/models/members/member-cards.server";
import type { MemberStart } from "~/models/site/pages/member-start.server";
import { numberFormat } from "~/utils/intl-formats";
import { useLayoutBadges } from "~/components/layout/layout-badges";

export type MemberStartData = MemberStart & {
  fictional: FictionalMark;
  name: string;
  wallet: { credits: number; paidUser: boolean };
};

/**
 * A logged-in member's own start page (docs/product/site.md#member-start-page): what waits for them,
 * each a tap away, their credits or the way to premium, and people to meet. Never the visitor's pitch.
 */
export function MemberStartPage({ page }: { page: MemberStartData }) {
  const { t } = useTranslation("home");
  const badges = useLayoutBadges();
  const matches = page.matches.length;
  return (
    <main className="mx-auto max-w-6xl px-4 py-4 md:py-8" data-testid="member-start">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold md:text-3xl" data-testid="start-greeting">
          {t("start.greeting", { name: page.name })}
        </h1>
        <WalletCard wallet={page.wallet} />
      </div>

      <section className="mt-4" aria-labelledby="start-waiting">
        <h2 id="start-waiting" className="sr-only">
          {t("start.waiting")}
        </h2>
        <ul className="grid grid-cols-3 gap-2 md:gap-4">
          <WaitingTile to="/chats" count={badges.messages} title={t("start.messages.title")} label={t("start.messages.count", { count: badges.messages })} testId="start-messages" />
          <WaitingTile to="/likes/received" count={badges.likes} title={t("start.likes.title")} label={t("start.likes.count", { count: badges.likes })} testId="start-likes" />
          <WaitingTile to="/likes/matches" count={matches} title={t("start.matches.title")} label={t("start.matches.count", { count: matches })} testId="start-matches" />
        </ul>
      </section>

      {page.conversations.length > 0 ? (
        <StartSection title={t("start.unread")} id="start-unread" more={{ to: "/chats", label: t("start.allMessages") }}>
          <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm" data-testid="start-conversations">
            {page.conversations.map((item) => (
              <li key={item.id}>
                <AppLink to={`/chats/${item.id}`} className="flex min-h-[44px] items-center gap-3 px-3 py-2 hover:bg-gray-50">
                  <Avatar member={item.other} size={40} />
                  <span className="min-w-0 flex-1 truncate font-semibold">{item.other.name}</span>
                  <span className="rounded-full bg-unread px-2 py-0.5 text-xs font-bold text-white">{t("start.newCount", { count: item.unread, formatted: badgeText(item.unread) })}</span>
                </AppLink>
              </li>
            ))}
          </ul>
        </StartSection>
      ) : null}

      {page.likers.length > 0 ? (
        <StartSection title={t("start.likers")} id="start-likers" more={{ to: "/likes/received", label: t("start.allLikes") }}>
          <AvatarRow members={page.likers} href={(id) => `/likes/m/${id}`} testId="start-likers-list" />
        </StartSection>
      ) : null}

      {page.matches.length > 0 ? (
        <StartSection title={t("start.newMatches")} id="start-new-matches" more={{ to: "/likes/matches", label: t("start.allMatches") }}>
          <AvatarRow members={page.matches} href={(id) => `/members/${id}`} testId="start-matches-list" />
        </StartSection>
      ) : null}

      {page.online.length > 0 ? (
        <StartSection title={t(`start.${page.onlineKind}`)} id="start-online" more={{ to: "/members", label: t("start.search") }}>
          <AvatarRow members={page.online} href={(id) => `/members/${id}`} testId="start-online-list" online />
        </StartSection>
      ) : null}

      {page.suggestions.length > 0 ? (
        <StartSection title={t("start.suggestions")} id="start-suggestions" more={{ to: "/match-finder", label: t("start.moreSuggestions") }}>
          <MemberCardList
            members={page.suggestions}
            fictional={page.fictional}
            testId="start-suggestions-list"
            wide
            footer={(member) => <LikeButton memberId={member.id} liked={false} compact />}
          />
        </StartSection>
      ) : null}
    </main>
  );
}

/** Credits with the way to buy more for a paying member; the way to premium for a free one. */
function WalletCard({ wallet }: { wallet: MemberStartData["wallet"] }) {
  const { t, i18n } = useTranslation("home");
  if (!wallet.paidUser) {
    return (
      <AppLink to="/premium" className="btn-primary min-h-[44px] px-4" data-testid="start-premium">
        {t("start.getPremium")}
      </AppLink>
    );
  }
  return (
    // On a phone the slim top bar shows the balance already.
    <AppLink to="/credits" className="btn-outline min-h-[44px] gap-2 px-4 max-md:hidden" data-testid="start-credits">
      <span>{t("start.credits", { count: wallet.credits, formatted: numberFormat(i18n.language).format(wallet.credits) })}</span>
      <span aria-hidden="true" className="text-primary">
        +
      </span>
    </AppLink>
  );
}

function WaitingTile({ to, count, title, label, testId }: { to: string; count: number; title: string; label: string; testId: string }) {
  return (
    <li>
      <AppLink
        to={to}
        className={`flex min-h-[72px] flex-col justify-center rounded-xl p-3 shadow-sm ${count > 0 ? "bg-primary text-white on-dark" : "bg-white text-gray-800"}`}
        data-testid={testId}
        data-count={count}
      >
        <span className="text-2xl font-extrabold leading-none" aria-hidden="true">
          {badgeText(count)}
        </span>
        <span className="mt-1 text-sm font-semibold">{title}</span>
        <span className="sr-only">{label}</span>
      </AppLink>
    </li>
  );
}

function StartSection({ title, id, more, children }: { title: string; id: string; more: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <AppLink to={more.to} className="text-sm font-semibold text-primary hover:underline">
          {more.label}
        </AppLink>
      </div>
      {children}
    </section>
  );
}

/** Members as round photos in a row that scrolls sideways on a phone. */
function AvatarRow({ members, href, testId, online = false }: { members: MemberCard[]; href: (id: number) => string; testId: string; online?: boolean }) {
  return (
    <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-1" data-testid={testId}>
      {members.map((member) => (
        <li key={member.id} className="w-20 shrink-0">
          <AppLink to={href(member.id)} className="block text-center" data-testid="start-avatar">
            <span className="relative mx-auto block h-16 w-16">
              <Avatar member={member} size={64} />
              {online && member.onlineRecently ? <span aria-hidden="true" className="absolute bottom-0.5 right-0.5 h-3.5 w-3.5 rounded-full border-2 border-white bg-success" /> : null}
            </span>
            <span className="mt-1 block truncate text-sm font-semibold">{member.name}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

function Avatar({ member, size }: { member: MemberCard; size: number }) {
  const box = size === 64 ? "h-16 w-16 text-xl" : "h-10 w-10";
  return member.photoUrl ? (
    <img src={member.photoUrl} alt="" width={size} height={size} loading="lazy" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-primary/20 font-bold text-secondary`}>
      {member.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
