import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { findSessionMember, sessionIdFrom } from "~/models/accounts/sessions.server";
import type { CurrentMember } from "~/models/members/current-member";
import type { Country, Language } from "~/domain/languages";
import { resolveLanguage } from "~/i18n/resolve-language";
import { visitorCountry } from "~/web/visitor-country.server";
import { requestHost, resolveTenant } from "~/tenancy/resolve-host";
import type { Tenant } from "~/tenancy/schema";
import { tenants } from "~/tenancy/tenants.server";
import { acceptedLanguages } from "~/utils/accept-language";
import { localeCookie } from "~/web/cookies.server";

export interface RequestContext {
  /** The logged-in member of this site, or null. */
  member: CurrentMember | null;
  /** The raw session id from the cookie, when its session is live. */
  sessionId: string | null;
  /** The brand this request is for; null for an unknown host. */
  tenant: Tenant | null;
  language: Language;
  /** The visitor's address (from the proxy header only when TRUST_FORWARDED_FOR is set). */
  clientIp: string | null;
  /** From a trusted geo header only; null when unknown. */
  country: Country | null;
}

declare module "@remix-run/node" {
  // Loader and action types follow single fetch (remix.config.js turns it on).
  interface Future {
    v3_singleFetch: true;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends RequestContext {}
}

/** Runs once per request before any loader: host → brand, then the language. */
export async function createRequestContext(headers: Headers, remoteAddress: string | null = null): Promise<AppLoadContext> {
  const config = env();
  const tenant = resolveTenant(requestHost(headers, config.TRUST_FORWARDED_HOST_HEADER), tenants(), {
    devTenantHosts: config.devTenantHosts,
    defaultTenant: config.DEFAULT_TENANT,
  });
  const cookieHeader = headers.get("cookie");
  const rawSessionId = tenant ? await sessionIdFrom(cookieHeader) : null;
  const member = rawSessionId && tenant ? await findSessionMember(db(), rawSessionId, tenant.id) : null;
  const cookieLanguage = (await localeCookie.parse(cookieHeader)) as unknown;
  const language = resolveLanguage({
    memberLanguage: member?.language,
    cookieLanguage: typeof cookieLanguage === "string" ? cookieLanguage : null,
    tenant,
    acceptLanguages: acceptedLanguages(headers.get("accept-language")),
  });
  return {
    tenant,
    member,
    sessionId: member ? rawSessionId : null,
    language,
    clientIp: clientAddress(headers, remoteAddress, config.TRUST_FORWARDED_FOR === "1"),
    country: visitorCountry(headers, config.GEO_COUNTRY_HEADER),
  };
}

function clientAddress(headers: Headers, remoteAddress: string | null, trustForwarded: boolean): string | null {
  if (trustForwarded) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return remoteAddress;
}
