import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { LikeButton } from "~/components/likes/LikeButton";
import { MemberCard } from "~/components/members/MemberCard";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { likeFormAction } from "~/models/likes/pages/like-actions.server";
import { matchSuggestions } from "~/models/likes/match-finder.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";
import { storage } from "~/services/storage/storage.server";
import { keepListAfterOwnPost } from "~/utils/own-post-revalidation";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "members", "likes", "landers"], hideLanguageSwitcher: true };

const SHOWN = 12;

/** Right after signup (docs/product/landers.md#signup-matches): members who suit the new member, best fit first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const filters = await defaultFilters(db(), member.id, searchRules(tenant));
  const [suggestions, fictional, t] = await Promise.all([
    matchSuggestions(db(), storage(), { tenant, memberId: member.id, filters, limit: SHOWN }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "landers"),
  ]);
  return { suggestions, fictional, title: `${t("matches.title")} | ${tenant.name}` };
}

/** One tap likes: the same like as everywhere, counted by the same limits. */
export function action(args: ActionFunctionArgs) {
  return likeFormAction(args, "signup");
}

export const shouldRevalidate = keepListAfterOwnPost;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => (loaded ? [{ title: loaded.title }] : []);

export default function SignupMatches() {
  const { suggestions, fictional } = useLoaderData<typeof loader>();
  const { t } = useTranslation("landers");
  const next = (testId: string) => (
    <AppLink to="/complete-signup" className="btn-primary px-7 py-3 text-base" data-testid={testId}>
      {t("matches.continue")}
    </AppLink>
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("matches.title")}</h1>
          <p className="mt-2 text-gray-600">{t("matches.intro")}</p>
        </div>
        {next("signup-matches-continue")}
      </div>
      {suggestions.length === 0 ? (
        <p className="mt-6 rounded-xl bg-white p-6 text-gray-700 shadow-sm" data-testid="signup-matches-empty">
          {t("matches.empty")}
        </p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="signup-matches">
          {suggestions.map((card) => (
            <MemberCard key={card.id} member={card} fictional={fictional} footer={<LikeButton memberId={card.id} liked={false} compact />} />
          ))}
        </ul>
      )}
      {suggestions.length > 4 ? <div className="mt-8 text-center">{next("signup-matches-continue-end")}</div> : null}
    </main>
  );
}
