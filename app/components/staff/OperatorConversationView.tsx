import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRefresh } from "~/components/staff/useRefresh";
import { Alert, inputClass } from "~/components/ui/Field";
import { SubmitButton } from "~/components/ui/SubmitButton";
import { giftImageUrl, type GiftId } from "~/domain/gifts";
import type { OperatorPage } from "~/models/staff/pages/operator-page.server";

type Person = OperatorPage["profile"];
/** What the conversation's forms answer. */
type OperatorAnswer = { intent: string; error: string | null; body?: string };

/** Renews the claim at most every 30 s while the operator types, and lets go of it when the page is left. */
function useClaimKeeper(claimed: boolean) {
  const renew = useFetcher();
  const last = useRef(0);
  useEffect(() => {
    if (!claimed) return;
    const release = () => {
      const form = new FormData();
      form.set("intent", "release");
      navigator.sendBeacon(window.location.pathname, form);
    };
    window.addEventListener("pagehide", release);
    return () => window.removeEventListener("pagehide", release);
  }, [claimed]);
  return () => {
    if (!claimed || Date.now() - last.current < 30_000) return;
    last.current = Date.now();
    renew.submit({ intent: "renew" }, { method: "post" });
  };
}

function PersonCard({ person, heading, note, noteIntent, testId }: { person: Person; heading: string; note: string; noteIntent: string; testId: string }) {
  const { t } = useTranslation("staff");
  return (
    <section className="rounded-lg bg-white p-4 shadow-sm" aria-label={heading} data-testid={testId}>
      <h2 className="text-lg font-semibold">
        {heading}: {person.name}
      </h2>
      <p className="text-sm text-gray-700">
        {[person.age !== null ? t("person.age", { age: person.age }) : null, person.city, person.region, person.country].filter(Boolean).join(" · ")}
      </p>
      {person.about ? <p className="mt-2 whitespace-pre-line text-sm">{person.about}</p> : null}
      <Form method="post" className="mt-3 space-y-2">
        <input type="hidden" name="intent" value={noteIntent} />
        <label className="block text-sm font-medium" htmlFor={`${noteIntent}-text`}>
          {t(`notes.${noteIntent}`)}
        </label>
        <textarea id={`${noteIntent}-text`} name="note" rows={6} defaultValue={note} maxLength={4000} className={inputClass} />
        <SubmitButton className="btn-outline text-sm">
          {t("notes.save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export function OperatorConversationView({ page }: { page: OperatorPage }) {
  const { t } = useTranslation("staff");
  const { t: tGifts } = useTranslation("gifts");
  const actionData = useActionData<OperatorAnswer>();
  const busy = useNavigation().state !== "idle";
  const claimed = page.claim?.mine === true;
  const keepClaim = useClaimKeeper(claimed);
  useRefresh(10);
  const error = actionData?.error ?? null;
  const typed = actionData?.body ?? "";
  const mustAnswerHonestly = page.protection.openFlags > 0;
  const mustWarn = page.protection.needsCareWarning;

  return (
    <main className="mx-auto grid max-w-7xl gap-4 px-4 py-6 lg:grid-cols-[1fr_2fr_1fr]">
      <PersonCard person={page.profile} heading={t("conversation.persona")} note={page.personaNote} noteIntent="persona-note" testId="persona-card" />
      <section className="space-y-3" aria-label={t("conversation.title")}>
        <div className="flex flex-wrap items-center gap-3">
          <AppLink to="/staff/inbox" className="text-blue-800 underline">
            {t("conversation.back")}
          </AppLink>
          <span className="text-sm text-gray-700">
            {page.brand.name} · {page.conversation.language} · {t("conversation.localTime", { time: page.memberLocalTime })}
          </span>
        </div>
        {mustAnswerHonestly ? (
          <Alert tone="warning" testId="flag-asks-real">
            {t("flags.asksRealExplain")}
          </Alert>
        ) : null}
        {page.protection.vulnerable ? (
          <Alert tone="danger" testId="flag-vulnerable">
            {t("flags.vulnerableExplain", { signals: page.protection.signals.map((signal) => t(`signals.${signal}`)).join(", ") })}
          </Alert>
        ) : null}
        <ol className="max-h-[60vh] space-y-2 overflow-y-auto rounded-lg bg-white p-4 shadow-sm" data-testid="operator-messages">
          {page.messages.map((message) => (
            <li key={message.id} className={`max-w-[80%] rounded-lg px-3 py-2 text-sm ${message.fromProfile ? "ml-auto bg-blue-100" : "bg-gray-100"}`} data-testid={message.fromProfile ? "message-profile" : "message-member"}>
              {message.kind === "text" ? <p className="whitespace-pre-line">{message.body}</p> : null}
              {message.kind === "photo" && message.photoThumbUrl ? <img src={message.photoThumbUrl} alt={t("conversation.photo")} width={160} height={160} className="h-40 w-40 rounded object-cover" /> : null}
              {message.kind === "gift" && message.giftId ? <p>{t("conversation.gift", { gift: tGifts(message.giftId) })}</p> : null}
              <time className="block text-xs text-gray-600" dateTime={message.createdAt}>
                {new Date(message.createdAt).toLocaleString("en-GB", { timeZone: page.brand.timezone })}
              </time>
            </li>
          ))}
        </ol>
        {error ? (
          <Alert tone="danger" testId="operator-error">
            {t(error)}
          </Alert>
        ) : null}
        {!claimed ? (
          <Form method="post" className="rounded-lg bg-white p-4 shadow-sm">
            <p className="text-sm text-gray-700">{page.claim ? t("claim.heldBy", { email: page.claim.by }) : t("claim.free")}</p>
            <button type="submit" name="intent" value="claim" className="btn-primary mt-2" disabled={busy} data-testid="claim">
              {t("claim.take")}
            </button>
          </Form>
        ) : (
          <div className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
            {mustAnswerHonestly || mustWarn ? (
              <Form method="post" className="space-y-2">
                <p className="text-sm font-medium">{mustAnswerHonestly ? t("flags.sendHonest") : t("flags.sendWarning")}</p>
                <blockquote className="rounded bg-gray-100 p-2 text-sm">{mustAnswerHonestly ? page.texts.honestAnswer : page.texts.careWarning}</blockquote>
                <button type="submit" name="intent" value={mustAnswerHonestly ? "honest_answer" : "care_warning"} className="btn-primary" disabled={busy} data-testid="send-protective">
                  {t("flags.send")}
                </button>
              </Form>
            ) : null}
            <Form method="post" className="space-y-2" key={actionData && !error ? `sent-${page.messages.length}` : "reply"}>
              <label htmlFor="reply-body" className="block text-sm font-medium">
                {t("reply.label", { name: page.profile.name })}
              </label>
              <textarea id="reply-body" name="body" rows={4} maxLength={page.brand.maxLength} defaultValue={error ? typed : ""} onInput={keepClaim} className={inputClass} data-testid="reply-body" />
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="reply" className="btn-primary" disabled={busy} data-testid="reply-send">
                  {t("reply.send")}
                </button>
                <SubmitButton name="intent" value="release" className="btn-outline" formNoValidate>
                  {t("claim.release")}
                </SubmitButton>
              </div>
            </Form>
            {page.gallery.length > 0 ? (
              <Form method="post" className="flex flex-wrap gap-2" aria-label={t("reply.photos")}>
                <input type="hidden" name="intent" value="photo" />
                {page.gallery.map((photo) => (
                  <button key={photo.id} type="submit" name="photo" value={photo.id} className="rounded border border-gray-300 p-1" disabled={busy}>
                    <img src={photo.url} alt={t("reply.sendPhoto")} className="h-16 w-16 object-cover" />
                  </button>
                ))}
              </Form>
            ) : null}
            <Form method="post" className="flex flex-wrap gap-2" aria-label={t("reply.gifts")}>
              <input type="hidden" name="intent" value="gift" />
              {page.brand.gifts.map((gift) => (
                <button key={gift} type="submit" name="gift" value={gift} className="rounded border border-gray-300 p-1" disabled={busy} title={tGifts(gift)}>
                  <img src={giftImageUrl(gift as GiftId)} alt={tGifts(gift)} className="h-10 w-10" />
                </button>
              ))}
            </Form>
          </div>
        )}
      </section>
      <aside className="space-y-3">
        <PersonCard person={page.member} heading={t("conversation.member")} note={page.memberNote} noteIntent="member-note" testId="member-card" />
        <p className="rounded-lg bg-white p-4 text-sm shadow-sm" data-testid="member-credits">
          {t("conversation.credits", { credits: page.member.credits })} · {page.member.paidUser ? t("conversation.paid") : t("conversation.free")}
        </p>
      </aside>
    </main>
  );
}
