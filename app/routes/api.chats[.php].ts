import { chatList } from "~/models/chat/pages/chat-page.server";
import { cardsAsShown } from "~/models/members/member-cards.server";
import { answer, apiRoute, parseInput, queryOf, type ApiCall } from "~/web/api/answers.server";
import { profileCard } from "~/web/api/cards.server";
import { ChatsAnswerSchema, ChatsQuerySchema } from "~/web/api/schemas.server";
import { requireApiMember } from "~/web/require-member.server";

/** The member's conversations as the chat list shows them (docs/product/chat.md#conversations), a page at a time. */
async function chats({ url, context }: ApiCall) {
  const { tenant, member } = requireApiMember(context);
  const query = await parseInput(ChatsQuerySchema, queryOf(url), context.language);
  if (!query.ok) return query.answer;
  const list = await chatList(member, tenant, query.data.after ?? null);
  const others = cardsAsShown(list.items.map((item) => item.other), tenant.settings.visible_profile_fields);
  return answer(ChatsAnswerSchema, {
    chats: list.items.map((item, index) => ({
      conversation: {
        id: item.id,
        last_message_at: item.lastMessageAt.toISOString(),
        last_message: item.last && { type: item.last.kind, mine: item.last.mine, body: item.last.body },
      },
      profile: profileCard(others[index]!),
      num_unread_messages: item.unread,
    })),
    more: list.more,
  });
}

export const { loader, action } = apiRoute({ GET: chats });
