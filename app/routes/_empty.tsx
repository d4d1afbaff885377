import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutData } from "~/web/layout-data.server";

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "empty");
}

/** A page of this layout that fails gets the error page's title (its own meta has no data to title it with). */
export const meta: MetaFunction<typeof loader> = (args) => errorPageMeta(args);

/** Empty layout: nothing around the page. */
export default function EmptyLayout() {
  const { showSiteEntry, minAge } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <SiteEntryModal show={showSiteEntry} minAge={minAge} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
