import { supportContact } from "~/models/site/company-info";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, type ApiCall } from "~/web/api/answers.server";
import { CompanyInfoSchema } from "~/web/api/schemas.server";

/** The company behind the brand, as the terms and the other static pages name it (docs/product/site.md#company-info). */
async function companyInfo({ context }: ApiCall) {
  const { company } = requireTenant(context);
  const contact = supportContact(company);
  return answer(
    CompanyInfoSchema,
    {
      name: company.name,
      address: company.address,
      kvk: company.kvk,
      city: company.city,
      country: company.country,
      tradenames: company.tradenames,
      vat_numbers: company.vat_numbers,
      support_phone: contact.phone,
      support_email: contact.email,
      delete_discount: company.delete_discount,
      added: company.added,
    },
    // The same for everyone on the host, in every language.
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

export const { loader, action } = apiRoute({ GET: companyInfo });
