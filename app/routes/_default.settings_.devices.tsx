import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { clearSessionCookie, endMemberSessions, endSessionByRef, listMemberSessions } from "~/models/accounts/sessions.server";
import { deviceName } from "~/utils/device-name";
import { recentSecurityEvents } from "~/models/safety/security-events.server";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";
import { recordSecurityEvent } from "~/models/safety/security-events.server";
import { dateTimeFormat } from "~/utils/intl-formats";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "security");
  const [sessions, activity] = await Promise.all([listMemberSessions(db(), member.id, context.sessionId), recentSecurityEvents(db(), member.id)]);
  return {
    activity: activity.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    title: `${t("devices.title")} | ${tenant.name}`,
    timeZone: tenant.timezone,
    sessions: sessions.map((session) => ({
      ref: session.ref,
      current: session.current,
      ...deviceName(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
    })),
  };
}

/** Logs out one device, or every device (this one too: the member then logs in again). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const record = () => recordSecurityEvent(db(), { memberId: member.id, siteId: member.siteId, kind: "sessions_ended", ip: context.clientIp, userAgent: request.headers.get("user-agent") });
  if (intent === "end-all") {
    await endMemberSessions(db(), member.id);
    await record();
    const headers = new Headers();
    headers.append("Set-Cookie", await clearSessionCookie());
    headers.append("Set-Cookie", await setFlash({ tone: "success", key: "security:devices.endedAll" }));
    return redirect("/login", { headers });
  }
  const ref = form.get("session");
  if (intent !== "end" || typeof ref !== "string" || !/^[A-Za-z0-9_-]{16}$/.test(ref)) throw data(null, { status: 400 });
  if (await endSessionByRef(db(), member.id, ref)) await record();
  return redirect("/settings/devices", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "security:devices.ended" }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Settings: where the member is logged in, with a way to log out one device or all of them. */
export default function DevicesPage() {
  const { sessions, activity, timeZone } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("security");
  const busy = useNavigation().state !== "idle";
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone });
  return (
    <SettingsFrame>
      <SettingsSection title={t("devices.title")} testId="devices">
        <p className="text-sm text-gray-600">{t("devices.intro")}</p>
        <ul className="mt-4 divide-y divide-gray-100">
          {sessions.map((session) => (
            <li key={session.ref} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="device">
              <span>
                <span className="block font-semibold">
                  {session.browser && session.system
                    ? t("devices.browserOn", { browser: session.browser, system: session.system })
                    : (session.browser ?? session.system ?? t("devices.unknown"))}
                  {session.current ? <span className="ml-2 rounded bg-gray-100 px-2 py-0.5 text-xs font-normal">{t("devices.current")}</span> : null}
                </span>
                <span className="block text-xs text-gray-500">
                  {t("devices.times", { started: date.format(new Date(session.createdAt)), lastSeen: date.format(new Date(session.lastSeenAt)) })}
                </span>
              </span>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="session" value={session.ref} />
                  <button type="submit" className="btn-outline px-3 py-1" disabled={busy} data-testid="device-end">
                    {t("devices.end")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-all" />
          <button type="submit" className="btn-primary" disabled={busy} data-testid="devices-end-all">
            {t("devices.endAll")}
          </button>
        </Form>
      </SettingsSection>
      <SettingsSection title={t("activity.title")} testId="activity">
        <p className="text-sm text-gray-600">{t("activity.intro")}</p>
        <ul className="mt-4 divide-y divide-gray-100 text-sm">
          {activity.map((event, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2 py-2" data-testid="activity-event" data-kind={event.kind}>
              <span className="font-semibold">{t(`activity.kinds.${event.kind}`)}</span>
              <span className="text-gray-500">
                {[date.format(new Date(event.createdAt)), event.device, event.network].filter(Boolean).join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      </SettingsSection>
    </SettingsFrame>
  );
}
