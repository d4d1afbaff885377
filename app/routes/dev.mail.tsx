import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppLink, AppNavLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { LANGUAGE_LOCALES } from "~/domain/languages";
import { requireLocalServices } from "~/web/local-services.server";
import { listOutbox } from "~/services/mail/outbox.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common"], hideLanguageSwitcher: true };

export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalServices(context);
  const tenant = requireTenant(context);
  const mails = await listOutbox(db(), tenant.id);
  const format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[context.language], { dateStyle: "short", timeStyle: "medium", timeZone: tenant.timezone });
  return { brand: tenant.name, mails: mails.map((mail) => ({ ...mail, sentAt: format.format(mail.createdAt) })) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Mail | ${data?.brand ?? ""}` }];

/** The local outbox: every mail this brand would have sent, newest first. */
export default function DevMail() {
  const { brand, mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto grid max-w-6xl gap-4 p-4 md:grid-cols-[20rem_1fr]">
      <aside>
        <h1 className="text-xl font-bold">
          <AppLink to="/dev/mail">{t("devMail.title", { brand })}</AppLink>
        </h1>
        <p className="mt-1 text-xs text-gray-500">{t("devMail.notice")}</p>
        {mails.length === 0 ? <p className="mt-4 text-gray-600">{t("devMail.empty")}</p> : null}
        <ul className="mt-4 space-y-2" data-testid="outbox">
          {mails.map((mail) => (
            <li key={mail.id}>
              <AppNavLink
                to={`/dev/mail/${mail.id}`}
                className={({ isActive }) => `block rounded-lg border p-3 text-sm no-underline ${isActive ? "border-primary bg-primary/5" : "border-gray-200 bg-white"}`}
              >
                <span className="block truncate font-semibold">{mail.subject}</span>
                <span className="block truncate text-gray-600">{mail.to}</span>
                <span className="block text-xs text-gray-400">{mail.sentAt}</span>
              </AppNavLink>
            </li>
          ))}
        </ul>
      </aside>
      <Outlet />
    </div>
  );
}
