import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import QRCode from "qrcode";
import { useTranslation } from "react-i18next";
import { SettingsFrame, SettingsSection } from "~/components/settings/SettingsFrame";
import { Alert, Field, inputClass } from "~/components/ui/Field";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import { checkCurrentPassword } from "~/models/accounts/account-settings.server";
import { checkSecondFactor, disableTwoFactor, enableTwoFactor, newTwoFactorSecret, twoFactorEnabled } from "~/models/accounts/two-factor.server";
import { seal, unseal } from "~/services/secrets/seal.server";
import { totpSetupCookie } from "~/web/cookies.server";
import { setFlash } from "~/web/flash.server";
import { requireMember } from "~/web/require-member.server";

export const handle = { i18n: ["common", "account", "settings"] };

/** On: how to turn it off. Off: a new secret to scan (kept sealed in a cookie until confirmed). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const t = await getFixedT(context.language, "security");
  const title = `${t("twoFactor.title")} | ${tenant.name}`;
  if (await twoFactorEnabled(db(), member.id)) return data({ title, enabled: true as const, setup: null });
  // The secret being set up stays the same across reloads (a wrong code revalidates the page).
  const pending = (await totpSetupCookie.parse(request.headers.get("cookie"))) as unknown;
  const kept = typeof pending === "string" ? unseal("totp-secret", pending) : null;
  const { secret, uri } = newTwoFactorSecret({ email: member.email, brand: tenant.name }, kept);
  const qr = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return data({ title, enabled: false as const, setup: { secret, uri, qr } }, { headers: { "Set-Cookie": await totpSetupCookie.serialize(seal("totp-secret", secret)) } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { tenant, member } = requireMember(request, context);
  const form = await request.formData();
  const code = String(form.get("code") ?? "").slice(0, 40);
  if (form.get("intent") === "enable") {
    const sealed = (await totpSetupCookie.parse(request.headers.get("cookie"))) as unknown;
    const secret = typeof sealed === "string" ? unseal("totp-secret", sealed) : null;
    const enabled = secret ? await enableTwoFactor(db(), member.id, secret, code) : { ok: false as const };
    if (!enabled.ok) return data({ error: "security:twoFactor.wrong", recoveryCodes: null }, { status: 400 });
    return data({ error: null, recoveryCodes: enabled.recoveryCodes }, { headers: { "Set-Cookie": await totpSetupCookie.serialize("", { maxAge: 0 }) } });
  }
  if (form.get("intent") === "disable") {
    const password = await checkCurrentPassword(db(), tenant, member.id, String(form.get("password") ?? ""), context.clientIp);
    if (!password.ok) return data({ error: "settings:wrongPassword", recoveryCodes: null }, { status: 400 });
    if (!(await checkSecondFactor(db(), member.id, code))) return data({ error: "security:twoFactor.wrong", recoveryCodes: null }, { status: 400 });
    await disableTwoFactor(db(), member.id);
    return redirect("/settings/two-factor", { headers: { "Set-Cookie": await setFlash({ tone: "success", key: "security:twoFactor.disabled" }) } });
  }
  throw data(null, { status: 400 });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

/** Settings: two-step login with an authenticator app (optional), and its recovery codes. */
export default function TwoFactorPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("security");
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error ? <Alert tone="danger" testId="two-factor-error">{t(actionData.error)}</Alert> : null;
  return (
    <SettingsFrame>
      <SettingsSection title={t("twoFactor.title")} testId="two-factor">
        <p className="text-sm text-gray-600">{t("twoFactor.intro")}</p>
        {actionData?.recoveryCodes ? (
          <div className="mt-4 space-y-3" data-testid="two-factor-recovery">
            <Alert tone="success">{t("twoFactor.enabled")}</Alert>
            <p className="text-sm">{t("twoFactor.recoveryIntro")}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
              {actionData.recoveryCodes.map((code) => (
                <li key={code} data-testid="recovery-code">{code}</li>
              ))}
            </ul>
          </div>
        ) : page.enabled ? (
          <Form method="post" className="mt-4 space-y-4" data-testid="two-factor-disable">
            <p className="text-sm font-semibold" data-testid="two-factor-on">{t("twoFactor.isOn")}</p>
            {error}
            <input type="hidden" name="intent" value="disable" />
            <Field label={t("settings:currentPassword")} htmlFor="two-factor-password">
              <input id="two-factor-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
            </Field>
            <Field label={t("twoFactor.code")} htmlFor="two-factor-code">
              <input id="two-factor-code" name="code" autoComplete="one-time-code" required className={inputClass} />
            </Field>
            <button type="submit" className="btn-outline" disabled={busy}>{t("twoFactor.turnOff")}</button>
          </Form>
        ) : page.setup ? (
          <Form method="post" className="mt-4 space-y-4" data-testid="two-factor-enable">
            <p className="text-sm">{t("twoFactor.scan")}</p>
            {/* The QR code is SVG made on the server from the otpauth URL (no script, no third party). */}
            <div className="h-48 w-48" aria-label={t("twoFactor.qrLabel")} role="img" dangerouslySetInnerHTML={{ __html: page.setup.qr }} />
            <p className="text-sm">
              {t("twoFactor.manual")} <code className="break-all font-mono" data-testid="two-factor-secret">{page.setup.secret}</code>
            </p>
            {error}
            <input type="hidden" name="intent" value="enable" />
            <Field label={t("twoFactor.code")} htmlFor="two-factor-new-code">
              <input id="two-factor-new-code" name="code" autoComplete="one-time-code" inputMode="numeric" required className={inputClass} />
            </Field>
            <button type="submit" className="btn-primary" disabled={busy} data-testid="two-factor-submit">{t("twoFactor.turnOn")}</button>
          </Form>
        ) : null}
      </SettingsSection>
    </SettingsFrame>
  );
}
