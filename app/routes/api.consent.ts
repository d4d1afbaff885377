import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { choiceFromForm, COOKIE_SETTINGS_PARAM, saveConsent } from "~/models/consent/pages/consent.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { setFlash } from "~/web/flash.server";
import { safeRedirectPath } from "~/web/http.server";

/**
 * The cookie banner's form (docs/product/site.md#consent-and-tags): records the choice, keeps it
 * in the consent cookie and goes back to the page, without the footer link's parameter. A plain
 * form post without JavaScript; the page script posts it the same way and stays on its page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const form = await request.formData();
  const back = new URL(safeRedirectPath(form.get("redirectTo")), "http://site");
  back.searchParams.delete(COOKIE_SETTINGS_PARAM);
  const to = `${back.pathname}${back.search}`;
  const chosen = choiceFromForm(form);
  if (!chosen) return redirect(`${to}${to.includes("?") ? "&" : "?"}${COOKIE_SETTINGS_PARAM}`, 303);
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.consentPerAddress, context.clientIp]]);
  if (!counted.ok) return redirect(to, { status: 303, headers: { "Set-Cookie": await setFlash({ tone: "danger", key: "consent:tooMany" }) } });
  const headers = new Headers();
  headers.append("Set-Cookie", await saveConsent(request, context, tenant, chosen));
  headers.append("Set-Cookie", await setFlash({ tone: "success", key: "consent:saved" }));
  return redirect(to, { status: 303, headers });
}

export function loader() {
  return redirect("/");
}
