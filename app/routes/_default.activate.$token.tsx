import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LinkContinue } from "~/components/account/LinkContinue";
import { db } from "~/db.server";
import { confirmEmail } from "~/models/accounts/accounts.server";
import { consumeToken, tokenHolder } from "~/models/accounts/email-tokens.server";
import { linkPage, linkPostRefused, loginFromLink } from "~/models/accounts/pages/link-login.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { conversationAfterActivation } from "~/models/landers/pages/member-landing.server";

export const handle = { i18n: ["common", "account", "security"] };

/**
 * The link in the activation mail: a page with one button (docs/product/accounts.md#links-that-log-in);
 * opening it changes nothing.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const holder = await tokenHolder(db(), params.token ?? "", "activate", tenant.id);
  if (!holder) throw redirect("/activate/error");
  return linkPage(context, tenant, "activate", holder.name);
}

/**
 * The button: confirms the address once, then logs in a browser where nobody is logged in (the
 * mail proves the address), which is how a member of a brand that mails before it logs in
 * (account-disclosure.ts) gets in at all — with the code first under two-step login. A member who
 * signed up on a member landing page lands in the conversation with that profile.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const tenant = requireTenant(context);
  const refused = await linkPostRefused(tenant, context);
  if (refused) return refused;
  const used = await consumeToken(db(), params.token ?? "", "activate", tenant.id);
  if (!used) throw redirect("/activate/error");
  await confirmEmail(db(), used.memberId);
  const next = (await conversationAfterActivation(db(), tenant, used.memberId)) ?? "/activate/done";
  throw await loginFromLink(tenant, request, context, used.memberId, next);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

export default function ActivationLink() {
  const { link } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return <LinkContinue kind={link.kind} name={link.name} error={refused ? { key: refused.error, minutes: refused.minutes } : null} />;
}
