import { db } from "~/db.server";
import { deleteConversation } from "~/models/chat/conversations.server";
import { answer, apiError, apiRoute, parseJsonBody, type ApiCall } from "~/web/api/answers.server";
import { ChatDeleteBodySchema, OkSchema } from "~/web/api/schemas.server";
import { requireApiMember } from "~/web/require-member.server";

/**
 * Deletes one of the member's conversations for them, as the chat list's delete does
 * (docs/product/chat.md#deleting-a-conversation). Another member's or an unknown conversation is a 404.
 */
async function deleteChat({ request, context }: ApiCall) {
  const { member } = requireApiMember(context);
  const body = await parseJsonBody(request, ChatDeleteBodySchema, context.language);
  if (!body.ok) return body.answer;
  if (!(await deleteConversation(db(), member.id, body.data.conversation))) return apiError(context.language, 404, "not_found", "api.conversationGone");
  return answer(OkSchema, { ok: true });
}

export const { loader, action } = apiRoute({ DELETE: deleteChat });
