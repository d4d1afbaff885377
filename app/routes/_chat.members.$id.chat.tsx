import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { ChatHeader } from "~/components/chat/ChatHeader";
import { ChatShell } from "~/components/chat/ChatShell";
import { Composer } from "~/components/chat/Composer";
import { ConversationList } from "~/components/chat/ConversationList";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { chatClock, chatList, withListTimes, chatPartner, composerSettings, idParam, mayStartConversation, chatAnswer, sendFromForm } from "~/models/chat/pages/chat-page.server";
import { conversationWith } from "~/models/chat/conversations.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "chat", "gifts", "members"] };

/** With a conversation already there, this is that conversation; otherwise an empty one with the member. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const otherId = idParam(params.id);
  const existing = await conversationWith(db(), member.id, otherId);
  if (existing !== null) throw redirect(`/chats/${existing}`);
  const partner = await chatPartner(member, tenant, otherId, false);
  if (!partner) throw data(null, { status: 404 });
  const [list, mayStart, fictional, t] = await Promise.all([
    chatList(member, tenant, new URL(request.url).searchParams.get("after")),
    mayStartConversation(member),
    fictionalTexts(tenant, context.language),
    getFixedT(context.language, "chat"),
  ]);
  const clock = chatClock(tenant, context);
  return {
    partner,
    mayStart,
    fictional,
    items: withListTimes(list.items, clock, t("yesterday")),
    more: list.more,
    credits: member.credits,
    paidUser: member.paidUser,
    clock,
    settings: composerSettings(tenant, member, context),
    // The conversation is named by the other member (docs/product/site.md#accessibility).
    title: `${partner.name} · ${t("metaTitle", { siteName: tenant.name })}`,
  };
}

/** The first message starts the conversation; its page takes over from here. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const reply = await sendFromForm(request, member, tenant, idParam(params.id));
  return reply.ok ? redirect(`/chats/${reply.conversationId}`) : chatAnswer(reply);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => (loaded ? [{ title: loaded.title }] : []);

export default function StartConversation() {
  const { partner, mayStart, fictional, items, more, credits, paidUser, clock, settings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  return (
    <ChatShell credits={credits} paidUser={paidUser} conversationOpen list={<ConversationList items={items} activeId={null} more={more} clock={clock} />}>
      <ChatHeader partner={partner} fictional={fictional} typing={false} conversationId={null} />
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center p-6 text-center" data-testid="chat-messages">
        {mayStart ? (
          <p className="text-gray-600" data-testid="chat-empty">
            {t("empty", { name: partner.name })}
          </p>
        ) : (
          <section role="alert" className="max-w-md rounded-2xl bg-white p-6 shadow" data-testid="premium-only">
            <h2 className="text-xl font-bold">{t("premiumOnly.title")}</h2>
            <p className="mt-2 text-gray-700">{t("premiumOnly.body", { name: partner.name })}</p>
            <AppLink to="/premium" className="btn-primary mt-4 inline-block">
              {t("premiumOnly.action")}
            </AppLink>
          </section>
        )}
      </div>
      {mayStart ? <Composer partnerName={partner.name} settings={settings} icebreaker /> : null}
    </ChatShell>
  );
}
