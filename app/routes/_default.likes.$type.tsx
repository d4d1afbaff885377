import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink, AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { MemberCard } from "~/components/members/MemberCard";
import { MessageLink } from "~/components/chat/MessageLink";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { likesList } from "~/models/likes/likes.server";
import { LIKES_TABS, type LikesTab } from "~/models/likes/likes-tabs";
import { requireMember } from "~/web/require-member.server";
import { storage } from "~/services/storage/storage.server";
import { cardsAsShown } from "~/models/members/member-cards.server";

export const handle = { i18n: ["common", "members", "likes"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const tab = params.type as LikesTab;
  if (!LIKES_TABS.includes(tab)) throw data(null, { status: 404 });
  const [cards, fictional, t] = await Promise.all([
    likesList(db(), storage(), { memberId: member.id, pool: tenant.pool, tab }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "likes"),
  ]);
  return { tab, cards: cardsAsShown(cards, tenant.settings.visible_profile_fields), fictional, title: `${t(`tabs.${tab}`)} | ${tenant.name}` };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Likes (docs/product/likes.md#likes-tabs): received, given and matches, newest first; new likes flagged. */
export default function LikesPage() {
  const { tab, cards, fictional } = useLoaderData<typeof loader>();
  const { t } = useTranslation("likes");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("title")}</h1>
        <div className="flex gap-2">
          <AppLink to="/swipe-game" className="btn-outline" data-testid="to-swipe-game">
            {t("swipe.title")}
          </AppLink>
          <AppLink to="/match-finder" className="btn-outline" data-testid="to-match-finder">
            {t("matchFinder.title")}
          </AppLink>
        </div>
      </div>
      <nav className="mt-4 flex gap-2 border-b border-gray-200" aria-label={t("title")}>
        {LIKES_TABS.map((name) => (
          <AppNavLink
            key={name}
            to={`/likes/${name}`}
            className={({ isActive }) => `-mb-px border-b-2 px-3 py-2 text-sm font-semibold ${isActive ? "border-primary text-primary" : "border-transparent text-gray-600 hover:text-gray-900"}`}
            data-testid={`likes-tab-${name}`}
          >
            {t(`tabs.${name}`)}
          </AppNavLink>
        ))}
      </nav>
      {cards.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-gray-700 shadow-sm" data-testid="likes-empty">
          {t(`empty.${tab}`)}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="likes-list">
          {cards.map((card) => (
            <MemberCard
              key={card.id}
              member={card}
              fictional={fictional}
              to={`/likes/m/${card.id}`}
              badge={card.isNew ? t("new") : tab !== "matches" && card.matched ? t("matchBadge") : undefined}
              footer={<MessageLink memberId={card.id} compact />}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
