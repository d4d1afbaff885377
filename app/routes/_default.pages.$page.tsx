import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { StaticPageView } from "~/components/StaticPageView";
import { isStaticPage, staticPageData } from "~/models/site/static-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound } from "~/web/http.server";

export const handle = { i18n: ["common", "pages"] };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  // /complaints has a route of its own (docs/product/site.md#static-pages); /pages/complaints is not a page.
  if (!isStaticPage(params.page) || params.page === "complaints") notFound();
  return staticPageData(params.page, tenant, context.language);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function StaticPageRoute() {
  return <StaticPageView {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
