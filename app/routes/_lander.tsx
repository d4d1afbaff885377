import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { Outlet, useLoaderData } from "@remix-run/react";
import { BrandLogo } from "~/components/layout/BrandLogo";
import { Footer } from "~/components/layout/Footer";
import { SiteEntryModal } from "~/components/layout/SiteEntryModal";
import { layoutData } from "~/web/layout-data.server";
import { useRootData } from "~/root";

export function loader(args: LoaderFunctionArgs) {
  return layoutData(args, "lander");
}

/** A page of this layout that fails gets the error page's title (its own meta has no data to title it with). */
export const meta: MetaFunction<typeof loader> = (args) => errorPageMeta(args);

/** Lander layout: a logo bar and the footer around an advertising page. */
export default function LanderLayout() {
  const { showSiteEntry, minAge } = useLoaderData<typeof loader>();
  const root = useRootData();
  if (!root) return null;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="on-dark bg-primary px-4 py-3">
        <BrandLogo brand={root.brand} inverted />
      </header>
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer brand={root.brand} usNotice={root.usNotice} compact />
      <SiteEntryModal show={showSiteEntry} minAge={minAge} />
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
