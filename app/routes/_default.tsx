import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { AttentionCount } from "~/components/likes/AttentionCount";
import { LikeModalTimer } from "~/components/likes/LikeModalTimer";
import { PendingMatch } from "~/components/likes/PendingMatch";
import { LiveUpdates } from "~/components/realtime/LiveUpdates";
import { PagePresence } from "~/components/realtime/PagePresence";
import { SignupModalProvider } from "~/components/account/SignupModal";
import { MailsStoppedAlert } from "~/components/account/MailsStoppedAlert";
import { NoPhotoAlert } from "~/components/account/NoPhotoAlert";
import { ModerationNotices } from "~/components/account/ModerationNotices";
import { PushAlert } from "~/components/account/PushAlert";
import { UnconfirmedReminder } from "~/components/account/UnconfirmedReminder";
import { Footer } from "~/components/layout/Footer";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { TopNav } from "~/components/layout/TopNav";
import { WarningBanners } from "~/components/layout/WarningBanners";
import { TimeBonusBanner } from "~/components/payments/TimeBonusBanner";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
import { WelcomeBanner } from "~/components/payments/WelcomeBanner";
import { alertHiddenOn } from "~/models/notifications/alert-routes";
import { layoutData } from "~/web/layout-data.server";
import { useRootData } from "~/root";

/** Account alerts and flash messages can show on any page of this layout. */
export const handle = { i18n: ["common", "account", "settings", "likes", "bonus", "push", "moderation"] };

/** Badges and the pending match follow every page change, not only form posts. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "default");
}

/** A page of this layout that fails gets the error page's title (its own meta has no data to title it with). */
export const meta: MetaFunction<typeof loader> = (args) => errorPageMeta(args);

/** Default layout: top navigation, warning banners, page, footer with disclaimer. */
export default function DefaultLayout() {
  const { showSiteEntry, minAge, alerts, signup, likes, wallet, bonus } = useLoaderData<typeof loader>();
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return null;
  return (
    <SignupModalProvider signup={signup}>
      <div className="flex min-h-screen flex-col">
        <TopNav
          brand={root.brand}
          languages={root.languages}
          current={root.locale}
          member={root.member}
          badges={likes ? { likes: likes.newLikes, messages: likes.unreadMessages } : null}
          wallet={wallet}
        />
        <WarningBanners>
          {likes ? <ModerationNotices notices={likes.notices} /> : null}
          {alerts.unconfirmed && root.member ? (
            <UnconfirmedReminder email={root.member.email} />
          ) : null}
          {alerts.notificationsDisabled && !alertHiddenOn("notificationsDisabled", pathname) ? <MailsStoppedAlert /> : null}
          {alerts.noPhoto && !alertHiddenOn("noPhoto", pathname) ? <NoPhotoAlert /> : null}
          {alerts.push && !alertHiddenOn("push", pathname) ? <PushAlert /> : null}
          {bonus?.banner && !alertHiddenOn("bonusBanner", pathname) ? (
            bonus.kind === "time_bonus" ? <TimeBonusBanner offer={bonus} /> : <WelcomeBanner offer={bonus} />
          ) : null}
        </WarningBanners>
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer brand={root.brand} usNotice={root.usNotice} />
        <SiteEntryModal show={showSiteEntry} minAge={minAge} />
        {likes ? <AttentionCount count={likes.newLikes + likes.unreadMessages} /> : null}
        {likes?.pendingMatch ? <PendingMatch key={likes.pendingMatch.id} match={likes.pendingMatch} /> : null}
        {likes ? <LikeModalTimer /> : null}
        {bonus?.modal ? <TimeBonusModal offer={bonus} /> : null}
        {likes ? <LiveUpdates since={likes.eventId} /> : null}
        {likes ? <PagePresence /> : null}
      </div>
    </SignupModalProvider>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
