import type { LoaderFunctionArgs } from "@remix-run/node";
import { chatList } from "~/models/chat/pages/chat-page.server";
import { requireApiMember } from "~/web/require-member.server";

/** Further pages of the member's conversation list (the list's "more"), as JSON: times are ISO strings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireApiMember(context);
  return Response.json(await chatList(member, tenant, new URL(request.url).searchParams.get("after")));
}
