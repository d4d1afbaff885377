import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AttentionCount } from "~/components/likes/AttentionCount";
import { LiveUpdates } from "~/components/realtime/LiveUpdates";
import { PagePresence } from "~/components/realtime/PagePresence";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
import { layoutData } from "~/web/layout-data.server";

/** The time-bonus popup can open on the chat pages too (they are part of the members area). */
export const handle = { i18n: ["bonus", "moderation"] };

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "chat");
}

/** A page of this layout that fails gets the error page's title (its own meta has no data to title it with). */
export const meta: MetaFunction<typeof loader> = (args) => errorPageMeta(args);

/** Chat layout: bare, the page fills the screen; the title count, live updates and the time-bonus popup as everywhere. */
export default function ChatLayout() {
  const { showSiteEntry, minAge, likes, bonus } = useLoaderData<typeof loader>();
  return (
    <div className="flex h-dvh flex-col">
      <Outlet />
      <SiteEntryModal show={showSiteEntry} minAge={minAge} />
      {likes ? <AttentionCount count={likes.newLikes + likes.unreadMessages} /> : null}
      {likes ? <LiveUpdates since={likes.eventId} /> : null}
      {likes ? <PagePresence /> : null}
      {bonus?.modal ? <TimeBonusModal offer={bonus} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
