import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MemberLanding } from "~/components/landers/MemberLanding";
import { signupAction } from "~/models/accounts/pages/signup-action.server";
import { landingProfile, loadMemberLanding } from "~/models/landers/pages/member-landing.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

export const handle = { i18n: ["common", "landers", "account", "profile", "members"] };

export function loader(args: LoaderFunctionArgs) {
  return loadMemberLanding(args, "signup");
}

/** The signup, remembering the profile (when a visitor may still see it) for after activation. */
export async function action(args: ActionFunctionArgs) {
  const profile = await landingProfile(requireTenant(args.context), args.params.id);
  return signupAction(args, profile?.id ?? null);
}

/** A form page that may show what was typed: kept by no cache (a refusal's Retry-After passes on). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "private, no-store");
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** The signup with a member's profile shown (docs/product/landers.md#member-landing-pages). */
export default function MemberSignupPage() {
  return <MemberLanding data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}
