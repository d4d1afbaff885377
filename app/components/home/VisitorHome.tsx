import { useTranslation } from "react-i18next";
import { SignupLink } from "~/components/account/SignupModal";
import { MemberCardList } from "~/components/members/MemberCard";
import { AppLink } from "~/components/ui/AppLink";
import type { visitorHome } from "~/models/site/pages/visitor-home.server";

/** The home page for visitors (docs/product/site.md#home-page): the pitch with signup and login, the brand's promises, recent members. */
export function VisitorHome({ page }: { page: Awaited<ReturnType<typeof visitorHome>> }) {
  const { niche, members, memberCount, memberCountText, fictional } = page;
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
