import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server";
import { staffAudit, staffMembers } from "../../../db/schema";
import { getFixedT } from "~/i18n/i18next.server";
import { isLanguage } from "~/domain/languages";
import { mailFrom } from "~/mail/render-mail.server";
import { escapeHtml } from "~/utils/html";
import { mailService } from "~/services/mail/mail.server";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tenants } from "~/tenancy/tenants.server";
import { recordStaffAction } from "./staff-audit.server";
import { servesAllBrands } from "./staff-scope.server";

/*
 * A wrong code after a right password means someone else may hold a staff member's password
 * (review N-M-1): after CODE_FAILURES_BEFORE_ALERT wrong codes within an hour, the staff member
 * and the admins responsible for their brands are mailed, once a day at most
 * (docs/product/staff.md#login).
 */
export const CODE_FAILURES_BEFORE_ALERT = 3;
const ALERT_WINDOW_MINUTES = 60;

export interface AlertedStaff {
  id: number;
  email: string;
  name: string;
}

/**
 * Called in the code step's transaction after a wrong code was recorded: whether this failure
 * should raise the alert. It writes the alert's audit row, so the alert is in the log even when
 * no mail can be sent.
 */
export async function codeFailureNeedsAlert(tx: Executor, staff: AlertedStaff, ip: string | null): Promise<boolean> {
  const [row] = await tx
    .select({ failures: sql<number>`count(*)::int` })
    .from(staffAudit)
    .where(
      and(
        eq(staffAudit.action, "login_failed"),
        sql`${staffAudit.details}->>'email' = ${staff.email}`,
        sql`${staffAudit.details}->>'step' = 'code'`,
        gt(staffAudit.createdAt, sql`now() - make_interval(mins => ${ALERT_WINDOW_MINUTES})`),
      ),
    );
  if ((row?.failures ?? 0) < CODE_FAILURES_BEFORE_ALERT) return false;
  if (!(await countRequest(tx, "(staff)", [[RATE_LIMITS.staffCodeAlertPerAccount, staff.id]])).ok) return false;
  await recordStaffAction(tx, { staffId: staff.id, action: "login_alert", details: { failures: row!.failures }, ip });
  return true;
}

/** Mails the staff member and every admin of their brands (all-brand admins always). */
export async function sendCodeFailureAlert(db: Database, staff: AlertedStaff): Promise<void> {
  const [account] = await db.select({ brands: staffMembers.brands, language: staffMembers.uiLanguage }).from(staffMembers).where(eq(staffMembers.id, staff.id));
  if (!account) return;
  const admins = await db
    .select({ id: staffMembers.id, email: staffMembers.email, name: staffMembers.name, brands: staffMembers.brands, language: staffMembers.uiLanguage })
    .from(staffMembers)
    .where(and(isNull(staffMembers.disabledAt), sql`'admin' = any(${staffMembers.roles})`));
  const responsible = admins.filter((admin) => servesAllBrands(admin) || servesAllBrands(account) || admin.brands.some((brand) => account.brands.includes(brand)));
  const recipients = [{ ...staff, language: account.language, own: true }, ...responsible.filter((admin) => admin.id !== staff.id).map((admin) => ({ ...admin, own: false }))];
  // Staff belong to no brand's audience; the mail goes out in the name of one of their brands.
  const sender = tenants().get(account.brands[0] ?? "") ?? tenants().tenants[0]!;
  for (const recipient of recipients) {
    const t = await getFixedT(isLanguage(recipient.language) ? recipient.language : "en", "staff");
    const lines = [
      t("mail:greeting", { name: recipient.name }),
      t("loginAlert.intro", { count: CODE_FAILURES_BEFORE_ALERT, minutes: ALERT_WINDOW_MINUTES, email: staff.email }),
      t(recipient.own ? "loginAlert.own" : "loginAlert.admin"),
    ];
    // A plain mail: it is about the staff area, not about a brand's members, so no brand's footer.
    await mailService().send({
      siteId: sender.id,
      from: mailFrom(sender),
      to: recipient.email,
      subject: t("loginAlert.subject", { email: staff.email }),
      text: lines.join("\n\n"),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    });
  }
}
