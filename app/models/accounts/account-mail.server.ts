import type { TFunction } from "i18next";
import { getFixedT } from "~/i18n/i18next.server";
import { isLanguage, type Language } from "~/domain/languages";
import { mailFrom, renderMail, type MailContent } from "~/mail/render-mail.server";
import { mailService } from "~/services/mail/mail.server";
import type { Tenant } from "~/tenancy/schema";
import { DELETION_GRACE_DAYS } from "~/domain/deletion-reasons";
import { TOKEN_LIFETIME_MS } from "./email-tokens.server";

export interface MailRecipient {
  email: string;
  name: string;
  language: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function recipientLanguage(recipient: Pick<MailRecipient, "language">, tenant: Tenant): Language {
  if (isLanguage(recipient.language)) return recipient.language;
  const brand = tenant.domain_language.slice(0, 2);
  return isLanguage(brand) ? brand : "nl";
}

/** Renders a mail in the recipient's language and hands it to the mail service. */
export async function sendAccountMail(
  tenant: Tenant,
  recipient: MailRecipient,
  compose: (t: TFunction) => Omit<MailContent, "greeting"> | Promise<Omit<MailContent, "greeting">>,
): Promise<void> {
  const t = await getFixedT(recipientLanguage(recipient, tenant), "mail");
  // A visitor's complaint has no name to greet.
  const greeting = recipient.name ? t("greeting", { name: recipient.name }) : t("greetingPlain");
  const mail = renderMail(tenant, t, { greeting, ...(await compose(t)) });
  await mailService().send({ siteId: tenant.id, from: mailFrom(tenant), to: recipient.email, ...mail });
}

/** The activation mail, in the member's language, with a one-time link. */
export function sendActivationMail(tenant: Tenant, recipient: MailRecipient, token: string, origin: string): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("activation.subject", { siteName: tenant.name }),
    paragraphs: [t("activation.intro", { siteName: tenant.name })],
    button: { label: t("activation.button"), url: `${origin}/activate/${token}` },
    notes: [t("activation.expiry", { days: TOKEN_LIFETIME_MS.activate / DAY_MS }), t("activation.ignore")],
  }));
}

/** The password-reset mail with its one-time link. */
export function sendPasswordResetMail(tenant: Tenant, recipient: MailRecipient, token: string, origin: string): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("reset.subject", { siteName: tenant.name }),
    paragraphs: [t("reset.intro")],
    button: { label: t("reset.button"), url: `${origin}/reset-password/do?token=${token}` },
    notes: [t("reset.expiry", { hours: TOKEN_LIFETIME_MS.reset_password / HOUR_MS }), t("reset.ignore")],
  }));
}

/**
 * Changing the address: the link goes to the new address, and the old one is told, so a
 * stolen session cannot quietly take the account over.
 */
export async function sendEmailChangeMails(tenant: Tenant, recipient: MailRecipient, newEmail: string, token: string, origin: string): Promise<void> {
  await sendAccountMail(tenant, { ...recipient, email: newEmail }, (t) => ({
    subject: t("emailChange.subject", { siteName: tenant.name }),
    paragraphs: [t("emailChange.intro", { siteName: tenant.name, email: newEmail })],
    button: { label: t("emailChange.button"), url: `${origin}/mail-change/do?token=${token}` },
    notes: [t("emailChange.expiry", { hours: TOKEN_LIFETIME_MS.change_email / HOUR_MS }), t("emailChange.ignore")],
  }));
  await sendAccountMail(tenant, recipient, (t) => ({
    subject: t("emailChangeNotice.subject", { siteName: tenant.name }),
    paragraphs: [t("emailChangeNotice.intro", { email: newEmail })],
    notes: [t("emailChangeNotice.notYou", { supportEmail: tenant.company.support_email })],
  }));
}

/**
 * Someone signed up with an address that already has an account, on a brand that does not say so
 * on the page (account-disclosure.ts): the owner hears of it and gets the way in.
 */
export function sendExistingAccountMail(tenant: Tenant, recipient: MailRecipient, origin: string): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("security:mail.existingAccount.subject", { siteName: tenant.name }),
    paragraphs: [t("security:mail.existingAccount.intro", { siteName: tenant.name })],
    button: { label: t("security:mail.existingAccount.button"), url: `${origin}/login` },
    notes: [t("security:mail.existingAccount.forgot"), t("security:mail.notYou")],
  }));
}

/** Someone asked to move another account to this member's address, on a brand that does not say so. */
export function sendAddressInUseMail(tenant: Tenant, recipient: MailRecipient): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("security:mail.addressInUse.subject", { siteName: tenant.name }),
    paragraphs: [t("security:mail.addressInUse.intro", { siteName: tenant.name })],
    notes: [t("security:mail.notYou")],
  }));
}

/** Sent when a deletion is requested (and again on request): the way back within the grace period. */
export function sendReactivationMail(tenant: Tenant, recipient: MailRecipient, token: string, origin: string): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("deletion.subject", { siteName: tenant.name }),
    paragraphs: [t("deletion.intro", { days: DELETION_GRACE_DAYS }), t("deletion.reactivate")],
    button: { label: t("deletion.button"), url: `${origin}/reactivate/${token}` },
    notes: [t("deletion.expiry", { days: TOKEN_LIFETIME_MS.reactivate / DAY_MS })],
  }));
}
