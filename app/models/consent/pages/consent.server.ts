import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { brandTags } from "~/tenancy/brand-tags";
import type { Tenant } from "~/tenancy/schema";
import { consentCookie } from "~/web/cookies.server";
import { allowedTags, allows, currentChoice, newerChoice, sendsGpc, type ConsentChoice } from "../consent-choice";
import { accountConsent, recordConsent } from "../consent-records.server";
import { COOKIE_SETTINGS_PARAM } from "../settings-link";

export { COOKIE_SETTINGS_PARAM };


/** What every page knows about the visitor's cookie choice (the root loader's `consent`). */
export interface PageConsent {
  /** null: no banner; "ask": the banner with its three buttons; "choose": the categories, opened from the footer. */
  banner: "ask" | "choose" | null;
  /** What is allowed now (marketing never with Sec-GPC: 1); null before a choice. */
  allowed: { analytics: boolean; marketing: boolean } | null;
  gpc: boolean;
  /** The brand's tags the choice lets load: the page adds their scripts, with its nonce. */
  tags: { id: string; src: string; data: Record<string, string> }[];
}

/** This browser's choice, when it was made under the current text version. */
export async function browserConsent(request: Request): Promise<ConsentChoice | null> {
  return currentChoice((await consentCookie.parse(request.headers.get("cookie"))) as unknown);
}

/** The choice that counts for this request: the member's account or this browser's, whichever is newer. */
export async function requestConsent(request: Request, context: Pick<AppLoadContext, "member">, tenant: Tenant): Promise<ConsentChoice | null> {
  const browser = await browserConsent(request);
  const account = context.member ? await accountConsent(db(), tenant.id, context.member.id) : null;
  return newerChoice(account, browser);
}

/**
 * The banner shows on a brand with tags until the visitor chose under the current text version;
 * on every brand it opens from the footer's link. A brand without tags sets no cookie that needs
 * a consent, so it does not ask (docs/decisions/049-consent-banner-and-tags.md).
 */
export async function pageConsent(request: Request, context: Pick<AppLoadContext, "member">, tenant: Tenant): Promise<PageConsent> {
  const tags = brandTags(tenant);
  const gpc = sendsGpc(request.headers);
  const choice = await requestConsent(request, context, tenant);
  const settingsOpen = new URL(request.url).searchParams.has(COOKIE_SETTINGS_PARAM);
  return {
    banner: settingsOpen ? "choose" : tags.length > 0 && !choice ? "ask" : null,
    allowed: choice ? { analytics: allows(choice, "analytics", gpc), marketing: allows(choice, "marketing", gpc) } : null,
    gpc,
    tags: allowedTags(tags, choice, gpc).map(({ id, src, data }) => ({ id, src, data })),
  };
}

/** The three answers of the banner: everything, nothing but the necessary, or the categories ticked in "Kiezen". */
export function choiceFromForm(form: FormData): { analytics: boolean; marketing: boolean } | null {
  const intent = form.get("intent");
  if (intent === "accept") return { analytics: true, marketing: true };
  if (intent === "reject") return { analytics: false, marketing: false };
  if (intent === "save") return { analytics: form.get("analytics") === "on", marketing: form.get("marketing") === "on" };
  return null;
}

/**
 * Records a choice (with the member, when logged in) and returns the Set-Cookie that keeps it in
 * this browser. Sec-GPC: 1 turns marketing off whatever was chosen.
 */
export async function saveConsent(request: Request, context: Pick<AppLoadContext, "member">, tenant: Tenant, chosen: { analytics: boolean; marketing: boolean }): Promise<string> {
  const choice = await recordConsent(db(), { siteId: tenant.id, memberId: context.member?.id ?? null, ...chosen, gpc: sendsGpc(request.headers), source: "banner" });
  return consentCookie.serialize(choice);
}

/** At signup the visitor's choice goes with the new account, so it holds on every device and for the postbacks. */
export async function signupConsent(request: Request): Promise<{ analytics: boolean; marketing: boolean; gpc: boolean } | null> {
  const choice = await browserConsent(request);
  return choice ? { analytics: choice.analytics, marketing: choice.marketing, gpc: sendsGpc(request.headers) } : null;
}
