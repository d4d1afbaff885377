import type { AppLoadContext } from "@remix-run/node";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { findSessionMember, sessionIdFrom } from "~/models/accounts/sessions.server";
import type { CurrentMember } from "~/models/members/current-member";
import type { Country, Language } from "~/domain/languages";
import { resolveLanguage } from "~/i18n/resolve-language";
import { slugLanguage } from "~/models/landers/lander-variant";
import { visitorCountry } from "~/web/visitor-country.server";
import { resolveTenant } from "~/tenancy/resolve-host";
import type { Tenant } from "~/tenancy/schema";
import { tenants } from "~/tenancy/tenants.server";
import { acceptedLanguages } from "~/utils/accept-language";
import { localeCookie } from "~/web/cookies.server";
import { nearestValue } from "~/web/client-address.server";
import { findStaffSession } from "~/models/staff/staff-accounts.server";
import type { StaffMember } from "~/models/staff/staff-roles";
import { isStaffPath } from "~/models/staff/staff-paths";
import { staffSessionCookie } from "~/web/cookies.server";

export interface RequestContext {
  /** The logged-in member of this site, or null. */
  member: CurrentMember | null;
  /** The raw session id from the cookie, when its session is live. */
  sessionId: string | null;
  /** The brand this request is for; null for an unknown host. */
  tenant: Tenant | null;
  language: Language;
  /** The host the request was addressed to (a trusted proxy's forwarded host where configured). */
  host: string | null;
  /** The visitor's address, behind our own proxies (docs/product/safety.md#client-address). */
  clientIp: string | null;
  /** From a trusted geo header only; null when unknown. */
  country: Country | null;
  /** Whether the connection itself comes from this machine (the /dev/ pages answer only then). */
  fromThisMachine: boolean;
  /**
   * In the staff area (/staff): the staff member of a session past both login steps, or null.
   * There `member` is always null: a member session carries no weight in the staff area.
   */
  staff?: StaffMember | null;
  /** The id of this request in the log (app/web/request-log.server.ts), set by the request handler. */
  requestId?: string;
}

declare module "@remix-run/node" {
  // Loader and action types follow single fetch (remix.config.js turns it on).
  interface Future {
    v3_singleFetch: true;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  interface AppLoadContext extends RequestContext {}
}

/** Where a request came from, as the HTTP server saw it (app/web/client-address.server.ts). */
export interface RequestOrigin {
  clientIp: string | null;
  /** Whether the direct peer is one of our proxies, so its forwarding headers count. */
  viaTrustedProxy: boolean;
  fromThisMachine: boolean;
}

/** Runs once per request before any loader: host → brand, then the member (or staff member) and the language. */
export async function createRequestContext(headers: Headers, origin: RequestOrigin, pathname = "/"): Promise<AppLoadContext> {
  const config = env();
  const host = requestHost(headers, origin.viaTrustedProxy);
  const tenant = resolveTenant(host, tenants(), { devTenantHosts: config.devTenantHosts, defaultTenant: config.DEFAULT_TENANT });
  const cookieHeader = headers.get("cookie");
  if (isStaffPath(pathname)) {
    // With a staff host of its own, the staff area is there only (dressed as the default brand).
    // Elsewhere the request handler answers 404 before Remix, and the staff cookie is not read.
    if (!staffAreaOpen(host)) return { tenant: null, member: null, sessionId: null, staff: null, language: "en", host, clientIp: origin.clientIp, fromThisMachine: origin.fromThisMachine, country: null };
    return staffContext(cookieHeader, config.STAFF_HOST ? defaultTenant(config.DEFAULT_TENANT) : tenant, host, origin);
  }
  const rawSessionId = tenant ? await sessionIdFrom(cookieHeader) : null;
  const member = rawSessionId && tenant ? await findSessionMember(db(), rawSessionId, tenant.id, tenant.settings.session_idle_days, tenant.timezone) : null;
  const cookieLanguage = (await localeCookie.parse(cookieHeader)) as unknown;
  const language = resolveLanguage({
    memberLanguage: member?.language,
    cookieLanguage: typeof cookieLanguage === "string" ? cookieLanguage : null,
    adLanguage: slugLanguage(pathname),
    tenant,
    acceptLanguages: acceptedLanguages(headers.get("accept-language")),
  });
  return {
    tenant,
    member,
    sessionId: member ? rawSessionId : null,
    language,
    host,
    clientIp: origin.clientIp,
    fromThisMachine: origin.fromThisMachine,
    country: origin.viaTrustedProxy && config.GEO_COUNTRY_HEADER ? visitorCountry(nearestValue(headers, config.GEO_COUNTRY_HEADER)) : null,
  };
}

/** The host the request was addressed to: a trusted proxy's forwarded host where configured. */
function requestHost(headers: Headers, viaTrustedProxy: boolean): string | null {
  const header = env().TRUST_FORWARDED_HOST_HEADER;
  return viaTrustedProxy && header ? (nearestValue(headers, header) ?? headers.get("host")) : headers.get("host");
}

/**
 * The brand and language of a request answered before its member is looked up — one refused by
 * load shedding (docs/decisions/051-load-shedding.md): no database, so the member's saved language
 * is not known; the locale cookie, the brand's language and the browser's stand in.
 */
export async function brandAndLanguageWithoutMember(headers: Headers, viaTrustedProxy: boolean, pathname: string): Promise<{ tenant: Tenant | null; language: Language }> {
  const config = env();
  const tenant = resolveTenant(requestHost(headers, viaTrustedProxy), tenants(), { devTenantHosts: config.devTenantHosts, defaultTenant: config.DEFAULT_TENANT });
  const cookieLanguage = (await localeCookie.parse(headers.get("cookie"))) as unknown;
  const language = resolveLanguage({
    cookieLanguage: typeof cookieLanguage === "string" ? cookieLanguage : null,
    adLanguage: slugLanguage(pathname),
    tenant,
    acceptLanguages: acceptedLanguages(headers.get("accept-language")),
  });
  return { tenant, language };
}

/**
 * Whether the staff area answers on this host: on every host, or with `STAFF_HOST` set only on
 * that one, compared without regard to case (review N-M-2).
 */
export function staffAreaOpen(host: string | null): boolean {
  const staffHost = env().STAFF_HOST;
  return !staffHost || (host ?? "").toLowerCase() === staffHost.toLowerCase();
}

/** The staff area's context: the staff member and their language (English or Dutch), never a member. */
async function staffContext(cookieHeader: string | null, tenant: Tenant | null, host: string | null, origin: RequestOrigin): Promise<AppLoadContext> {
  const sessionId = (await staffSessionCookie.parse(cookieHeader)) as unknown;
  const found = typeof sessionId === "string" && sessionId.length > 20 ? await findStaffSession(db(), sessionId) : null;
  const staff = found && "staff" in found ? found.staff : null;
  const cookieLanguage = (await localeCookie.parse(cookieHeader)) as unknown;
  const language: Language = staff?.uiLanguage ?? (cookieLanguage === "nl" ? "nl" : "en");
  return { tenant, member: null, sessionId: null, staff, language, host, clientIp: origin.clientIp, fromThisMachine: origin.fromThisMachine, country: null };
}

function defaultTenant(id: string | undefined): Tenant | null {
  const registry = tenants();
  return (id ? registry.get(id) : undefined) ?? registry.tenants[0] ?? null;
}
