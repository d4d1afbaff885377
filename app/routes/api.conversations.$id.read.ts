import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { parseIdParam } from "~/models/chat/pages/chat-page.server";
import { markConversationRead } from "~/models/chat/conversations.server";
import { methodNotAllowed, notFoundCall } from "~/web/http.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * The conversation is on screen: what is in it is read (docs/product/chat.md#read-and-typing). The page's script says
 * so while the page is visible; a conversation open in a background tab stays unread.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { member } = requireApiMember(context);
  const id = parseIdParam(params.id);
  if (id === null) return notFoundCall();
  await markConversationRead(db(), member.id, id);
  return Response.json({ ok: true });
}

export function loader() {
  return methodNotAllowed("POST");
}
