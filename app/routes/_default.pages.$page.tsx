import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { StaticPageView } from "~/components/StaticPageView";
import { Alert } from "~/components/ui/Field";
import { BAN_REASONS, isOneOf } from "~/domain/moderation-reasons";
import { isStaticPage, staticPageData } from "~/models/site/static-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { banNoticeCookie } from "~/web/cookies.server";
import { notFound } from "~/web/http.server";

export const handle = { i18n: ["common", "pages", "moderation"] };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  // /complaints has a route of its own (docs/product/site.md#static-pages); /pages/complaints is not a page.
  if (!isStaticPage(params.page) || params.page === "complaints") notFound();
  // Someone whose banned account just tried to log in learns why (docs/product/moderation.md#bans).
  const banned = params.page === "ban" ? ((await banNoticeCookie.parse(request.headers.get("cookie"))) as unknown) : undefined;
  const ban = banned === undefined ? null : { reason: isOneOf(BAN_REASONS, banned) ? banned : null };
  return { ...(await staticPageData(params.page, tenant, context.language)), ban };
}

// Failed, the page shows its own error page: with the error page's title.
export const meta: MetaFunction<typeof loader> = (args) => (args.data ? [{ title: args.data.title }] : errorPageMeta(args));

export default function StaticPageRoute() {
  const { ban, ...page } = useLoaderData<typeof loader>();
  return (
    <>
      {ban ? <BanNotice reason={ban.reason} /> : null}
      <StaticPageView {...page} />
    </>
  );
}

function BanNotice({ reason }: { reason: string | null }) {
  const { t } = useTranslation("moderation");
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8">
      <Alert tone="danger" testId="ban-notice">
        <p className="font-semibold">{t("ban.title")}</p>
        {reason ? <p className="mt-1" data-testid="ban-reason">{t("ban.reason", { reason: t(`reasons.ban.${reason}`) })}</p> : null}
        <p className="mt-1">
          <AppLink to="/complaints" className="underline">
            {t("ban.contact")}
          </AppLink>
        </p>
      </Alert>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
