import { getFixedT } from "~/i18n/i18next.server";
import { isLanguage, type Language } from "~/i18n/languages";
import { mailFrom, renderMail } from "~/mail/render-mail.server";
import { mailService } from "~/services/mail/mail.server";
import type { Tenant } from "~/tenancy/schema";
import { TOKEN_LIFETIME_MS } from "./email-tokens.server";

export interface MailRecipient {
  email: string;
  name: string;
  language: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function recipientLanguage(recipient: MailRecipient, tenant: Tenant): Language {
  if (isLanguage(recipient.language)) return recipient.language;
  const brand = tenant.domain_language.slice(0, 2);
  return isLanguage(brand) ? brand : "nl";
}

/** The activation mail, in the member's language, with a one-time link. */
export async function sendActivationMail(tenant: Tenant, recipient: MailRecipient, token: string, origin: string): Promise<void> {
  const t = await getFixedT(recipientLanguage(recipient, tenant), "mail");
  const mail = renderMail(tenant, t, {
    subject: t("activation.subject", { siteName: tenant.name }),
    greeting: t("greeting", { name: recipient.name }),
    paragraphs: [t("activation.intro", { siteName: tenant.name })],
    button: { label: t("activation.button"), url: `${origin}/activate/${token}` },
    notes: [t("activation.expiry", { days: TOKEN_LIFETIME_MS.activate / DAY_MS }), t("activation.ignore")],
  });
  await mailService().send({ siteId: tenant.id, from: mailFrom(tenant), to: recipient.email, ...mail });
}

/** The password-reset mail with its one-time link. */
export async function sendPasswordResetMail(tenant: Tenant, recipient: MailRecipient, token: string, origin: string): Promise<void> {
  const t = await getFixedT(recipientLanguage(recipient, tenant), "mail");
  const hours = TOKEN_LIFETIME_MS.reset_password / (60 * 60 * 1000);
  const mail = renderMail(tenant, t, {
    subject: t("reset.subject", { siteName: tenant.name }),
    greeting: t("greeting", { name: recipient.name }),
    paragraphs: [t("reset.intro")],
    button: { label: t("reset.button"), url: `${origin}/reset-password/do?token=${token}` },
    notes: [t("reset.expiry", { hours }), t("reset.ignore")],
  });
  await mailService().send({ siteId: tenant.id, from: mailFrom(tenant), to: recipient.email, ...mail });
}
