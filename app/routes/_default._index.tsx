import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MemberStartPage } from "~/components/home/MemberStartPage";
import { VisitorHome } from "~/components/home/VisitorHome";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { likeFormAction } from "~/models/likes/pages/like-actions.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { memberStart } from "~/models/site/pages/member-start.server";
import { visitorHome } from "~/models/site/pages/visitor-home.server";
import { storage } from "~/services/storage/storage.server";
import { requireTenant } from "~/tenancy/require-tenant.server";
import { keepListAfterOwnPost } from "~/utils/own-post-revalidation";

export const handle = { i18n: ["common", "home", "members", "likes"] };

/** Visitors get the brand's pitch; a logged-in member their own start page (docs/product/site.md#member-start-page). */
export async function loader({ context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const member = context.member;
  if (!member) return visitorHome(tenant, context.language);
  const [start, fictional, t] = await Promise.all([
    memberStart(db(), storage(), { tenant, member }),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "home"),
  ]);
  return {
    kind: "member" as const,
    ...start,
    fictional,
    name: member.name,
    wallet: { credits: member.credits, paidUser: member.paidUser },
    title: t("start.metaTitle", { siteName: tenant.name }),
  };
}

/** The like buttons of the start page's suggestions post here. */
export function action(args: ActionFunctionArgs) {
  return likeFormAction(args, "matchfinder");
}

export const shouldRevalidate = keepListAfterOwnPost;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => {
  if (!page) return [];
  return page.kind === "visitor" ? [{ title: page.title }, { name: "description", content: page.description }] : [{ title: page.title }];
};

export default function Home() {
  const page = useLoaderData<typeof loader>();
  return page.kind === "visitor" ? <VisitorHome page={page} /> : <MemberStartPage page={page} />;
}
