import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutData } from "~/models/site-entry.server";

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "chat");
}

/** Chat layout: bare, the page fills the screen. */
export default function ChatLayout() {
  const { showSiteEntry, minAge } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-dvh flex-col">
      <Outlet />
      <SiteEntryModal show={showSiteEntry} minAge={minAge} />
    </div>
  );
}
