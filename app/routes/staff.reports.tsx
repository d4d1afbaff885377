import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { ReportCard } from "~/components/staff/ReportCard";
import { BAN_REASONS, isOneOf, PHOTO_REJECT_REASONS, TEXT_REJECT_REASONS, WARNING_REASONS } from "~/domain/moderation-reasons";
import { banMember } from "~/models/moderation/bans.server";
import { decideReport, reportQueue, type ReportDecision } from "~/models/moderation/reports.server";
import { staffDecisionWait } from "~/models/staff/pages/staff-limits.server";
import { storage } from "~/services/storage/storage.server";
import { tenants } from "~/tenancy/tenants.server";
import { requireStaff } from "~/web/require-staff.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "staff", "moderation"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const [reports, t] = await Promise.all([reportQueue(db(), staff), getFixedT(context.language, "staff")]);
  return { reports, title: `${t("reports.title")} | ${t("title")}` };
}

/** The decision a form asks for, or null when it is not a valid one. */
function readDecision(form: FormData): ReportDecision | null {
  const reason = form.get("reason");
  const id = Number(form.get("target"));
  switch (form.get("intent")) {
    case "dismiss":
      return { action: "dismiss" };
    case "warn":
      return isOneOf(WARNING_REASONS, reason) ? { action: "warn", reason } : null;
    case "hide_photo":
      return isOneOf(PHOTO_REJECT_REASONS, reason) && Number.isSafeInteger(id) && id > 0 ? { action: "hide_photo", photoId: id, reason } : null;
    case "hide_chat_photo":
      return Number.isSafeInteger(id) && id > 0 ? { action: "hide_chat_photo", messageId: id } : null;
    case "hide_text":
      return isOneOf(TEXT_REJECT_REASONS, reason) ? { action: "hide_text", field: "about", reason } : null;
    default:
      return null;
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "moderator");
  const form = await request.formData();
  const reportId = Number(form.get("report"));
  if (!Number.isSafeInteger(reportId) || reportId <= 0) throw data(null, { status: 400 });
  const wait = await staffDecisionWait(staff);
  if (wait !== null) return data({ reportId, error: "tooMany" as const }, tooManyInit(wait));
  const by = { staff, ip: context.clientIp };
  if (form.get("intent") === "ban") {
    const reason = form.get("reason");
    const memberId = Number(form.get("member"));
    if (!isOneOf(BAN_REASONS, reason) || !Number.isSafeInteger(memberId)) return data({ reportId, error: "invalid" as const }, { status: 400 });
    const banned = await banMember(db(), { ...by, memberId, reason, note: String(form.get("note") ?? ""), withPayment: form.get("payment") === "on" });
    return data({ reportId, error: banned ? null : ("decided" as const) });
  }
  const decision = readDecision(form);
  if (!decision) return data({ reportId, error: "invalid" as const }, { status: 400 });
  const done = await decideReport(db(), storage(), tenants(), by, reportId, decision);
  return data({ reportId, error: done ? null : ("decided" as const) });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Reports of members about profiles (docs/product/moderation.md#reports), oldest first. */
export default function ReportsPage() {
  const { reports } = useLoaderData<typeof loader>();
  const { t } = useTranslation("staff");
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("reports.title")}</h1>
      {reports.length === 0 ? (
        <p className="mt-4 text-gray-700" data-testid="reports-empty">
          {t("reports.empty")}
        </p>
      ) : null}
      <ul className="mt-4 space-y-4">
        {reports.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ul>
    </main>
  );
}
