import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import type { Tenant } from "~/tenancy/schema";
import { ALL_BRANDS, countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { complaintSchema } from "../complaint-form";
import { openCase } from "../support-cases.server";
import { mailCaseOpened } from "../case-mails.server";

export type ComplaintOutcome =
  | { ok: true; reference: string; email: string }
  | { ok: false; reply: SubmissionResult<string[]>; retryAfterSeconds?: number };

/**
 * The /complaints form (docs/product/support.md#the-form): stored as a case and acknowledged by
 * mail with its case number. A member is answered at their account's address.
 */
export async function submitComplaint(form: FormData, tenant: Tenant, context: AppLoadContext): Promise<ComplaintOutcome> {
  const member = context.member;
  const submission = parseWithZod(form, { schema: complaintSchema(member === null) });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const value = submission.value;
  const email = member?.email ?? value.email!;
  // The acknowledgement goes to an address anyone may type: per sender address here, and per inbox on every brand.
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.complaintPerAddress, context.clientIp]]);
  const countedInbox = counted.ok ? await countRequest(db(), ALL_BRANDS, [[RATE_LIMITS.complaintPerRecipient, email.toLowerCase()]]) : counted;
  if (!countedInbox.ok) return { ok: false, reply: submission.reply({ formErrors: ["security:tooMany"] }), retryAfterSeconds: countedInbox.retryAfterSeconds };
  const opened = await openCase(db(), {
    siteId: tenant.id,
    memberId: member?.id ?? null,
    email,
    language: context.language,
    subject: value.subject,
    message: value.message,
    orderReference: value.order ?? null,
  });
  await mailCaseOpened(tenant, { email, name: member?.name ?? "", language: context.language, reference: opened.reference }, opened);
  return { ok: true, reference: opened.reference, email };
}
