import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { idParam } from "~/models/chat/pages/chat-page.server";
import { deleteConversation } from "~/models/chat/conversations.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * Deletes one of the member's conversations (for them): DELETE from the list's script answers
 * JSON; the plain form's POST goes back to the list.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE" && request.method !== "POST") throw data(null, { status: 405 });
  const { member } = requireApiMember(context);
  const deleted = await deleteConversation(db(), member.id, idParam(params.id));
  if (!deleted) throw data({ error: "not_found" }, { status: 404 });
  return request.method === "POST" ? redirect("/chats") : { ok: true };
}
