import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LinkContinue } from "~/components/account/LinkContinue";
import { ErrorPage, errorPageMeta } from "~/components/ErrorPage";
import { isMailLinkToken } from "~/models/notifications/mail-links.server";
import { followMailLink, mailLinkPage } from "~/models/notifications/pages/mail-link-page.server";
import { notFound } from "~/web/http.server";

export const handle = { i18n: ["common", "account", "security"] };

/**
 * Any path no route claims: a 404 inside the brand's layout — except a one-segment path with the
 * exact shape of a notification mail's link (docs/product/notifications.md#mail-links), which
 * shows the link's page with its one button.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const segment = params["*"];
  if (!isMailLinkToken(segment)) notFound();
  return mailLinkPage(context, segment);
}

/** The mail link page's button. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const segment = params["*"];
  if (!isMailLinkToken(segment)) notFound();
  return followMailLink(request, context, segment);
}

/** The link's page has its own title; the 404 the error page's (the layout's titles). */
export const meta: MetaFunction<typeof loader> = (args) => (args.data ? [{ title: args.data.title }] : errorPageMeta(args));

export default function MailLinkPage() {
  const { link } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <LinkContinue kind={link.kind} name={link.name} error={refused ? { key: refused.error, minutes: refused.minutes } : null} />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
