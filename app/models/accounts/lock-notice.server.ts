import { eq } from "drizzle-orm";
import type { Executor } from "../../../db/client.server";
import { members, profiles } from "../../../db/schema";
import type { Tenant } from "~/tenancy/schema";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { sendAccountMail } from "./account-mail.server";
import { ACCOUNT_FAILURE_LIMIT, THROTTLE_WINDOW_MS } from "./login-throttle.server";

/**
 * Wrong passwords just blocked this member's account (review L-4): anyone who knows the address
 * can do that, so the owner hears of it — once a day at most — with what to do if it was not them
 * (docs/product/accounts.md#login).
 */
export async function noticeAccountLocked(db: Executor, tenant: Tenant, memberId: number): Promise<void> {
  const [member] = await db
    .select({ email: members.email, name: profiles.name, language: members.language })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!member?.email) return;
  if (!(await countRequest(db, tenant.id, [[RATE_LIMITS.lockNoticePerMember, memberId]])).ok) return;
  await sendAccountMail(tenant, { email: member.email, name: member.name, language: member.language }, (t) => ({
    subject: t("security:mail.accountLocked.subject", { siteName: tenant.name }),
    paragraphs: [t("security:mail.accountLocked.intro", { count: ACCOUNT_FAILURE_LIMIT, minutes: THROTTLE_WINDOW_MS / 60_000 })],
    notes: [t("security:mail.accountLocked.notYou")],
  }));
}
