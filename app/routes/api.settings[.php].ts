import { publicSettings } from "~/models/site/pages/public-settings.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, type ApiCall } from "~/web/api/answers.server";
import { SettingsSchema } from "~/web/api/schemas.server";

/**
 * The brand's public settings (docs/product/api.md#settings). The host decides the brand: a `domain`
 * or any other query the spec's front end sends along changes nothing.
 */
async function settings({ context }: ApiCall) {
  const tenant = requireTenant(context);
  // Texts in the visitor's language, the visitor's country and (for members) the push key: this browser's only.
  return answer(SettingsSchema, await publicSettings(tenant, context), { headers: { "Cache-Control": "private, max-age=300", Vary: "Cookie, Accept-Language" } });
}

export const { loader, action } = apiRoute({ GET: settings });
