import { data, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { idParam } from "~/models/chat/pages/chat-page.server";
import { markConversationRead } from "~/models/chat/conversations.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * The conversation is on screen: what is in it is read (docs/product/chat.md#read-and-typing). The page's script says
 * so while the page is visible; a conversation open in a background tab stays unread.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  const { member } = requireApiMember(context);
  await markConversationRead(db(), member.id, idParam(params.id));
  return { ok: true };
}
