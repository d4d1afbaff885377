import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/ErrorPage";
import { db } from "~/db.server";
import { requireLocalServices } from "~/web/local-services.server";
import { findOutboxMail } from "~/services/mail/outbox.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { notFound } from "~/web/http.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const mail = await findOutboxMail(db(), tenant.id, Number(params.id));
  if (!mail) notFound();
  return { id: mail.id, from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, headers: mail.headers };
}

/** One mail: its envelope, the HTML part (rendered in a sandbox, links clickable) and the text part. */
export default function DevMailView() {
  const mail = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  return (
    <article className="rounded-xl bg-white p-4 shadow-sm" data-testid="mail-view">
      <h2 className="text-lg font-semibold">{mail.subject}</h2>
      <dl className="mt-2 grid grid-cols-[6rem_1fr] gap-1 text-sm">
        <dt className="text-gray-500">{t("devMail.from")}</dt>
        <dd>{mail.from}</dd>
        <dt className="text-gray-500">{t("devMail.to")}</dt>
        <dd>{mail.to}</dd>
        {Object.entries(mail.headers).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="truncate text-gray-500">{name}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <iframe
        title={mail.subject}
        src={`/dev/mail/${mail.id}/html`}
        sandbox="allow-popups allow-top-navigation-by-user-activation allow-popups-to-escape-sandbox"
        className="mt-4 h-[36rem] w-full rounded-lg border border-gray-200"
      />
      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-semibold">{t("devMail.plainText")}</summary>
        <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-gray-50 p-3 text-sm" data-testid="mail-text">
          {mail.text}
        </pre>
      </details>
    </article>
  );
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
