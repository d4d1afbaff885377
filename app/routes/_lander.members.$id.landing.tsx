import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MemberLanding } from "~/components/landers/MemberLanding";
import { loadMemberLanding } from "~/models/landers/pages/member-landing.server";

// Plain HTML like the landers (docs/product/landers.md#speed): the form works without JavaScript.
export const handle = { i18n: ["common", "landers", "account", "profile", "members"], hydrate: false };

export function loader(args: LoaderFunctionArgs) {
  return loadMemberLanding(args, "landing");
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** A member landing page (docs/product/landers.md#member-landing-pages). */
export default function MemberLandingPage() {
  return <MemberLanding data={useLoaderData<typeof loader>()} />;
}
