import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { confirmEmail } from "~/models/accounts/accounts.server";
import { consumeToken } from "~/models/accounts/email-tokens.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

/** The link in the activation mail: confirms the address once, then shows the result. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const used = await consumeToken(db(), params.token ?? "", "activate", tenant.id);
  if (!used) return redirect("/activate/error");
  await confirmEmail(db(), used.memberId);
  return redirect("/activate/done");
}
