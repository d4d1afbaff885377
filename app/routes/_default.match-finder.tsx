import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LikeButton } from "~/components/likes/LikeButton";
import { MemberCard } from "~/components/members/MemberCard";
import { MessageLink } from "~/components/chat/MessageLink";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { likeFormAction } from "~/models/likes/pages/like-actions.server";
import { matchSuggestions } from "~/models/likes/match-finder.server";
import { requireMember } from "~/web/require-member.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";
import { storage } from "~/services/storage/storage.server";
import { keepListAfterOwnPost } from "~/utils/own-post-revalidation";

export const handle = { i18n: ["common", "members", "likes"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const filters = await defaultFilters(db(), member.id, searchRules(tenant));
  const [suggestions, fictional, t] = await Promise.all([
    matchSuggestions(db(), storage(), { tenant, memberId: member.id, filters }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "likes"),
  ]);
  return { suggestions, fictional, title: `${t("matchFinder.title")} | ${tenant.name}` };
}

export function action(args: ActionFunctionArgs) {
  return likeFormAction(args, "matchfinder");
}

export const shouldRevalidate = keepListAfterOwnPost;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Matchfinder (docs/product/likes.md#matchfinder): suggestions ranked by fit, each with a like button. */
export default function MatchFinder() {
  const { suggestions, fictional } = useLoaderData<typeof loader>();
  const { t } = useTranslation("likes");
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("matchFinder.title")}</h1>
      <p className="mt-2 text-gray-600">{t("matchFinder.intro")}</p>
      {suggestions.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-gray-700 shadow-sm" data-testid="match-finder-empty">
          {t("matchFinder.empty")}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="match-finder">
          {suggestions.map((card) => (
            <MemberCard
              key={card.id}
              member={card}
              fictional={fictional}
              footer={
                <>
                  {card.sharedInterests > 0 ? <p className="mb-2 text-xs text-gray-500">{t("matchFinder.shared", { count: card.sharedInterests })}</p> : null}
                  <div className="space-y-2">
                    <LikeButton memberId={card.id} liked={false} compact />
                    <MessageLink memberId={card.id} compact />
                  </div>
                </>
              }
            />
          ))}
        </ul>
      )}
    </main>
  );
}
