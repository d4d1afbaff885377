import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { AttentionCount } from "~/components/likes/AttentionCount";
import { LikeModalTimer } from "~/components/likes/LikeModalTimer";
import { PendingMatch } from "~/components/likes/PendingMatch";
import { LiveUpdates } from "~/components/realtime/LiveUpdates";
import { PagePresence } from "~/components/realtime/PagePresence";
import { SignupModalProvider } from "~/components/account/SignupModal";
import { ModerationNotices } from "~/components/account/ModerationNotices";
import { AccountPrompt, useAccountPrompt } from "~/components/account/AccountPrompt";
import { Footer } from "~/components/layout/Footer";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { TopNav } from "~/components/layout/TopNav";
import { BottomTabBar } from "~/components/layout/BottomTabBar";
import { WarningBanners } from "~/components/layout/WarningBanners";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
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

/** Default layout: top navigation, warning banners, page, footer with disclaimer; on a member's phone the bottom tab bar. */
export default function DefaultLayout() {
  const { showSiteEntry, minAge, alerts, signup, likes, wallet, bonus } = useLoaderData<typeof loader>();
  const root = useRootData();
  const prompt = useAccountPrompt(alerts, bonus);
  if (!root) return null;
  return (
    <SignupModalProvider signup={signup}>
      {/* Room at the bottom for the phone's tab bar (docs/product/site.md#phone-layout). */}
      <div className={`flex min-h-screen flex-col ${root.member ? "max-md:pb-[calc(56px+env(safe-area-inset-bottom))]" : ""}`}>
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
          {root.member && prompt ? <AccountPrompt prompt={prompt} bonus={bonus} email={root.member.email} /> : null}
        </WarningBanners>
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer brand={root.brand} usNotice={root.usNotice} languages={root.languages} current={root.locale} />
        {root.member ? <BottomTabBar member={root.member} wallet={wallet} languages={root.languages} current={root.locale} /> : null}
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
