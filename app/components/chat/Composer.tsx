import { useActionData, useFetcher } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatActionReply } from "~/models/chat/pages/chat-page.server";
import { giftImageUrl, type GiftId } from "~/domain/gifts";
import { useHydrated } from "~/utils/use-hydrated";
import { IcebreakerModal } from "./IcebreakerModal";

export interface ComposerSettings {
  messageLength: number;
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  gifts: GiftId[];
  freeMessages: number;
  /** The minimum price of a message in the member's country, formatted, where the brand states one. */
  minimum: string | null;
}

/**
 * The chat footer: a text with its character count, a photo upload and a gift picker, each a
 * form that works without JavaScript. A refused message keeps what was typed and says why; not
 * enough credits shows the fixed text (docs/product/chat.md#fixed-texts) with a link to buy.
 */
export function Composer({
  partnerName,
  settings,
  icebreaker,
  onTyping,
}: {
  partnerName: string;
  settings: ComposerSettings;
  icebreaker: boolean;
  onTyping?: () => void;
}) {
  const { t } = useTranslation(["chat", "gifts"]);
  const textForm = useFetcher<ChatActionReply>({ key: "chat-text" });
  const photoForm = useFetcher<ChatActionReply>({ key: "chat-photo" });
  const giftForm = useFetcher<ChatActionReply>({ key: "chat-gift" });
  // Without script the form posted as a page: a refusal comes back as the page's action data.
  const pageReply = useActionData<ChatActionReply>();
  const [text, setText] = useState(pageReply && !pageReply.ok ? (pageReply.body ?? "") : "");
  const [giftsOpen, setGiftsOpen] = useState(false);
  const [showIcebreaker, setShowIcebreaker] = useState(icebreaker);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [sentText, setSentText] = useState("");
  const hydrated = useHydrated();

  // Each new reply of the three forms is handled once, while rendering: a sent text empties the
  // composer, a refused one comes back as it was typed, and the newest refusal is shown.
  const [refusal, setRefusal] = useState<Extract<ChatActionReply, { ok: false }> | null>(pageReply && !pageReply.ok ? pageReply : null);
  const replies = [textForm.data, photoForm.data, giftForm.data];
  const [handled, setHandled] = useState(replies);
  const changed = replies.findIndex((reply, index) => reply !== handled[index]);
  if (changed >= 0) {
    setHandled(replies);
    const reply = replies[changed];
    if (reply) {
      setRefusal(reply.ok ? null : reply);
      // A refused text comes back as it was typed (the composer was emptied when it went).
      if (changed === 0) setText(reply.ok ? "" : (reply.body ?? sentText));
    }
  }
  const busy = textForm.state !== "idle" || photoForm.state !== "idle" || giftForm.state !== "idle";

  return (
    <footer className="border-t border-gray-200 bg-white p-3">
      {refusal ? (
        <p role="alert" className="mb-2 rounded-lg bg-danger/10 p-2 text-sm text-danger" data-testid="chat-refused" data-reason={refusal.reason}>
          {t(`refused.${refusal.reason}`, { name: partnerName, max: settings.messageLength })}
          {refusal.reason === "careLimit" ? (
            <>
              {" "}
              <AppLink to="/care" className="font-semibold underline" data-testid="chat-care-link">
                {t("careLink")}
              </AppLink>
            </>
          ) : null}
          {refusal.reason === "insufficientCredits" ? (
            <>
              {" "}
              <AppLink to="/credits" className="font-semibold underline" data-testid="chat-buy-credits">
                {t("buyCredits")}
              </AppLink>
            </>
          ) : null}
        </p>
      ) : null}
      {/* A text shows in the conversation at once (MessageList's pending bubble) and the composer empties. */}
      <textForm.Form
        method="post"
        className="flex items-end gap-2"
        data-testid="chat-composer"
        onSubmit={() => {
          setSentText(text);
          setText("");
        }}
      >
        <input type="hidden" name="intent" value="text" />
        <label className="min-w-0 flex-1">
          <span className="sr-only">{t("composer.label", { name: partnerName })}</span>
          <textarea
            ref={textarea}
            name="body"
            rows={2}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onTyping?.();
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                // One send at a time: a second Enter before the answer would send (and charge) twice.
                if (!busy) event.currentTarget.form?.requestSubmit();
              }
            }}
            maxLength={settings.messageLength}
            placeholder={t("composer.placeholder")}
            className="w-full resize-none rounded-xl border border-gray-300 px-3 py-2 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
            data-testid="chat-input"
          />
        </label>
        <button type="submit" className="btn-primary" disabled={busy} data-testid="chat-send">
          {t("composer.send")}
        </button>
      </textForm.Form>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-gray-600">
        <span data-testid="chat-count">{t("composer.count", { count: text.length, max: settings.messageLength })}</span>
        <span>
          {settings.freeMessages > 0
            ? t("composer.free", { count: settings.freeMessages })
            : t("composer.cost", { message: settings.messageCredits, photo: settings.photoCredits, gift: settings.giftCredits })}
          {settings.minimum ? ` ${t("composer.minimum", { amount: settings.minimum })}` : null}
        </span>
      </div>
      <div className="mt-2 flex gap-2">
        <photoForm.Form method="post" encType="multipart/form-data" data-testid="chat-photo-form">
          {/* The file input itself is hidden: its label shows where the focus is. */}
          <label className="btn-outline cursor-pointer text-sm focus-within:ring-2 focus-within:ring-primary focus-within:ring-offset-2">
            {t("composer.photo")}
            <input
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
              className="sr-only"
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              data-testid="chat-photo-input"
            />
          </label>
          <noscript>
            <button type="submit" className="btn-outline text-sm">
              {t("composer.send")}
            </button>
          </noscript>
        </photoForm.Form>
        <button type="button" className="btn-outline text-sm" aria-expanded={giftsOpen} onClick={() => setGiftsOpen((open) => !open)} data-testid="chat-gift-toggle">
          {t("composer.gift")}
        </button>
      </div>
      {giftsOpen ? (
        <section className="mt-2 rounded-xl border border-gray-200 p-2" aria-label={t("gifts.title")} data-testid="chat-gifts">
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {settings.gifts.map((gift) => (
              <li key={gift}>
                <giftForm.Form method="post" onSubmit={() => setGiftsOpen(false)}>
                  <input type="hidden" name="intent" value="gift" />
                  <button
                    type="submit"
                    name="gift"
                    value={gift}
                    className="flex w-full flex-col items-center rounded-lg p-1 text-xs hover:bg-primary/10"
                    disabled={busy}
                    aria-label={t("gifts.send", { gift: t(gift, { ns: "gifts" }), count: settings.giftCredits })}
                    data-testid={`chat-gift-${gift}`}
                  >
                    <img src={giftImageUrl(gift)} alt="" width={48} height={48} />
                    <span>{t(gift, { ns: "gifts" })}</span>
                  </button>
                </giftForm.Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Its buttons need the script: the modal shows only once the page runs it. */}
      {showIcebreaker && hydrated ? (
        <IcebreakerModal
          name={partnerName}
          onChoose={(line) => {
            setText(line);
            setShowIcebreaker(false);
          }}
          onClose={() => setShowIcebreaker(false)}
          composer={textarea}
        />
      ) : null}
    </footer>
  );
}
