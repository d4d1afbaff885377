// Request plumbing of the JSON API (docs/product/api.md#the-json-api): one resource route per
// path whose methods are its handlers, JSON answers, bodies and queries read through the
// schemas of app/web/api/schemas.server.ts, and refusals with their texts from the catalogues.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { Language } from "~/domain/languages";
import { getFixedT, i18nFor } from "~/i18n/i18next.server";
import { isOwnNavigation } from "~/web/http.server";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiCall {
  request: Request;
  context: AppLoadContext;
  url: URL;
}

type Handler = (call: ApiCall) => Promise<Response>;

export interface ApiRouteOptions {
  /**
   * The path's GET changes something: the spec's logout.php and auto-like.php (docs/product/api.md#head).
   * A HEAD must change nothing (RFC 9110 §9.2.1), and without the change it could not send the
   * headers the GET would (the cleared cookies of a logout): such a path does not take HEAD.
   */
  getChangesData?: boolean;
}

/** The methods a path takes, as the Allow header names them. */
export function allowHeader(methods: readonly ApiMethod[], options: ApiRouteOptions = {}): string {
  const get = methods.includes("GET") ? ["GET", ...(options.getChangesData ? [] : ["HEAD"])] : [];
  return [...get, ...methods.filter((method) => method !== "GET"), "OPTIONS"].join(", ");
}

/**
 * The loader and action of one API path: each method its handler; OPTIONS says which methods
 * there are, any other method is a 405 with Allow. Remix hands GET, HEAD and OPTIONS to the
 * loader and the writing methods to the action, so both are the same function.
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, Handler>>, options: ApiRouteOptions = {}) {
  const allow = allowHeader(Object.keys(handlers) as ApiMethod[], options);
  async function handle({ request, context }: Pick<LoaderFunctionArgs, "request" | "context">): Promise<Response> {
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: { Allow: allow } });
    // HEAD is a GET without its body (Remix runs the loader and drops the body), unless the GET changes something.
    const asGet = request.method === "HEAD" && !options.getChangesData;
    const handler = handlers[(asGet ? "GET" : request.method) as ApiMethod];
    if (!handler) return apiError(context.language, 405, "method_not_allowed", "api.methodNotAllowed", undefined, { Allow: allow });
    try {
      return await handler({ request, context, url: new URL(request.url) });
    } catch (thrown) {
      // Refusals thrown by the shared helpers are answers too: requireApiMember's 403, and the 404
      // of a host that is no brand's (requireTenant), in the API's error shape.
      if (thrown instanceof Response) return thrown;
      if (isDataWithInit(thrown)) return Response.json({ error: thrown.init?.status === 404 ? "not_found" : "refused" }, { status: thrown.init?.status ?? 500, headers: { "Cache-Control": "no-store" } });
      throw thrown;
    }
  }
  return { loader: handle, action: handle };
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * A JSON answer in the shape of its schema (checked by the compiler; the contract tests check the
 * wire). Not stored by any cache unless the caller says otherwise: most answers are a member's own.
 */
export function answer<S extends z.ZodTypeAny>(_schema: S, body: z.input<S>, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/** A refusal: the code for programs, the catalogue text (namespace security, group api unless the key names another) for people. */
export async function apiError(
  language: Language,
  status: number,
  error: string,
  messageKey: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  values: Record<string, unknown> = {},
): Promise<Response> {
  const t = await getFixedT(language, "security");
  return Response.json({ error, message: t(messageKey, values), ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Zod's own texts are English sentences; the API's are catalogue keys (as the forms' are,
 * docs/conventions.md#forms). A schema's own message key (such as the login form's
 * `validation.emailRequired`) arrives here as the message so far and is kept.
 */
const CATALOGUE_KEY = /^([\w-]+:)?[\w-]+(\.[\w-]+)+$/;
const apiErrorMap: z.ZodErrorMap = (issue, ctx) => {
  if (CATALOGUE_KEY.test(ctx.defaultError)) return { message: ctx.defaultError };
  if (ctx.data === undefined) return { message: "security:api.required" };
  if (issue.code === "too_big" && issue.type === "string") return { message: "security:api.tooLong" };
  return { message: "security:api.invalid" };
};

/** Per field (a dotted path; `body` for the whole), the texts of what is wrong, in the request's language. */
async function fieldErrors(error: z.ZodError, language: Language, namespace: string): Promise<Record<string, string[]>> {
  const i18n = await i18nFor(language);
  const t = await getFixedT(language, namespace as "security");
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "body";
    const key = i18n.exists(issue.message, { ns: namespace }) ? issue.message : "security:api.invalid";
    const text = t(key, { max: issue.code === "too_big" ? Number(issue.maximum) : undefined });
    if (!fields[field]?.includes(text)) (fields[field] ??= []).push(text);
  }
  return fields;
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; answer: Response };

/**
 * Input checked against its schema; otherwise a 400 with the field errors. `namespace` is where the
 * schema's own message keys are (the login form's are in `account`).
 */
export async function parseInput<S extends z.ZodTypeAny>(schema: S, value: unknown, language: Language, namespace = "security"): Promise<Parsed<z.output<S>>> {
  const parsed = await schema.safeParseAsync(value, { errorMap: apiErrorMap });
  if (parsed.success) return { ok: true, data: parsed.data as z.output<S> };
  return { ok: false, answer: await apiError(language, 400, "invalid_request", "api.invalidRequest", { fields: await fieldErrors(parsed.error, language, namespace) }) };
}

/** The query string as an object (a name given twice counts once, the last). */
export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

/** A JSON body checked against its schema; a body that is no JSON at all is a 400 `invalid_json`. */
export async function parseJsonBody<S extends z.ZodTypeAny>(request: Request, schema: S, language: Language, namespace = "security"): Promise<Parsed<z.output<S>>> {
  let value: unknown;
  try {
    value = JSON.parse(await request.text());
  } catch {
    return { ok: false, answer: await apiError(language, 400, "invalid_json", "api.invalidJson") };
  }
  return parseInput(schema, value, language, namespace);
}

/**
 * The spec's calls that change something on a GET (logout, auto-like) do so only for the member's
 * own pages and apps, never for a link or image on another site (the pages' rule for GETs,
 * isOwnNavigation): such a request is refused as the request guard refuses a cross-site post.
 */
export async function crossSiteGet(call: ApiCall): Promise<Response | null> {
  if (isOwnNavigation(call.request)) return null;
  return apiError(call.context.language, 403, "cross_site_request", "api.crossSite");
}
