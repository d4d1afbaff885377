import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { getFixedT } from "~/i18n/i18next.server";
import type { Tenant } from "~/tenancy/schema";
import { countRequest, RATE_LIMITS } from "~/models/safety/rate-limits.server";
import { tooManyInit, waitMinutes } from "~/web/too-many.server";
import { finishLogin } from "./login.server";

/** The links that log a browser in (docs/product/accounts.md#links-that-log-in). */
export type LinkKind = "activate" | "reactivate" | "login";

/** What the page of such a link shows before its one button is pressed. */
export interface LinkPage {
  link: { kind: LinkKind; name: string };
  title: string;
}

/** The page of a link that logs in: whose link it is and one button; the GET itself changes nothing (review N-M-5). */
export async function linkPage(context: AppLoadContext, tenant: Tenant, kind: LinkKind, name: string): Promise<LinkPage> {
  const t = await getFixedT(context.language, "account");
  return { link: { kind, name }, title: `${t(`link.${kind}.title`)} | ${tenant.name}` };
}

function tooMany(retryAfterSeconds: number) {
  return data({ error: "security:tooMany" as const, minutes: waitMinutes(retryAfterSeconds) }, tooManyInit(retryAfterSeconds));
}

/** The button's POST counts towards the address's limit; the 429 answer when it is used up. */
export async function linkPostRefused(tenant: Tenant, context: AppLoadContext): Promise<ReturnType<typeof tooMany> | null> {
  const counted = await countRequest(db(), tenant.id, [[RATE_LIMITS.linkLoginPerAddress, context.clientIp]]);
  return counted.ok ? null : tooMany(counted.retryAfterSeconds);
}

/**
 * After a link's button (or a password reset): the member's session, through the login's own last
 * step, so two-step login asks for its code first (review N-M-6). A browser where someone is
 * logged in keeps that session: a link never replaces it (review N-M-5).
 */
export async function loginFromLink(
  tenant: Tenant,
  request: Request,
  context: AppLoadContext,
  memberId: number,
  target: string,
  options: { cookies?: string[]; sessionsEnded?: boolean } = {},
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  // A password reset ended the member's own sessions, this browser's too: that one logs in again.
  const ownEndedSession = context.member?.id === memberId && options.sessionsEnded;
  if (context.member && !ownEndedSession) return redirect(target, { headers });
  const outcome = await finishLogin(tenant, request, memberId);
  if (outcome.kind === "secondStep") {
    headers.append("Set-Cookie", outcome.cookie);
    return redirect(`/login/code?redirectTo=${encodeURIComponent(target)}`, { headers });
  }
  if (outcome.kind === "session") headers.append("Set-Cookie", outcome.cookie);
  return redirect(target, { headers });
}
