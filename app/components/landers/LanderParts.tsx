import { AppLink } from "~/components/ui/AppLink";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FictionalIcon } from "~/components/members/FictionalIcon";
import type { LanderData } from "~/models/landers/pages/lander-page.server";
import { numberFormat } from "~/utils/intl-formats";

export type LanderMemberData = LanderData["members"][number];

/** Where a face on a lander leads: the signup with that member shown (docs/product/landers.md#member-landing-pages). */
export function memberSignupPath(id: number): string {
  return `/members/${id}/signup`;
}

/** The way in: signup, or login where this visitor may not sign up (the brand's signup rule). */
export function SignupCta({ open, className = "btn-primary px-7 py-3 text-base" }: { open: boolean; className?: string }) {
  const { t } = useTranslation("landers");
  return (
    <AppLink to={open ? "/signup" : "/login"} className={className} data-testid="lander-cta">
      {open ? t("cta") : t("login")}
    </AppLink>
  );
}

/** Headline, the niche's promise, the way in and how many are waiting: the top of every lander. */
export function LanderHero({ data, title, children }: { data: LanderData; title: string; children?: ReactNode }) {
  const { t, i18n } = useTranslation(["landers", "home"]);
  return (
    <section className="on-dark bg-gradient-to-br from-primary to-secondary px-4 py-8 text-center text-white">
      <h1 className="mx-auto max-w-2xl text-3xl font-extrabold leading-tight md:text-4xl" data-testid="lander-headline">
        {data.headline}
      </h1>
      <p className="mx-auto mt-3 max-w-xl text-white">{t(`home:niches.${data.niche}.intro`)}</p>
      <h2 className="mt-6 text-lg font-semibold">{title}</h2>
      {children}
      <div className="mt-6">
        <SignupCta open={data.signupOpen} className="btn-light px-7 py-3 text-base" />
      </div>
      <p className="mt-3 text-sm text-white">{t("memberCount", { count: data.memberCount, formatted: numberFormat(i18n.language).format(data.memberCount) })}</p>
    </section>
  );
}

/** Name, age and city under a face. */
export function MemberCaption({ member, fictional }: { member: LanderMemberData; fictional: LanderData["fictional"] }) {
  return (
    <>
      <span className="font-semibold">
        {member.name}
        {member.age !== null ? `, ${member.age}` : ""}
      </span>
      {member.isFictional ? (
        <span className="ml-1" title={fictional.label}>
          <FictionalIcon />
          <span className="sr-only">{fictional.label}</span>
        </span>
      ) : null}
      {member.city ? <span className="block text-sm opacity-80">{member.city}</span> : null}
    </>
  );
}

/** A visitor may see a pool without faces (a new brand): the landers still lead into signup. */
export function NoMembers() {
  const { t } = useTranslation("landers");
  return <p className="mx-auto max-w-md p-6 text-center text-gray-700">{t("noMembers")}</p>;
}
