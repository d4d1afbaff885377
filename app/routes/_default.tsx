import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { SignupModalProvider } from "~/components/account/SignupModal";
import { MailsStoppedAlert } from "~/components/account/MailsStoppedAlert";
import { NoPhotoAlert } from "~/components/account/NoPhotoAlert";
import { UnconfirmedReminder } from "~/components/account/UnconfirmedReminder";
import { Footer } from "~/components/layout/Footer";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { TopNav } from "~/components/layout/TopNav";
import { WarningBanners } from "~/components/layout/WarningBanners";
import { alertHiddenOn } from "~/models/alert-routes";
import { layoutData } from "~/models/site-entry.server";
import { useRootData } from "~/root";

/** Account alerts and flash messages can show on any page of this layout. */
export const handle = { i18n: ["common", "account", "settings"] };

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "default");
}

/** Default layout: top navigation, warning banners, page, footer with disclaimer. */
export default function DefaultLayout() {
  const { showSiteEntry, minAge, alerts, signup } = useLoaderData<typeof loader>();
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
        />
        <WarningBanners>
          {alerts.unconfirmed && root.member ? (
            <UnconfirmedReminder email={root.member.email} />
          ) : null}
          {alerts.notificationsDisabled && !alertHiddenOn("notificationsDisabled", pathname) ? <MailsStoppedAlert /> : null}
          {alerts.noPhoto && !alertHiddenOn("noPhoto", pathname) ? <NoPhotoAlert /> : null}
        </WarningBanners>
        <div className="flex-1">
          <Outlet />
        </div>
        <Footer brand={root.brand} usNotice={root.usNotice} />
        <SiteEntryModal show={showSiteEntry} minAge={minAge} />
      </div>
    </SignupModalProvider>
  );
}
