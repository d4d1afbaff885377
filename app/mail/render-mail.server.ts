import type { TFunction } from "i18next";
import type { Tenant } from "~/tenancy/schema";
import { escapeHtml } from "~/utils/html";

export interface MailContent {
  subject: string;
  /** Greeting line, e.g. "Hi Anna,". */
  greeting: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Members shown as small cards (a digest): photo, name and details, each a link. */
  cards?: Array<{ title: string; detail: string | null; imageUrl: string | null; url: string }>;
  /** Small print under the button. */
  notes?: string[];
  /** Notification mails get an unsubscribe link and List-Unsubscribe headers. */
  unsubscribeUrl?: string;
  /** Where a reply goes, when not to the sender (a support case's own address). */
  replyTo?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** A mail in the brand's name and colours, as HTML and as plain text. */
export function renderMail(tenant: Tenant, t: TFunction, content: MailContent): RenderedMail {
  const { primary } = tenant.theme;
  const e = escapeHtml;
  const footer = t("mail:footer", { siteName: tenant.name });
  const unsubscribe = content.unsubscribeUrl
    ? `<p style="margin:8px 0 0"><a href="${e(content.unsubscribeUrl)}" style="color:#6b7280">${e(t("mail:unsubscribe"))}</a></p>`
    : "";
  const button = content.button
    ? `<p style="margin:28px 0"><a href="${e(content.button.url)}" style="background:${primary};color:#ffffff;padding:12px 22px;border-radius:999px;text-decoration:none;font-weight:bold;display:inline-block">${e(content.button.label)}</a></p>
<p style="font-size:13px;color:#6b7280">${e(t("mail:linkFallback"))}<br><a href="${e(content.button.url)}" style="color:${primary};word-break:break-all">${e(content.button.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>
<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${primary};color:#ffffff;padding:18px 24px;font-size:22px;font-weight:bold">${e(tenant.theme.logo_mark)} ${e(tenant.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.6">
<p style="margin:0 0 16px">${e(content.greeting)}</p>
${content.paragraphs.map((p) => `<p style="margin:0 0 16px">${e(p)}</p>`).join("\n")}
${cardsHtml(content.cards ?? [], primary)}
${button}
${(content.notes ?? []).map((note) => `<p style="font-size:13px;color:#6b7280;margin:0 0 8px">${e(note)}</p>`).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;font-size:12px;color:#6b7280">${e(footer)}${unsubscribe}</td></tr>
</table></td></tr></table></body></html>`;

  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.cards ?? []).flatMap((card) => [`${card.title}${card.detail ? ` – ${card.detail}` : ""}: ${card.url}`]),
    ...(content.cards?.length ? [""] : []),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ""] : []),
    ...(content.notes ?? []),
    "",
    "--",
    footer,
    ...(content.unsubscribeUrl ? [`${t("mail:unsubscribe")}: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  const headers: Record<string, string> = content.unsubscribeUrl
    ? { "List-Unsubscribe": `<${content.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : {};
  if (content.replyTo) headers["Reply-To"] = content.replyTo;
  return { subject: content.subject, html, text, headers };
}

function cardsHtml(cards: NonNullable<MailContent["cards"]>, primary: string): string {
  if (cards.length === 0) return "";
  const e = escapeHtml;
  const rows = cards.map(
    (card) => `<tr><td style="padding:6px 12px 6px 0;width:64px">${card.imageUrl ? `<a href="${e(card.url)}"><img src="${e(card.imageUrl)}" width="64" height="64" alt="" style="border-radius:8px;display:block;object-fit:cover"></a>` : ""}</td>
<td style="padding:6px 0"><a href="${e(card.url)}" style="color:${primary};font-weight:bold;text-decoration:none">${e(card.title)}</a>${card.detail ? `<br><span style="color:#6b7280;font-size:13px">${e(card.detail)}</span>` : ""}</td></tr>`,
  );
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${rows.join("\n")}</table>`;
}

/** The sender: the brand's mail name (or name) at its support address. */
export function mailFrom(tenant: Tenant): string {
  const name = (tenant.settings.mail_name ?? tenant.name).replace(/["\\]/g, "");
  return `"${name}" <${tenant.company.support_email}>`;
}
