import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage, errorPageMeta, type ErrorTitles } from "~/components/ErrorPage";
import { MembersAreaTimer } from "~/components/payments/MembersAreaTimer";
import { Toast } from "~/components/ui/Toast";
import { useAppLinkNavigation } from "~/components/ui/app-link-navigation";
import { catalogueVersion, getFixedT } from "~/i18n/i18next.server";
import { languageOptions } from "~/i18n/resolve-language";
import { takeFlash } from "~/web/flash.server";
import { trackingFromUrl, withoutTracking } from "~/models/accounts/tracking";
import { keepTracking } from "~/models/accounts/pages/signup-form-settings.server";
import { signedMediaUrl } from "~/services/storage/signed-media.server";
import { publicBrand } from "~/tenancy/public-brand";
import { themeCss } from "~/tenancy/theme-css";
import { NEUTRAL_THEME_CSS } from "~/tenancy/neutral-theme";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/utils/nonce";
import { vapidKeys } from "~/services/push/vapid.server";
import { NavigationProgress } from "~/components/layout/NavigationProgress";
import { LoadFailedNotice } from "~/components/layout/LoadFailedNotice";
import { ConsentBanner } from "~/components/consent/ConsentBanner";
import { ConsentedTags } from "~/components/consent/ConsentedTags";
import { pageConsent } from "~/models/consent/pages/consent.server";

// `security` holds the refusals any form or call may meet (too many attempts).
// `consent` holds the cookie banner's texts, shown on every page of a brand with tags.
export const handle = { i18n: ["common", "security", "consent"] };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, language, country, member } = context;
  if (!tenant) {
    // No brand, so no layout to give the error page its title: it travels with the error.
    const t = await getFixedT(language, "common");
    const errorTitles: ErrorTitles = { notFound: t("errors.notFound"), failed: t("errors.title") };
    throw data({ kind: "unknown-host" as const, language, errorTitles }, { status: 404 });
  }
  // Tracking keys are kept for the visit and taken out of the address (docs/product/site.md#tracking).
  const url = new URL(request.url);
  const tracking = trackingFromUrl(url);
  if (tracking) {
    const keep = await keepTracking(request, tenant, tracking);
    throw redirect(withoutTracking(url), keep ? { headers: { "Set-Cookie": keep } } : undefined);
  }
  const english = await getFixedT("en", "common");
  const consent = await pageConsent(request, context, tenant);
  const { flash, clear } = await takeFlash(request);
  return data({
    flash,
    /** The cookie banner and the tags the visitor's choice lets load (docs/product/site.md#consent-and-tags). */
    consent,
    locale: language,
    catalogueVersion: catalogueVersion(),
    usNotice: tenant.settings.us_footer ? english("footer.usNotice", { siteName: tenant.name }) : null,
    brand: publicBrand(tenant),
    themeCss: themeCss(tenant.theme),
    languages: languageOptions(country, tenant, language),
    /** The server's web-push identity, for the browser's subscription (docs/product/notifications.md#push). */
    pushPublicKey: member ? vapidKeys().publicKey : null,
    member: member
      ? {
          name: member.name,
          status: member.status,
          email: member.email,
          // The member's own main photo, also while it is being checked: a signed link (review L-3).
          thumbUrl: member.thumbKey ? signedMediaUrl(member.thumbKey) : null,
        }
      : null,
  }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** Only for an error no layout answers: an unknown host (every page has a title, docs/product/site.md#accessibility). */
export const meta: MetaFunction = (args) => errorPageMeta(args);

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The document around both the app and the error page. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const error = useRouteError();
  const errorLanguage = isRouteErrorResponse(error) ? (error.data as { language?: string } | null)?.language : undefined;
  const { i18n } = useTranslation();
  const lang = root?.locale ?? errorLanguage ?? i18n.language;
  const nonce = useNonce();
  // Pages that work as plain HTML (the landers, docs/product/landers.md#speed) load no JavaScript at all.
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang={lang} dir={i18n.dir(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, interactive-widget=resizes-content" />
        {root ? <meta name="theme-color" content={root.brand.theme.primary} /> : null}
        {root ? <link rel="manifest" href="/manifest.webmanifest" /> : null}
        {root ? <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" /> : null}
        {root ? <meta name="catalogue-version" content={root.catalogueVersion} /> : null}
        <Meta />
        <Links />
        <style nonce={nonce}>{root?.themeCss ?? NEUTRAL_THEME_CSS}</style>
      </head>
      <body className="min-h-screen">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  useChangeLanguage(root?.locale ?? "nl");
  useAppLinkNavigation();
  // The members-area clock of the time-bonus popup keeps running when the layout changes.
  return (
    <MembersAreaTimer>
      <NavigationProgress />
      <Outlet />
      {root?.flash ? <Toast key={root.flash.id} flash={root.flash} /> : null}
      <LoadFailedNotice aboveTabBar={Boolean(root?.member)} />
      {root ? <ConsentBanner consent={root.consent} siteName={root.brand.name} aboveTabBar={root.member !== null} /> : null}
      {root ? <ConsentedTags tags={root.consent.tags} /> : null}
    </MembersAreaTimer>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
