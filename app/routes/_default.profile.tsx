import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { PhotoManager } from "~/components/profile/PhotoManager";
import { AboutForm, BasicsForm, InterestsForm, LocationForm, PersonalForm } from "~/components/profile/ProfileForms";
import { getFixedT } from "~/i18n/i18next.server";
import { setFlash } from "~/web/flash.server";
import { profileEditData, submitProfileForm } from "~/models/profiles/pages/profile-edit.server";
import { requireMember } from "~/web/require-member.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "account", "profile"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "profile");
  return { ...(await profileEditData(tenant, member, context.language)), title: `${t("edit.title")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const outcome = await submitProfileForm(request, tenant, member);
  if (!outcome) throw data(null, { status: 400 });
  if (!outcome.ok) return data(outcome, "retryAfterSeconds" in outcome && outcome.retryAfterSeconds ? tooManyInit(outcome.retryAfterSeconds) : { status: 400 });
  return redirect(`/profile#${outcome.anchor}`, { headers: { "Set-Cookie": await setFlash({ tone: "success", key: outcome.flash }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Own profile (docs/product/profiles.md#own-profile): every profile field the brand shows, and the photos. */
export default function ProfilePage() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  const resultOf = (section: string) => (failed && !failed.ok && failed.section === section && "result" in failed ? failed.result : undefined);
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("edit.title")}</h1>
        <AppLink to={`/members/${page.memberId}`} className="btn-outline" data-testid="view-own-profile">
          {t("edit.view")}
        </AppLink>
      </div>
      <PhotoManager
        photos={page.photos}
        limit={page.photoLimit}
        paidUser={page.paidUser}
        maxMegabytes={page.maxMegabytes}
        error={failed && !failed.ok && "error" in failed ? failed.error : undefined}
      />
      <BasicsForm current={page.basics} held={page.held.name} email={page.email} minAge={page.minAge} askDateOfBirth={page.show.dateOfBirth} lastResult={resultOf("basics")} />
      {page.show.location ? <LocationForm countries={page.countries} current={page.location} lastResult={resultOf("location")} /> : null}
      {page.personalFields.length > 0 ? <PersonalForm fields={page.personalFields} current={page.personal} lastResult={resultOf("personal")} /> : null}
      {page.show.interests ? <InterestsForm allowed={page.allowedInterests} current={page.interests} lastResult={resultOf("interests")} /> : null}
      {page.show.about ? <AboutForm current={page.about} held={page.held.about} lastResult={resultOf("about")} /> : null}
    </main>
  );
}
