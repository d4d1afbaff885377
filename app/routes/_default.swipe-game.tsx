import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Countdown } from "~/components/likes/Countdown";
import { MatchModal } from "~/components/likes/MatchModal";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { likeAnswer, submitLike } from "~/models/likes/pages/like-actions.server";
import { requireMember } from "~/web/require-member.server";
import { defaultFilters, searchRules } from "~/models/search/pages/search-page.server";
import { passProfile, swipeLimit, swipeState, SWIPE_LIKES_PER_DAY } from "~/models/likes/swipe-game.server";
import { storage } from "~/services/storage/storage.server";

export const handle = { i18n: ["common", "members", "likes"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const filters = await defaultFilters(db(), member.id, searchRules(tenant));
  const t = await getFixedT(context.language, "likes");
  return { ...(await swipeState(db(), storage(), { tenant, memberId: member.id, filters })), max: SWIPE_LIKES_PER_DAY, title: `${t("swipe.title")} | ${tenant.name}` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "pass") {
    const passedId = Number(form.get("member"));
    if (!Number.isSafeInteger(passedId) || passedId <= 0) throw data(null, { status: 400 });
    if (!(await passProfile(db(), { tenant, memberId: member.id, passedId }))) throw data(null, { status: 404 });
    return null;
  }
  if (intent !== "like") throw data(null, { status: 400 });
  const reply = await submitLike(form, { tenant, member, source: "swipe", dailyLimit: swipeLimit(tenant) });
  if (!reply) throw data(null, { status: 400 });
  return likeAnswer(reply);
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** The swipe game (docs/product/likes.md#swipe-game): one profile at a time, like or pass; 4 likes a day, then a countdown. */
export default function SwipeGame() {
  const { candidate, remaining, resetsInMs, max } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("likes");
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const [closedMatch, setClosedMatch] = useState<number | null>(null);
  const start = useRef<number | null>(null);
  const dragged = useRef(false);
  const canLike = remaining > 0;

  // What was just done, told to screen readers once the next profile is there (WCAG 4.1.3).
  const [last, setLast] = useState<{ intent: "like" | "pass"; name: string; id: number } | null>(null);
  const choose = (intent: "like" | "pass") => {
    if (!candidate || busy || (intent === "like" && !canLike)) return;
    setLast({ intent, name: candidate.name, id: candidate.id });
    submit({ intent, member: String(candidate.id) }, { method: "post" });
  };
  const announcement =
    last && !busy && candidate?.id !== last.id
      ? [t(last.intent === "like" ? "swipe.liked" : "swipe.passed", { name: last.name }), candidate ? t("swipe.next", { name: candidate.name }) : ""].join(" ").trim()
      : "";
  const match = reply?.match && closedMatch !== reply.match.id ? reply.match : null;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Plain arrow presses on the page only: not Alt+Left (back), not held keys, not inside fields or behind the match modal.
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat || match) return;
      if (event.target instanceof HTMLElement && event.target.closest("input, select, textarea, [contenteditable]")) return;
      if (event.key === "ArrowRight") choose("like");
      if (event.key === "ArrowLeft") choose("pass");
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  return (
    <main className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-3xl font-bold">{t("swipe.title")}</h1>
      <p className="mt-2 text-sm text-gray-600">{t("swipe.intro")}</p>
      {canLike ? (
        <p className="mt-3 text-sm font-semibold text-primary" data-testid="swipe-remaining">
          {t("swipe.remaining", { count: remaining })}
        </p>
      ) : (
        <section className="mt-4 rounded-2xl bg-white p-5 text-center shadow-sm" data-testid="swipe-limit">
          <h2 className="font-bold">{t("swipe.limitTitle")}</h2>
          <p className="mt-1 text-sm text-gray-600">{t("swipe.limitBody", { max })}</p>
          <div className="mt-3">
            <Countdown key={resetsInMs} ms={resetsInMs} testId="swipe-countdown" />
          </div>
        </section>
      )}
      {candidate ? (
        <article
          className="mt-6 touch-pan-y select-none overflow-hidden rounded-2xl bg-white shadow-md"
          data-testid="swipe-card"
          data-member-id={candidate.id}
          onPointerDown={(event) => {
            start.current = event.clientX;
            dragged.current = false;
          }}
          onPointerMove={(event) => {
            if (start.current !== null && Math.abs(event.clientX - start.current) > 10) dragged.current = true;
          }}
          onPointerCancel={() => {
            start.current = null;
          }}
          onPointerUp={(event) => {
            if (start.current === null) return;
            const moved = event.clientX - start.current;
            start.current = null;
            if (moved > 80) choose("like");
            if (moved < -80) choose("pass");
          }}
        >
          <AppLink
            to={`/members/${candidate.id}`}
            className="block"
            // The photo is all the link shows: its name is the member's (WCAG 2.4.4).
            aria-label={candidate.name}
            draggable={false}
            onClick={(event) => {
              // A swipe that ends on the photo is not a click on it.
              if (dragged.current) event.preventDefault();
            }}
          >
            {candidate.photoUrl ? (
              <img src={candidate.photoUrl} alt="" width={448} height={448} draggable={false} className="aspect-square w-full object-cover" />
            ) : (
              <span aria-hidden="true" className="flex aspect-square w-full items-center justify-center bg-gradient-to-br from-primary/20 to-secondary/30 text-8xl font-bold text-secondary">
                {candidate.name.slice(0, 1).toUpperCase()}
              </span>
            )}
          </AppLink>
          <div className="p-4">
            <p className="text-xl font-bold" data-testid="swipe-name">
              {candidate.name}
              {candidate.age !== null ? <span className="font-normal text-gray-600">{`, ${candidate.age}`}</span> : null}
            </p>
            {candidate.city ? <p className="text-gray-600">{candidate.city}</p> : null}
          </div>
          <div className="grid grid-cols-2 gap-3 p-4 pt-0">
            {/*
              Plain forms without script; with it, sent through choose(). While one is on its way the
              buttons say so (aria-disabled) but keep the focus: a disabled button would drop it.
            */}
            <Form method="post" onSubmit={(event) => { event.preventDefault(); choose("pass"); }}>
              <input type="hidden" name="member" value={candidate.id} />
              <button type="submit" name="intent" value="pass" className="btn-outline w-full aria-disabled:opacity-60" aria-disabled={busy} data-testid="swipe-pass">
                {t("swipe.pass")}
              </button>
            </Form>
            <Form method="post" onSubmit={(event) => { event.preventDefault(); choose("like"); }}>
              <input type="hidden" name="member" value={candidate.id} />
              <button type="submit" name="intent" value="like" className="btn-primary w-full aria-disabled:opacity-60" aria-disabled={busy} disabled={!canLike} data-testid="swipe-like">
                {t("swipe.like")}
              </button>
            </Form>
          </div>
        </article>
      ) : (
        <p className="mt-6 rounded-2xl bg-white p-6 text-gray-700 shadow-sm" data-testid="swipe-empty">
          {t("swipe.empty")}
        </p>
      )}
      <p className="sr-only" aria-live="polite" data-testid="swipe-announcement">
        {announcement}
      </p>
      {reply?.refused === "dailyLimit" || reply?.refused === "tooMany" ? (
        <p className="mt-3 text-sm text-danger" role="alert">
          {t(`refused.${reply.refused}`)}
        </p>
      ) : null}
      {match ? <MatchModal match={match} onClose={() => setClosedMatch(match.id)} /> : null}
    </main>
  );
}
