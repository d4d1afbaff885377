import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { db } from "~/db.server";
import { memberConversation } from "~/models/chat/conversations.server";
import { chatPartner } from "~/models/chat/pages/chat-page.server";
import { DESKTOP_QUERY } from "~/utils/use-media-query";
import { requireMember } from "~/web/require-member.server";

/** The conversation the member opened last, while it is still theirs and shows (docs/product/chat.md#conversations). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const side = member.lastChatId !== null ? await memberConversation(db(), member.id, member.lastChatId) : null;
  // A conversation deleted since, or with someone blocked or gone, does not come back.
  const shows = side !== null && (await chatPartner(member, tenant, side.otherId, true)) !== null;
  return { lastChatId: shows ? side.id : null };
}

/**
 * Wide screens: the conversation opened last comes back beside the list; until one was opened, the
 * place of the conversation. A phone shows the list alone (the chat layout hides this pane there).
 */
export default function ChooseConversation() {
  const { lastChatId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const navigate = useNavigate();
  useEffect(() => {
    if (lastChatId !== null && window.matchMedia(DESKTOP_QUERY).matches) navigate(`/chats/${lastChatId}`, { replace: true });
  }, [lastChatId, navigate]);
  return <p className="m-auto p-6 text-gray-600">{t("choose")}</p>;
}
