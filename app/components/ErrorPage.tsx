import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Component, useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { reloadIfChunkError } from "~/utils/chunk-reload";

/** The titles of a brand's error pages, loaded by the layouts (app/web/layout-data.server.ts). */
export interface ErrorTitles {
  notFound: string;
  failed: string;
}

/**
 * The `meta` of a page that failed: the error page's title from the nearest layout that loaded
 * them, else from the error itself; nothing while the page has not failed.
 */
export function errorPageMeta({ error, matches }: { error?: unknown; matches: ReadonlyArray<{ data?: unknown }> }): Array<{ title: string }> {
  if (!error) return [];
  // An error thrown before any layout loaded (an unknown host) brings its titles along.
  const thrown = isRouteErrorResponse(error) ? (error.data as { errorTitles?: ErrorTitles } | null | undefined)?.errorTitles : undefined;
  const titles =
    matches
      .map((match) => (match.data as { errorTitles?: ErrorTitles } | null | undefined)?.errorTitles)
      .reverse()
      .find((found) => found !== undefined) ?? thrown;
  if (!titles) return [];
  return [{ title: isRouteErrorResponse(error) && error.status === 404 ? titles.notFound : titles.failed }];
}

/** The error page (docs/product/site.md#error-pages): message and status; on 404 a link home. */
export function ErrorPage() {
  return (
    <ErrorPageGuard>
      <ErrorContent />
    </ErrorPageGuard>
  );
}

function describe(error: unknown): { status: number; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const message = (error.data as { message?: unknown } | null)?.message;
    return { status: error.status, message: typeof message === "string" ? message : null };
  }
  return { status: 500, message: null };
}

function ErrorContent() {
  const { t } = useTranslation("common");
  const error = useRouteError();
  const { status, message } = describe(error);
  // A page whose script is gone since an update loads afresh instead of showing an error.
  useEffect(() => {
    reloadIfChunkError(error);
  }, [error]);
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="error-page">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{status === 404 ? t("errors.notFound") : (message ?? t("errors.title"))}</h1>
      {status === 404 ? null : <p className="mt-2 text-gray-600">{t("errors.generic")}</p>}
      {/* A whole new document: whatever failed is not kept around in the app's state. */}
      <a href="/" className="btn-primary mt-8">
        {t("errors.home")}
      </a>
    </main>
  );
}

/** If the error page itself fails, this last page is shown instead. */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPageFallback />;
  }
}

function ErrorPageFallback() {
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="error-page-fallback">
      <h1 className="text-xl font-semibold">{t("errors.errorPageFailed")}</h1>
      <a href="/" className="mt-6 inline-block underline">
        {t("errors.home")}
      </a>
    </main>
  );
}
