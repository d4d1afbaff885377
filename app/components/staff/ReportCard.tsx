import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BAN_REASONS, PHOTO_REASON_KEYS, TEXT_REJECT_REASONS, WARNING_REASONS } from "~/domain/moderation-reasons";
import type { ReportItem } from "~/models/moderation/reports.server";

const selectClass = "rounded border border-gray-400 bg-white px-2 py-1 text-sm";
const buttonClass = "rounded bg-gray-800 px-3 py-1 text-sm text-white";

/** One report with the reported member's photos, texts and conversation, and what a moderator can do about it. */
export function ReportCard({ report }: { report: ReportItem }) {
  const { t } = useTranslation("staff");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("report") === String(report.id);
  const hidden = (intent: string, target?: number) => (
    <>
      <input type="hidden" name="report" value={report.id} />
      <input type="hidden" name="intent" value={intent} />
      {target !== undefined ? <input type="hidden" name="target" value={target} /> : null}
    </>
  );
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" data-testid="report" data-report-id={report.id} data-reported-id={report.reported.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {t("reports.about", { name: report.reported.name, id: report.reported.id })} · {report.siteId}
        </h2>
        <span className="text-sm text-gray-700">{new Date(report.createdAt).toLocaleString()}</span>
      </div>
      <p className="mt-1 text-sm">
        <strong>{t(`reports.reasons.${report.reason}`)}</strong> — {t("reports.by", { name: report.reporter.name, id: report.reporter.id })}
        {report.reported.openReports > 1 ? <span className="ml-2 rounded bg-amber-100 px-2 text-amber-900">{t("reports.open", { count: report.reported.openReports })}</span> : null}
        {report.reported.isFictional ? <span className="ml-2 rounded bg-gray-200 px-2">{t("reports.fictional")}</span> : null}
      </p>
      {report.text ? <p className="mt-2 whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm">{report.text}</p> : null}

      {report.photos.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">{t("reports.photos")}</h3>
          <ul className="mt-1 flex flex-wrap gap-3">
            {report.photos.map((photo) => (
              <li key={photo.id} className="w-40">
                <img src={photo.url} alt={t("moderation.photoOf", { name: report.reported.name })} width={160} height={160} className="h-40 w-40 rounded object-cover" />
                <Form method="post" className="mt-1 flex gap-1">
                  {hidden("hide_photo", photo.id)}
                  <select name="reason" aria-label={t("reports.reason")} className={selectClass}>
                    {PHOTO_REASON_KEYS.map((reason) => (
                      <option key={reason} value={reason}>
                        {t(`moderation.reasons.${reason}`)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={buttonClass} disabled={busy} data-testid="report-hide-photo">
                    {t("reports.hide")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {report.chatPhotos.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">{t("reports.chatPhotos")}</h3>
          <ul className="mt-1 flex flex-wrap gap-3">
            {report.chatPhotos.map((photo) => (
              <li key={photo.messageId}>
                <img src={photo.url} alt={t("moderation.photoOf", { name: report.reported.name })} width={120} height={120} className="h-28 w-28 rounded object-cover" />
                <Form method="post" className="mt-1">
                  {hidden("hide_chat_photo", photo.messageId)}
                  <button type="submit" className={buttonClass} disabled={busy} data-testid="report-hide-chat-photo">
                    {t("reports.hide")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {report.reported.about ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">{t("moderation.fields.about")}</h3>
          <p className="whitespace-pre-wrap text-sm">{report.reported.about}</p>
          <Form method="post" className="mt-1 flex gap-1">
            {hidden("hide_text")}
            <select name="reason" aria-label={t("reports.reason")} className={selectClass}>
              {TEXT_REJECT_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`moderation.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <button type="submit" className={buttonClass} disabled={busy} data-testid="report-hide-text">
              {t("reports.hide")}
            </button>
          </Form>
        </div>
      ) : null}

      {report.messages.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold">{t("reports.conversation", { count: report.messages.length })}</summary>
          <ol className="mt-1 space-y-1 text-sm">
            {report.messages.map((message) => (
              <li key={message.id} className={message.fromReported ? "text-red-900" : "text-gray-800"}>
                <span className="font-semibold">{message.fromReported ? report.reported.name : report.reporter.name}:</span> {message.kind === "text" ? message.body : t(`reports.kinds.${message.kind}`)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}

      <div className="mt-4 flex flex-wrap items-end gap-4 border-t border-gray-200 pt-3">
        <Form method="post">
          {hidden("dismiss")}
          <button type="submit" className="rounded border border-gray-500 px-3 py-1 text-sm" disabled={busy} data-testid="report-dismiss">
            {t("reports.dismiss")}
          </button>
        </Form>
        <Form method="post" className="flex gap-1">
          {hidden("warn")}
          <select name="reason" aria-label={t("reports.warnReason")} className={selectClass}>
            {WARNING_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {t(`reports.warnings.${reason}`)}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded bg-amber-700 px-3 py-1 text-sm text-white" disabled={busy} data-testid="report-warn">
            {t("reports.warn")}
          </button>
        </Form>
        {report.reported.isFictional ? null : (
          <Form method="post" className="flex flex-wrap items-center gap-2">
            {hidden("ban")}
            <input type="hidden" name="member" value={report.reported.id} />
            <select name="reason" aria-label={t("bans.reason")} className={selectClass} data-testid="report-ban-reason">
              {BAN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`bans.reasons.${reason}`)}
                </option>
              ))}
            </select>
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="payment" /> {t("bans.withPayment")}
            </label>
            <input name="note" placeholder={t("bans.note")} aria-label={t("bans.note")} maxLength={1000} className={selectClass} />
            <button type="submit" className="rounded bg-red-800 px-3 py-1 text-sm text-white" disabled={busy} data-testid="report-ban">
              {t("bans.ban")}
            </button>
          </Form>
        )}
      </div>
    </li>
  );
}
