import type { LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { isMailLinkToken } from "~/models/notifications/mail-links.server";
import { followMailLink } from "~/models/notifications/pages/mail-link-page.server";
import { notFound } from "~/web/http.server";

/**
 * Any path no route claims: a 404 inside the brand's layout — except a one-segment path with the
 * exact shape of a notification mail's link (docs/product/notifications.md#mail-links).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<never> {
  const segment = params["*"];
  if (isMailLinkToken(segment)) await followMailLink(request, context, segment);
  notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
