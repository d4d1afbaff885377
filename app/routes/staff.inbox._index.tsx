import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { useRefresh } from "~/components/staff/useRefresh";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { brandLanguages, inboxCounts, waitingConversations } from "~/models/staff/operator-inbox.server";
import { tenants } from "~/tenancy/tenants.server";
import { FirstMessages, type FirstMessageAnswer } from "~/components/staff/FirstMessages";
import { firstMessageCandidates, profilesToWriteAs, sendFirstMessage } from "~/models/staff/first-messages.server";
import { requireStaff } from "~/web/require-staff.server";
import { staffMessageWait } from "~/models/staff/pages/staff-limits.server";
import { tooManyInit } from "~/web/too-many.server";

export const handle = { i18n: ["common", "staff"] };

export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context, "operator");
  const languages = brandLanguages(tenants());
  const [waiting, counts, candidates, t] = await Promise.all([
    waitingConversations(db(), staff, languages),
    inboxCounts(db(), staff, languages),
    firstMessageCandidates(db(), staff, tenants().tenants, languages),
    getFixedT(context.language, "staff"),
  ]);
  // The profiles to write as, once per pool and brand among the candidates.
  const places = [...new Set(candidates.map((candidate) => `${candidate.pool}\u0000${candidate.siteId}`))];
  const profiles = Object.fromEntries(
    await Promise.all(places.map(async (place) => [place, await profilesToWriteAs(db(), ...(place.split("\u0000") as [string, string]))] as const)),
  );
  return {
    waiting,
    counts,
    firstMessages: candidates.map((candidate) => ({ ...candidate, profiles: profiles[`${candidate.pool}\u0000${candidate.siteId}`] ?? [] })),
    now: new Date().toISOString(),
    title: `${t("inbox.title")} | ${t("title")}`,
  };
}

/** Writing first to a new member, as a fictional profile, within the brand's rules. */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context, "operator");
  const form = await request.formData();
  const wait = await staffMessageWait(staff);
  if (wait !== null) return data<FirstMessageAnswer>({ member: Number(form.get("member")), error: "reply.tooMany", body: String(form.get("body") ?? "") }, tooManyInit(wait));
  const outcome = await sendFirstMessage(db(), {
    staff,
    memberId: Number(form.get("member")),
    profileId: Number(form.get("profile")),
    body: String(form.get("body") ?? ""),
    brands: tenants().tenants,
    languages: brandLanguages(tenants()),
    ip: context.clientIp,
  });
  if (outcome.ok) return data<FirstMessageAnswer>({ member: Number(form.get("member")), error: null, conversationId: outcome.conversationId });
  const error = outcome.reason === "contact" ? `reply.contact.${outcome.kind}` : `first.${outcome.reason}`;
  return data<FirstMessageAnswer>({ member: Number(form.get("member")), error, body: String(form.get("body") ?? "") }, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Minutes since a moment, for "waiting 12 min". */
function minutesSince(iso: string, now: string): number {
  return Math.max(0, Math.floor((Date.parse(now) - Date.parse(iso)) / 60_000));
}

export default function OperatorInbox() {
  const { waiting, counts, firstMessages, now } = useLoaderData<typeof loader>();
  const answer = useActionData<FirstMessageAnswer>();
  const { t } = useTranslation("staff");
  useRefresh(15);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{t("inbox.title")}</h1>
      <section aria-labelledby="inbox-counts" className="mt-4">
        <h2 id="inbox-counts" className="sr-only">
          {t("inbox.counts")}
        </h2>
        {counts.length === 0 ? (
          <p className="text-gray-700" data-testid="inbox-empty">
            {t("inbox.empty")}
          </p>
        ) : (
          <table className="w-full max-w-xl text-left text-sm" data-testid="inbox-counts">
            <thead>
              <tr>
                <th className="py-1">{t("inbox.brand")}</th>
                <th className="py-1">{t("inbox.language")}</th>
                <th className="py-1">{t("inbox.waiting")}</th>
                <th className="py-1">{t("inbox.oldest")}</th>
              </tr>
            </thead>
            <tbody>
              {counts.map((count) => (
                <tr key={`${count.siteId}-${count.language}`} className="border-t border-gray-300">
                  <td className="py-1">{count.siteId}</td>
                  <td className="py-1">{count.language}</td>
                  <td className="py-1">{count.waiting}</td>
                  <td className="py-1">{t("inbox.minutes", { count: minutesSince(count.oldestSince, now) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ul className="mt-6 divide-y divide-gray-300 rounded-lg bg-white shadow-sm" data-testid="inbox-list">
        {waiting.map((item) => (
          <li key={item.conversationId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="inbox-item">
            <AppLink to={`/staff/inbox/${item.conversationId}`} className="font-medium text-blue-800 underline">
              {t("inbox.pair", { member: item.memberName, profile: item.profileName })}
            </AppLink>
            <span className="text-sm text-gray-700">
              {item.siteId} · {item.language} · {t("inbox.minutes", { count: minutesSince(item.waitingSince, now) })}
            </span>
            {item.asksReal ? <span className="rounded bg-amber-200 px-2 py-0.5 text-xs font-semibold text-gray-900">{t("flags.asksReal")}</span> : null}
            {item.needsCareWarning ? <span className="rounded bg-red-200 px-2 py-0.5 text-xs font-semibold text-gray-900">{t("flags.vulnerable")}</span> : null}
            {item.claimedBy ? <span className="ml-auto text-xs text-gray-700">{item.claimedByMe ? t("inbox.claimedByYou") : t("inbox.claimedBy", { email: item.claimedBy })}</span> : null}
          </li>
        ))}
      </ul>
      <FirstMessages candidates={firstMessages} answer={answer} />
    </main>
  );
}
