import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { giftImageUrl, type GiftId } from "~/domain/gifts";
import type { SendRefusal } from "~/models/chat/chat-rules";

export interface GiftChoice {
  ids: GiftId[];
  credits: number;
}

/** What the profile page's action answers for a gift that did not go (one that went opens the conversation). */
type GiftReply = { intent: "gift"; refused: SendRefusal | "photoRejected" | "photoTooLarge" };

/**
 * The profile's gift button: a picker of the brand's gifts, each a plain form post to the
 * profile page, which sends it and shows the conversation. Opened at once, its first gift
 * focused, after a visitor logged in to send one (`?gift=1`, then removed from the address), and
 * again with the reason when a gift was refused.
 */
export function GiftPicker({ name, gifts }: { name: string; gifts: GiftChoice }) {
  const { t } = useTranslation(["chat", "gifts", "members"]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [arrivedToGive] = useState(searchParams.get("gift") === "1");
  const firstGift = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!arrivedToGive) return;
    firstGift.current?.focus();
    setSearchParams(
      (params) => {
        params.delete("gift");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const reply = useActionData<GiftReply | { intent?: undefined }>();
  const refused = reply?.intent === "gift" ? reply.refused : null;
  const sending = useNavigation().formData?.get("intent") === "gift";
  return (
    <details open={arrivedToGive || refused !== null} data-testid="gift-picker">
      <summary className="btn-outline w-full cursor-pointer list-none" data-testid="action-gift">
        {t("members:profile.gift")}
      </summary>
      {/* In the phone's bottom action bar the gifts open above the bar, across the screen. */}
      <section
        className="mt-3 rounded-xl border border-gray-200 bg-white p-3 max-md:absolute max-md:inset-x-2 max-md:bottom-full max-md:mb-2 max-md:max-h-[60dvh] max-md:overflow-y-auto max-md:shadow-xl"
        aria-label={t("gifts.title")}
      >
        {refused ? (
          <p role="alert" className="mb-2 rounded-lg bg-danger/10 p-2 text-sm text-danger" data-testid="gift-refused" data-reason={refused}>
            {t(`refused.${refused}`, { name })}
            {refused === "insufficientCredits" ? (
              <>
                {" "}
                <AppLink to="/credits" className="font-semibold underline" data-testid="gift-buy-credits">
                  {t("buyCredits")}
                </AppLink>
              </>
            ) : null}
          </p>
        ) : null}
        <p className="mb-2 text-sm font-semibold">{t("gifts.title")}</p>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="gift" />
          <ul className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {gifts.ids.map((gift, index) => (
              <li key={gift}>
                <button
                  ref={index === 0 ? firstGift : undefined}
                  type="submit"
                  name="gift"
                  value={gift}
                  disabled={sending}
                  className="flex w-full flex-col items-center rounded-lg p-1 text-xs hover:bg-primary/10"
                  aria-label={t("gifts.send", { gift: t(gift, { ns: "gifts" }), count: gifts.credits })}
                  data-testid={`gift-${gift}`}
                >
                  <img src={giftImageUrl(gift)} alt="" width={48} height={48} />
                  <span>{t(gift, { ns: "gifts" })}</span>
                </button>
              </li>
            ))}
          </ul>
        </Form>
      </section>
    </details>
  );
}
