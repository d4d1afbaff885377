import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { LANGUAGE_LOCALES } from "~/domain/languages";
import { requireLocalServices } from "~/web/local-services.server";
import { listSmsOutbox } from "~/services/sms/outbox.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "directdebit"], hideLanguageSwitcher: true };

export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const messages = await listSmsOutbox(db(), tenant.id);
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[context.language], { dateStyle: "short", timeStyle: "medium", timeZone: tenant.timezone });
  return { brand: tenant.name, messages: messages.map((message) => ({ id: message.id, to: message.to, body: message.body, sentAt: format.format(message.createdAt) })) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `SMS | ${data?.brand ?? ""}` }];

/** The local SMS outbox: every text message this brand would have sent, newest first. */
export default function DevSms() {
  const { brand, messages } = useLoaderData<typeof loader>();
  const { t } = useTranslation("directdebit");
  return (
    <main className="mx-auto max-w-2xl p-4">
      <h1 className="text-xl font-bold">{t("devSms.title", { brand })}</h1>
      <p className="mt-1 text-xs text-gray-500">{t("devSms.notice")}</p>
      {messages.length === 0 ? <p className="mt-4 text-gray-600">{t("devSms.empty")}</p> : null}
      <ul className="mt-4 space-y-2" data-testid="sms-outbox">
        {messages.map((message) => (
          <li key={message.id} className="rounded-lg border border-gray-200 bg-white p-3 text-sm" data-testid="sms" data-to={message.to}>
            <span className="block font-semibold">{message.to}</span>
            <span className="block whitespace-pre-wrap" data-testid="sms-body">
              {message.body}
            </span>
            <span className="block text-xs text-gray-400">{message.sentAt}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
