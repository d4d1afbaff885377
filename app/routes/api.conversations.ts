import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { chatList, encodeListCursor } from "~/models/chat-page.server";
import { requireTenant } from "~/tenancy/require-tenant.server";

/** Further pages of the member's conversation list (the list's "more"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context);
  const member = context.member;
  if (!member) throw data({ error: "authentication_required" }, { status: 403 });
  const list = await chatList(member, tenant, new URL(request.url).searchParams.get("after"));
  return { items: list.items, more: encodeListCursor(list.next) };
}
