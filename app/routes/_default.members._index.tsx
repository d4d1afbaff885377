import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { LikeButton } from "~/components/likes/LikeButton";
import { MemberCardList, type CardData } from "~/components/members/MemberCard";
import { SearchForm } from "~/components/members/SearchForm";
import { FilterButton, FilterSheet, FilterSheetScope } from "~/components/members/FilterSheet";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { likeFormAction } from "~/models/likes/pages/like-actions.server";
import { COUNT_CAP } from "~/models/search/member-search.server";
import { regionsOf } from "~/domain/places";
import { assertMayBrowse, loadSearchPage, searchRules } from "~/models/search/pages/search-page.server";
import { filtersToParams } from "~/models/search/search-filters";
import { storage } from "~/services/storage/storage.server";
import { keepListAfterOwnPost } from "~/utils/own-post-revalidation";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { numberFormat, regionNames } from "~/utils/intl-formats";

export const handle = { i18n: ["common", "members", "profile", "likes"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  await assertMayBrowse(request, context, tenant);
  const [{ data: page, setCookie }, fictional, t] = await Promise.all([
    loadSearchPage(db(), storage(), { request, tenant, viewerId: context.member?.id ?? null }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "members"),
  ]);
  const names = regionNames(context.language);
  const rules = searchRules(tenant);
  return data(
    {
      ...page,
      query: filtersToParams(page.filters).toString(),
      fields: rules.fields,
      minAge: rules.minAge,
      countries: tenant.countries.map((code) => ({ code, name: names.of(code) ?? code, regions: regionsOf(code).map(({ code, name }) => ({ code, name })) })),
      fictional,
      /** Counts above this read "more than …" (the constant lives in a server module the browser does not get). */
      countCap: COUNT_CAP,
      /** The count as the heading writes it (the cap when above it), formatted here, not in the browser (docs/decisions/036-intl-formatting-in-loaders.md). */
      countText: numberFormat(context.language).format(Math.min(page.count, COUNT_CAP)),
      /** Members get like buttons on the cards; visitors a link to log in first. */
      member: context.member !== null,
      title: t("search.metaTitle", { siteName: tenant.name }),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/** Like and unlike from a search card. */
export function action(args: ActionFunctionArgs) {
  return likeFormAction(args, "search");
}

export const shouldRevalidate = keepListAfterOwnPost;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Member search (docs/product/search.md): filters (#filters), result cards (#cards), keyset pages (#pages), similar profiles (#similar-profiles). */
export default function MembersPage() {
  const { filters, cards, count, next, previous, similar, query, fields, minAge, countries, fictional, member, countCap, countText } = useLoaderData<typeof loader>();
  const { t } = useTranslation(["members", "likes"]);
  // Members like from the card; visitors are sent to log in and come back to the profile to finish.
  const likeButton = ({ id, liked }: CardData) =>
    member ? (
      <LikeButton memberId={id} liked={liked ?? false} compact />
    ) : (
      <AppLink to={`/login?redirectTo=${encodeURIComponent(`/members/${id}?like=1`)}`} className="btn-primary block w-full px-3 py-1 text-center text-sm" data-testid="action-like">
        {t("likes:like")}
      </AppLink>
    );
  // Page links carry the search itself, so a link shared or used in another tab shows the same results.
  const pageLink = (key: "after" | "before", cursor: string) => `/members?search=1&${query ? `${query}&` : ""}${key}=${cursor}`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-4 md:py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t("search.title")}</h1>
      <FilterSheetScope>
        <div className="mt-3 grid gap-8 md:mt-6 lg:grid-cols-[18rem_1fr]">
          <FilterSheet>
            <SearchForm key={query} filters={filters} fields={fields} minAge={minAge} countries={countries} />
          </FilterSheet>
          <section aria-labelledby="results-title">
            <div className="flex items-center justify-between gap-3">
              <h2 id="results-title" className="text-sm font-semibold text-gray-600" data-testid="result-count" data-count={count}>
                {count > countCap
                  ? t("search.countCapped", { formatted: countText })
                  : t("search.count", { count, formatted: countText })}
              </h2>
              <FilterButton active={Object.keys(filters).length} />
            </div>
            {cards.length > 0 ? (
              <div className="mt-4">
                <MemberCardList members={cards} fictional={fictional} testId="search-results" footer={likeButton} />
              </div>
            ) : (
              <p className="mt-4 rounded-xl bg-white p-6 text-gray-700 shadow-sm" data-testid="no-results">
                {t("search.none")}
              </p>
            )}
            {next || previous ? (
              <nav className="mt-6 flex justify-between" aria-label={t("search.pagination")}>
                {previous ? (
                  <AppLink to={pageLink("before", previous)} className="btn-outline" rel="prev" data-testid="page-previous">
                    {t("search.previous")}
                  </AppLink>
                ) : (
                  <span />
                )}
                {next ? (
                  <AppLink to={pageLink("after", next)} className="btn-outline" rel="next" data-testid="page-next">
                    {t("search.next")}
                  </AppLink>
                ) : null}
              </nav>
            ) : null}
            {similar.length > 0 ? <MemberCardList members={similar} fictional={fictional} title={t("search.similar")} testId="similar-results" footer={likeButton} /> : null}
          </section>
        </div>
      </FilterSheetScope>
    </main>
  );
}
