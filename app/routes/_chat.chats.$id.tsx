import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ChatHeader } from "~/components/chat/ChatHeader";
import { Composer } from "~/components/chat/Composer";
import { MessageList } from "~/components/chat/MessageList";
import { useTyping } from "~/components/chat/useTyping";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { chatClock, composerSettings, idParam, loadConversation, chatAnswer, sendFromForm } from "~/models/chat/pages/chat-page.server";
import { memberConversation } from "~/models/chat/conversations.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { requireMember } from "~/web/require-member.server";
import { isDocumentRequest } from "~/web/http.server";
import { useMarkRead } from "~/components/chat/useMarkRead";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const before = Number(new URL(request.url).searchParams.get("before")) || null;
  const [conversation, fictional, t] = await Promise.all([
    loadConversation(request, member, tenant, idParam(params.id), before),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "chat"),
  ]);
  return {
    ...conversation,
    // Named by the other member, unlike the list's title (docs/product/site.md#accessibility).
    title: `${conversation.partner.name} · ${t("metaTitle", { siteName: tenant.name })}`,
    memberId: member.id,
    clock: chatClock(tenant, context),
    fictional,
    settings: composerSettings(tenant, member, context),
  };
}

/** The composer: a text, a photo or a gift to the other member of this conversation. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const conversationId = idParam(params.id);
  const side = await memberConversation(db(), member.id, conversationId);
  if (!side) throw data(null, { status: 404 });
  const reply = await sendFromForm(request, member, tenant, side.otherId);
  // Without script the form posted as a page: after a send, a fresh page (a reload does not send again).
  return reply.ok && isDocumentRequest(request) ? redirect(`/chats/${conversationId}`) : chatAnswer(reply);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => (loaded ? [{ title: loaded.title }] : []);

/** /chats/{id}: one conversation (docs/product/chat.md#conversations). */
export default function Conversation() {
  const chat = useLoaderData<typeof loader>();
  const { otherTyping, typed } = useTyping(chat.conversationId);
  useMarkRead(chat.conversationId, [...chat.messages].reverse().find((message) => message.senderId !== chat.memberId)?.id ?? null);
  return (
    <>
      <ChatHeader partner={chat.partner} fictional={chat.fictional} typing={otherTyping} conversationId={chat.conversationId} />
      <MessageList
        key={chat.conversationId}
        messages={chat.messages}
        hasOlder={chat.hasOlder}
        olderHidden={chat.olderHidden}
        memberId={chat.memberId}
        otherReadUpTo={chat.otherReadUpTo}
        clock={chat.clock}
      />
      <Composer
        key={`composer-${chat.conversationId}`}
        partnerName={chat.partner.name}
        settings={chat.settings}
        icebreaker={chat.messages.length === 0 && !chat.hasOlder}
        onTyping={typed}
      />
    </>
  );
}
