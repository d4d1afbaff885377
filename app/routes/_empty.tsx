import { Outlet, useLoaderData } from "@remix-run/react";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutLoader } from "~/models/site-entry.server";

export const loader = layoutLoader("empty");

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
