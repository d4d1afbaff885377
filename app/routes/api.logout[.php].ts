import { logOut } from "~/models/accounts/pages/logout.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { answer, apiRoute, crossSiteGet, type ApiCall } from "~/web/api/answers.server";
import { LoggedOutSchema } from "~/web/api/schemas.server";

/**
 * Ends this session as POST /logout does; a GET, as the spec's front end calls it, so never for
 * another site's link, and no HEAD (docs/product/api.md#head).
 */
async function logout(call: ApiCall) {
  requireTenant(call.context);
  const refused = await crossSiteGet(call);
  if (refused) return refused;
  return answer(LoggedOutSchema, { user: false }, { headers: await logOut(call.request, call.context) });
}

export const { loader, action } = apiRoute({ GET: logout }, { getChangesData: true });
