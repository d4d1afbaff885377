import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { parseIdParam } from "~/models/chat/pages/chat-page.server";
import { deleteConversation } from "~/models/chat/conversations.server";
import { methodNotAllowed, notFoundCall } from "~/web/http.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * Deletes one of the member's conversations (for them): DELETE from the list's script answers
 * JSON; the plain form's POST goes back to the list.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE" && request.method !== "POST") return methodNotAllowed("DELETE, POST");
  const { member } = requireApiMember(context);
  const id = parseIdParam(params.id);
  if (id === null || !(await deleteConversation(db(), member.id, id))) return notFoundCall();
  return request.method === "POST" ? redirect("/chats") : Response.json({ ok: true });
}

export function loader() {
  return methodNotAllowed("DELETE, POST");
}
