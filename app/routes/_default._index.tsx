import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { SignupLink } from "~/components/account/SignupModal";
import { MemberCardList } from "~/components/members/MemberCard";
import { db } from "~/db.server";
import { brandTeasers, countListedMembersCached } from "~/models/search/member-teasers.server";
import { getFixedT } from "~/i18n/i18next.server";
import { homeTexts } from "~/models/site/pages/home-texts.server";
import { storage } from "~/services/storage/storage.server";
import { nicheSlug } from "~/tenancy/niches";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { numberFormat } from "~/utils/intl-formats";

export const handle = { i18n: ["common", "home", "members"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const niche = nicheSlug(tenant.niche);
  const t = await getFixedT(context.language, "home");
  const [members, memberCount, texts] = await Promise.all([
    brandTeasers(db(), storage(), tenant, 12),
    countListedMembersCached(db(), tenant.pool),
    homeTexts(tenant, context.language),
  ]);
  return {
    niche,
    members,
    memberCount,
    // Formatted here, not in the browser (docs/decisions/036-intl-formatting-in-loaders.md).
    memberCountText: numberFormat(context.language).format(memberCount),
    fictional: {
      icon: tenant.settings.fictional_icon,
      label: tenant.settings.fictional_singular[context.language] ?? t("fictionalProfile"),
    },
    title: texts.title,
    description: texts.description,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.title }, { name: "description", content: data.description }] : [];

export default function Home() {
  const { niche, members, memberCount, memberCountText, fictional } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  return (
    <main>
      <section className="on-dark bg-gradient-to-br from-primary to-secondary text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold leading-tight md:text-5xl" data-testid="home-title">
            {t(`niches.${niche}.headline`)}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white">{t(`niches.${niche}.intro`)}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <SignupLink className="btn-light px-7 py-3 text-base" data-testid="cta-signup">
              {t("cta.signup")}
            </SignupLink>
            <AppLink to="/login" className="btn border border-white px-7 py-3 text-base text-white hover:bg-white/10">
              {t("cta.login")}
            </AppLink>
          </div>
          <p className="mt-6 text-sm text-white">{t("memberCount", { count: memberCount, formatted: memberCountText })}</p>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold">{t("features.title")}</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {(["free", "safe", "chat"] as const).map((feature) => (
            <li key={feature} className="rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-primary">{t(`features.${feature}.title`)}</h3>
              <p className="mt-2 text-gray-600">{t(`features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {members.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4" aria-labelledby="new-members">
          <h2 id="new-members" className="text-2xl font-bold">
            {t("recentMembers")}
          </h2>
          <div className="mt-6">
            <MemberCardList members={members} fictional={fictional} testId="member-teasers" wide />
          </div>
        </section>
      ) : null}
    </main>
  );
}
