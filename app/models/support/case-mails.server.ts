import type { Tenant } from "~/tenancy/schema";
import { sendAccountMail } from "~/models/accounts/account-mail.server";
import { tenantOrigin } from "~/web/site-origin.server";
import { caseReplyAddress, type CaseAccess } from "./support-cases.server";

interface CaseRecipient {
  email: string;
  language: string;
  reference: string;
}

/** The case's page, through the link only its customer got. */
function caseUrl(tenant: Tenant, access: CaseAccess): string {
  return `${tenantOrigin(tenant)}/complaints/${access.reference}?t=${access.token}`;
}

/** The acknowledgement with the case number (docs/product/support.md#cases); replies go back to the case. */
export function mailCaseOpened(tenant: Tenant, recipient: CaseRecipient & { name: string }, access: CaseAccess): Promise<void> {
  return sendAccountMail(tenant, recipient, (t) => ({
    subject: t("support.opened.subject", { reference: access.reference, siteName: tenant.name }),
    // Only the case number and the brand's own words: the address was typed by whoever filled in the form,
    // so a visitor's text would reach any inbox from the brand's domain (review N-M-8). The case page shows it.
    paragraphs: [t("support.opened.intro", { reference: access.reference }), t("support.opened.onCasePage")],
    button: { label: t("support.button"), url: caseUrl(tenant, access) },
    notes: [t("support.replyNote")],
    replyTo: caseReplyAddress(tenant.company.support_email, access),
  }));
}

/** Support's answer, in the case's language. */
export function mailCaseAnswer(tenant: Tenant, recipient: CaseRecipient, access: CaseAccess, body: string): Promise<void> {
  return sendAccountMail(tenant, { ...recipient, name: "" }, (t) => ({
    subject: t("support.answer.subject", { reference: access.reference, siteName: tenant.name }),
    paragraphs: [t("support.answer.intro", { reference: access.reference }), ...body.split(/\n{2,}/)],
    button: { label: t("support.button"), url: caseUrl(tenant, access) },
    notes: [t("support.replyNote")],
    replyTo: caseReplyAddress(tenant.company.support_email, access),
  }));
}
