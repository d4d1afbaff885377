import { DELETION_GRACE_DAYS } from "~/domain/deletion-reasons";
import type { Tenant } from "~/tenancy/schema";

/** Terms version date: 2023-12-01 12:00 UTC, or the company's added date when later (docs/product/site.md#company-info). */
export const DEFAULT_TERMS_DATE = new Date("2023-12-01T12:00:00Z");

export function termsVersionDate(company: Pick<Tenant["company"], "added">): Date {
  const added = new Date(company.added);
  return added > DEFAULT_TERMS_DATE ? added : DEFAULT_TERMS_DATE;
}

/** Phone numbers are shown and dialled without dashes and spaces. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, "");
}


/** Values the static pages interpolate. */
export function companyVariables(tenant: Tenant) {
  const { company } = tenant;
  return {
    siteName: tenant.name,
    domain: tenant.domains[0]!,
    company: company.name,
    address: company.address,
    city: company.city,
    country: company.country,
    kvk: company.kvk,
    vat: company.vat_numbers.join(", "),
    tradenames: company.tradenames.join(", "),
    supportEmail: company.support_email,
    supportPhone: cleanPhone(company.support_phone),
    refundDays: tenant.settings.refund_days,
    deletionDays: DELETION_GRACE_DAYS,
    minAge: tenant.settings.min_age,
  };
}

/** The brand's support contact for pages that send people to it. */
export function supportContact(company: { support_email: string; support_phone: string }): { email: string; phone: string } {
  return { email: company.support_email, phone: cleanPhone(company.support_phone) };
}
