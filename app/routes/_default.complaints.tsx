import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StaticPageView } from "~/components/StaticPageView";
import { staticPageData } from "~/models/site/static-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "pages"] };

export async function loader({ context }: LoaderFunctionArgs) {
  return staticPageData("complaints", requireTenant(context), context.language);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** How to complain, to whom, and what happens next: built from the brand's company info. */
export default function ComplaintsRoute() {
  return <StaticPageView {...useLoaderData<typeof loader>()} />;
}
