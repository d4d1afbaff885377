import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useParams } from "@remix-run/react";
import { ChatShell } from "~/components/chat/ChatShell";
import { ConversationList } from "~/components/chat/ConversationList";
import { getFixedT } from "~/i18n/i18next.server";
import { chatClock, chatList, withListTimes } from "~/models/chat/pages/chat-page.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "chat", "gifts", "members"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const [list, t] = await Promise.all([chatList(member, tenant, new URL(request.url).searchParams.get("after")), getFixedT(context.language, "chat")]);
  const clock = chatClock(tenant, context);
  return { items: withListTimes(list.items, clock, t("yesterday")), more: list.more, credits: member.credits, paidUser: member.paidUser, clock, title: t("metaTitle", { siteName: tenant.name }) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** /chats and /chats/{id}: the conversation list beside the open conversation (docs/product/chat.md#conversations). */
export default function ChatsLayout() {
  const { items, more, credits, paidUser, clock } = useLoaderData<typeof loader>();
  const { id } = useParams();
  return (
    <ChatShell credits={credits} paidUser={paidUser} conversationOpen={id !== undefined} list={<ConversationList items={items} activeId={id ? Number(id) : null} more={more} clock={clock} />}>
      <Outlet />
    </ChatShell>
  );
}
