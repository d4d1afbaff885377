import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/domain/languages";
import { chooseLanguage } from "~/models/accounts/pages/language-choice.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { safeRedirectPath } from "~/web/http.server";

/** Stores the chosen interface language, then returns to the page it was chosen on. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireTenant(context);
  const form = await request.formData();
  const language = form.get("lng");
  const back = safeRedirectPath(form.get("redirectTo"));
  if (!isLanguage(language)) return redirect(back, 303);
  return redirect(back, { status: 303, headers: { "Set-Cookie": await chooseLanguage(context, language) } });
}

export function loader() {
  return redirect("/");
}
