import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AttentionCount } from "~/components/likes/AttentionCount";
import { LiveUpdates } from "~/components/realtime/LiveUpdates";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutData } from "~/models/site-entry.server";

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "chat");
}

/** Chat layout: bare, the page fills the screen; the title count and live updates as everywhere. */
export default function ChatLayout() {
  const { showSiteEntry, minAge, likes } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-dvh flex-col">
      <Outlet />
      <SiteEntryModal show={showSiteEntry} minAge={minAge} />
      {likes ? <AttentionCount count={likes.newLikes + likes.unreadMessages} /> : null}
      {likes ? <LiveUpdates since={likes.eventId} /> : null}
    </div>
  );
}
