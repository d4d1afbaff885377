import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { AppLink } from "~/components/ui/AppLink";
import { Icon } from "~/components/ui/Icon";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { isOneOf } from "~/domain/moderation-reasons";
import { CASE_STATUSES } from "~/domain/support-subjects";
import { answerCase, caseDetails, endWelcomeFromCase, refundFromCase, setCaseStatus } from "~/models/support/case-handling.server";
import { CaseDiscounts } from "~/components/staff/CaseDiscounts";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { paymentService } from "~/services/payments/payment-service.server";
import { tenants } from "~/tenancy/tenants.server";
import { notFound } from "~/web/http.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "staff", "moderation"] };

function caseId(param: string | undefined): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  return id;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "support");
  const found = await caseDetails(db(), staff, caseId(params.id));
  if (!found) notFound();
  const t = await getFixedT(context.language, "staff");
  return { found, title: `${found.reference} | ${t("support.title")} | ${t("title")}` };
}

/** Answer by mail, change the status, start a refund, or end a welcome discount (docs/product/support.md#the-queue). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "support");
  const id = caseId(params.id);
  const form = await request.formData();
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ error: "tooMany" as const, refunded: false }, tooManyInit(wait));
  const by = { staff, ip: context.clientIp, caseId: id };
  switch (form.get("intent")) {
    case "answer": {
      const status = form.get("status") === "closed" ? "closed" : "waiting";
      if (!(await answerCase(db(), (siteId) => tenants().get(siteId), { ...by, body: String(form.get("body") ?? ""), status }))) return data({ error: "answer" as const, refunded: false }, { status: 400 });
      throw redirect(`/staff/support/${id}`);
    }
    case "status": {
      const status = form.get("status");
      if (!isOneOf(CASE_STATUSES, status) || !(await setCaseStatus(db(), { ...by, status }))) notFound();
      throw redirect(`/staff/support/${id}`);
    }
    case "refund": {
      const cents = Math.round(Number(String(form.get("amount") ?? "").replace(",", ".")) * 100);
      const outcome = await refundFromCase(db(), (provider) => (paymentService().provider === provider ? paymentService() : null), { ...by, orderId: Number(form.get("order")), amountCents: cents });
      return outcome.ok ? data({ error: null, refunded: true }) : data({ error: `refund.${outcome.reason}` as const, refunded: false }, { status: 400 });
    }
    case "end_welcome": {
      if (!(await endWelcomeFromCase(db(), by))) return data({ error: "discounts.errors.end" as const, refunded: false }, { status: 400 });
      throw redirect(`/staff/support/${id}`);
    }
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

const money = (cents: number, currency: string) => new Intl.NumberFormat("nl-NL", { style: "currency", currency }).format(cents / 100);

export default function SupportCasePage() {
  const { found } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("staff");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[2fr_1fr]">
      <section>
        <AppLink to="/staff/support" className="text-sm underline">
          <Icon icon={ArrowLeft} /> {t("support.title")}
        </AppLink>
        <h1 className="mt-2 text-2xl font-bold" data-testid="case-reference">
          {found.reference}
        </h1>
        <p className="text-sm text-gray-700">
          {t(`moderation:complaints.subjects.${found.subject}`)} · {found.siteId} · {found.email} · {found.language} · <span data-testid="case-staff-status">{t(`support.status.${found.status}`)}</span>
        </p>
        {found.orderReference ? <p className="text-sm text-gray-700">{t("support.orderReference", { reference: found.orderReference, linked: found.orderId ? `#${found.orderId}` : t("support.notLinked") })}</p> : null}
        <ol className="mt-4 space-y-3">
          {found.thread.map((message) => (
            <li key={message.id} className={`rounded-lg p-3 ${message.author === "staff" ? "bg-blue-50" : "bg-white shadow-sm"}`} data-testid="staff-case-message" data-author={message.author}>
              <p className="text-xs text-gray-700">
                {t(`support.author.${message.author}`)} · {t(`support.via.${message.via}`)} · {new Date(message.at).toLocaleString()}
              </p>
              <p className="mt-1 whitespace-pre-wrap">{message.body}</p>
            </li>
          ))}
        </ol>
        <Form method="post" className="mt-4 space-y-2 rounded-lg bg-white p-3 shadow-sm">
          <input type="hidden" name="intent" value="answer" />
          <label htmlFor="answer" className="block text-sm font-semibold">
            {t("support.answer", { language: found.language })}
          </label>
          <textarea id="answer" name="body" required rows={6} maxLength={20000} className="w-full rounded border border-gray-400 p-2" data-testid="case-answer" />
          {result?.error === "answer" ? <p role="alert" className="text-red-700">{t("support.errors.answer")}</p> : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="status" value="waiting" className="rounded bg-gray-900 px-3 py-1 text-white" disabled={busy} data-testid="case-answer-send">
              {t("support.send")}
            </button>
            <button type="submit" name="status" value="closed" className="rounded border border-gray-500 px-3 py-1" disabled={busy}>
              {t("support.sendAndClose")}
            </button>
          </div>
        </Form>
        <Form method="post" className="mt-3 flex items-center gap-2 text-sm">
          <input type="hidden" name="intent" value="status" />
          {CASE_STATUSES.filter((status) => status !== found.status).map((status) => (
            <button key={status} type="submit" name="status" value={status} className="rounded border border-gray-500 px-2 py-1" disabled={busy}>
              {t(`support.mark.${status}`)}
            </button>
          ))}
        </Form>
      </section>
      <aside className="space-y-4">
        {found.member ? (
          <section className="rounded-lg bg-white p-3 text-sm shadow-sm" data-testid="case-member">
            <h2 className="font-semibold">
              {found.member.name} · #{found.member.id}
            </h2>
            <dl className="mt-1 grid grid-cols-2 gap-x-2">
              <dt>{t("support.member.status")}</dt>
              <dd>{found.member.status}</dd>
              <dt>{t("support.member.credits")}</dt>
              <dd>
                {found.member.credits}
                {found.member.creditDebt > 0 ? ` (−${found.member.creditDebt})` : ""}
              </dd>
              <dt>{t("support.member.premium")}</dt>
              <dd>{found.member.paidUser ? t("support.yes") : t("support.no")}</dd>
              <dt>{t("support.member.since")}</dt>
              <dd>{new Date(found.member.createdAt).toLocaleDateString()}</dd>
              <dt>{t("support.member.lastActive")}</dt>
              <dd>{new Date(found.member.lastActiveAt).toLocaleString()}</dd>
              <dt>{t("support.member.messages")}</dt>
              <dd>{found.member.messagesLastWeek}</dd>
            </dl>
          </section>
        ) : (
          <p className="rounded-lg bg-white p-3 text-sm shadow-sm">{t("support.visitor")}</p>
        )}
        {found.orders.length > 0 ? (
          <section className="rounded-lg bg-white p-3 text-sm shadow-sm">
            <h2 className="font-semibold">{t("support.orders")}</h2>
            {result?.refunded ? <p role="status" className="text-green-800">{t("support.refundStarted")}</p> : null}
            {result?.error?.startsWith("refund.") ? <p role="alert" className="text-red-700">{t(`support.errors.${result.error}`)}</p> : null}
            <ul className="mt-1 space-y-2">
              {found.orders.map((order) => (
                <li key={order.id} data-testid="case-order" data-order-id={order.id}>
                  #{order.id} · {order.product} · {money(order.amountCents, order.currency)} · {order.method} · {order.status}
                  {order.reversedCents > 0 ? ` · ${t("support.reversed", { amount: money(order.reversedCents, order.currency) })}` : ""}
                  {order.refundable ? (
                    <Form method="post" className="mt-1 flex gap-1">
                      <input type="hidden" name="intent" value="refund" />
                      <input type="hidden" name="order" value={order.id} />
                      <input name="amount" inputMode="decimal" defaultValue={((order.amountCents - order.reversedCents) / 100).toFixed(2)} aria-label={t("support.refundAmount", { currency: order.currency })} className="w-24 rounded border border-gray-400 px-1" />
                      <button type="submit" className="rounded bg-red-800 px-2 text-white" disabled={busy} data-testid="case-refund">
                        {t("support.refund")}
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {found.discounts.length > 0 ? <CaseDiscounts discounts={found.discounts} error={result?.error === "discounts.errors.end"} busy={busy} /> : null}
        {found.events.length > 0 ? (
          <section className="rounded-lg bg-white p-3 text-sm shadow-sm">
            <h2 className="font-semibold">{t("support.activity")}</h2>
            <ul className="mt-1">
              {found.events.map((event, index) => (
                <li key={index}>
                  {event.kind} · {new Date(event.at).toLocaleString()}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </aside>
    </main>
  );
}
