import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { blockedMembers, unblockMember } from "~/models/safety/blocks.server";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";
import { storage } from "~/services/storage/storage.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { SubmitButton } from "~/components/ui/SubmitButton";

export const handle = { i18n: ["common", "account", "settings"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "settings");
  const blocked = await blockedMembers(db(), storage(), member.id);
  return { title: `${t("blocked.title")} | ${tenant.name}`, blocked: blocked.map((b) => ({ ...b, blockedAt: b.blockedAt.toISOString() })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = requireMember(request, context);
  const form = await request.formData();
  const blockedId = Number(form.get("member"));
  if (form.get("intent") !== "unblock" || !Number.isSafeInteger(blockedId)) throw data(null, { status: 400 });
  await unblockMember(db(), { blockerId: member.id, blockedId });
  return redirect("/settings/blocked", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "settings:blocked.unblocked" }) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Settings: the members this member blocked, each with an unblock button (docs/product/safety.md#blocks). */
export default function BlockedMembersPage() {
  const { blocked } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("settings");
  const date = dateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <SettingsFrame>
      <SettingsSection title={t("blocked.title")} testId="blocked-members">
        <p className="text-sm text-gray-600">{t("blocked.intro")}</p>
        {blocked.length === 0 ? (
          <p className="mt-4 text-sm" data-testid="blocked-empty">
            {t("blocked.empty")}
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-gray-100">
            {blocked.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-3 py-3" data-testid="blocked-member">
                <AppLink to={`/members/${member.id}`} className="flex items-center gap-3">
                  {member.thumbUrl ? (
                    <img src={member.thumbUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
                  ) : (
                    <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-full bg-gray-200 font-bold">
                      {member.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold">{member.name}</span>
                    <span className="block text-xs text-gray-500">{t("blocked.since", { date: date.format(new Date(member.blockedAt)) })}</span>
                  </span>
                </AppLink>
                <Form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="member" value={member.id} />
                  <SubmitButton className="btn-outline px-3 py-1 text-sm" data-testid="unblock">
                    {t("blocked.unblock")}
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </SettingsFrame>
  );
}
