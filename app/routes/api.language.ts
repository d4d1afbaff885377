import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { isLanguage } from "~/domain/languages";
import { setMemberLanguage } from "~/models/accounts/account-settings.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { localeCookie } from "~/web/cookies.server";
import { safeRedirectPath } from "~/web/http.server";

/**
 * Stores the chosen interface language for a year (and on the member, whose language wins over
 * the cookie and is used for mails), then returns to the page it was chosen on.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const language = form.get("lng");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isLanguage(language)) return redirect(back, 303);
  if (context.member) await setMemberLanguage(db(), context.member.id, language);
  return redirect(back, { status: 303, headers: { "Set-Cookie": await localeCookie.serialize(language) } });
}

export function loader() {
  return redirect("/");
}
