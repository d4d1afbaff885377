// What the chat benches (bench:chat, bench:streams) need to know of a send: how many messages one
// member may send before a rule of the product refuses the rest, and whether a send was refused.
import type { Tenant } from "../app/tenancy/schema";
import { RATE_LIMITS } from "../app/models/safety/rate-limits.server";

/**
 * The messages one paying member may send in a run: the hourly rate limit and the brand's daily
 * credit limit (docs/product/staff.md#vulnerable-members), less the first message that opened the
 * conversation. A bench needs enough senders to stay under it, or its later sends are refused.
 */
export function messagesPerSender(tenant: Tenant): number {
  const byCredits = Math.floor(tenant.settings.care.daily_credit_limit / Math.max(1, tenant.settings.message_credits));
  return Math.min(RATE_LIMITS.chatMessagePerMember.max, byCredits) - 1;
}

/**
 * Why the chat action refused a message, or null when it was sent. A refusal is answered 200 with
 * `ok: false` (a form error the composer shows), so the status alone does not tell.
 */
export function sendRefusal(reply: { status: number; body: string }): string | null {
  if (reply.status !== 200) return `status ${reply.status}`;
  if (reply.body.includes(`"ok",true`)) return null;
  return /"reason","(\w+)"/.exec(reply.body)?.[1] ?? reply.body.slice(0, 200);
}
