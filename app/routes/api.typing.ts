import type { ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { memberConversation } from "~/models/chat/conversations.server";
import { signalMember } from "~/models/notifications/member-events.server";
import { methodNotAllowed } from "~/web/http.server";
import { requireApiMember } from "~/web/require-member.server";

/** The member is typing in a conversation: the other member's open pages are told (not stored). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireApiMember(context);
  const conversationId = Number((await request.formData()).get("conversation"));
  if (!Number.isSafeInteger(conversationId) || conversationId <= 0) return new Response(null, { status: 400 });
  const side = await memberConversation(db(), member.id, conversationId);
  if (!side) return new Response(null, { status: 404 });
  await signalMember(db(), side.otherId, "typing", { conversation: conversationId });
  return Response.json({ ok: true });
}

export function loader() {
  return methodNotAllowed("POST");
}
