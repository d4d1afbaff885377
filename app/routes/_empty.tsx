import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutData } from "~/web/layout-data.server";

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "empty");
}

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
