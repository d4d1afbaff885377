// The OpenAPI 3.1 description of the JSON API, generated from the schemas the routes parse and
// answer with (docs/decisions/033-openapi-from-zod.md). Every /api/*.php route is described here
// and everything described here is routed: tests/integration/api-routes.test.ts holds them together.
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { ApiMethod } from "./answers.server";
import {
  AuthenticationRequiredSchema,
  AutoLikeAnswerSchema,
  ChatDeleteBodySchema,
  ChatsAnswerSchema,
  ChatsQuerySchema,
  CompanyInfoSchema,
  DiscountAnswerSchema,
  DiscountQuerySchema,
  ErrorSchema,
  GeocodeAnswerSchema,
  GeocodeQuerySchema,
  InterestsAnswerSchema,
  LanguageAnswerSchema,
  LanguageBodySchema,
  LikesAnswerSchema,
  LoggedOutSchema,
  LoginBodySchema,
  LoginRefusedSchema,
  OkSchema,
  PushBodySchema,
  RegionsAnswerSchema,
  SecondStepSchema,
  SettingsSchema,
  UserAnswerSchema,
  UserGetHeadersSchema,
} from "./schemas.server";

type Responses = RouteConfig["responses"];

function json(description: string, schema: z.ZodTypeAny): Responses[string] {
  return { description, content: { "application/json": { schema } } };
}

const invalid = json("A body or query that does not fit: `invalid_request` with the field errors, or `invalid_json`.", ErrorSchema);
/** What the one request guard answers for any write (docs/product/safety.md#request-guard). */
const guarded: Responses = {
  413: json("`body_too_large`: more than 64 KiB.", ErrorSchema),
  415: json("`unsupported_media_type`: a body of a type this call does not read.", ErrorSchema),
};
const crossSite = json("`cross_site_request`: not sent from a page of the brand's own site.", ErrorSchema);
const memberOnly = json("`authentication_required`: no live session (docs/product/api.md#errors).", AuthenticationRequiredSchema);
const memberOrCrossSite = json("`authentication_required` without a live session; `cross_site_request` when not sent from the brand's own site.", z.union([AuthenticationRequiredSchema, ErrorSchema]));
const session = [{ session: [] }];

interface Call {
  method: ApiMethod;
  path: string;
  config: Omit<RouteConfig, "method" | "path">;
  /** A GET that changes something: its route does not take HEAD (apiRoute's getChangesData). */
  getChangesData?: true;
}

const noHead = "A GET because the spec's front end calls it so, though it changes something: never for a link on another site, and not offered as HEAD (405).";

/** Every call of the API; the routes under app/routes/api.*[.php].ts answer exactly these. */
export const API_CALLS: Call[] = [
  {
    method: "GET",
    path: "/api/user.php",
    config: {
      summary: "The current member, or false",
      request: { headers: UserGetHeadersSchema },
      responses: { 200: json("`user`: the logged-in member, or false for a visitor.", UserAnswerSchema), 400: invalid },
    },
  },
  {
    method: "POST",
    path: "/api/user.php",
    config: {
      summary: "Log in (e-mail and password), or with ?push=1 store the browser's push subscription",
      description:
        "Without `push`: the login page's rules and answers (docs/product/accounts.md#login): the session cookie and `user`, or the second step of a two-step login. With `push=1` (members only): the browser's push subscription.",
      request: {
        query: z.object({ push: z.literal("1").optional() }),
        body: { required: true, content: { "application/json": { schema: z.union([LoginBodySchema, PushBodySchema]) } } },
      },
      responses: {
        200: json("Logged in (`user`, and the session cookie), the second step of a two-step login, or (push) `ok`.", z.union([UserAnswerSchema, SecondStepSchema, OkSchema])),
        400: invalid,
        401: json("`login_failed`.", LoginRefusedSchema),
        403: json("`account_deleting` (a reactivation mail was sent), `account_disabled`; for push `authentication_required`; `cross_site_request`.", z.union([LoginRefusedSchema, AuthenticationRequiredSchema, ErrorSchema])),
        429: json("`login_blocked`: too many wrong tries, `minutes` to wait (Retry-After).", LoginRefusedSchema),
        ...guarded,
      },
    },
  },
  {
    method: "PUT",
    path: "/api/user.php",
    config: {
      summary: "Save the member's language",
      security: session,
      request: { body: { required: true, content: { "application/json": { schema: LanguageBodySchema } } } },
      responses: { 200: json("Saved, and the language cookie set.", LanguageAnswerSchema), 400: invalid, 403: memberOrCrossSite, ...guarded },
    },
  },
  {
    method: "GET",
    path: "/api/logout.php",
    getChangesData: true,
    config: {
      summary: "Log out (this session ends)",
      description: noHead,
      responses: { 200: json("Logged out; the session cookie is cleared.", LoggedOutSchema), 403: crossSite },
    },
  },
  {
    method: "GET",
    path: "/api/geocode.php",
    config: {
      summary: "The nearest city within the brand's countries",
      request: { query: GeocodeQuerySchema },
      responses: { 200: json("The place, or false when no city of the brand's countries is within 150 km.", GeocodeAnswerSchema), 400: invalid },
    },
  },
  {
    method: "POST",
    path: "/api/page-hidden.php",
    config: {
      summary: "Beacon: a page of the member became hidden",
      security: session,
      request: { body: { required: false, content: { "application/json": { schema: z.object({}).passthrough() }, "text/plain": { schema: z.string() } } } },
      responses: { 204: { description: "Noted." }, 403: memberOrCrossSite, ...guarded },
    },
  },
  {
    method: "GET",
    path: "/api/auto-like.php",
    getChangesData: true,
    config: {
      summary: "A profile that liked the member (on some brands a fictional one likes the member now)",
      description: noHead,
      security: session,
      responses: { 200: json("The profile with the like modal's path in `main_image.match`, or null.", AutoLikeAnswerSchema), 403: memberOrCrossSite },
    },
  },
  {
    method: "GET",
    path: "/api/chats.php",
    config: {
      summary: "The member's conversations, newest message first",
      security: session,
      request: { query: ChatsQuerySchema },
      responses: { 200: json("One page of conversations and where the next starts.", ChatsAnswerSchema), 400: invalid, 403: memberOnly },
    },
  },
  {
    method: "GET",
    path: "/api/likes.php",
    config: {
      summary: "Likes given (`profiles`) and received (`liked_by`)",
      security: session,
      responses: { 200: json("Both lists, newest first.", LikesAnswerSchema), 403: memberOnly },
    },
  },
  {
    method: "DELETE",
    path: "/api/chat.php",
    config: {
      summary: "Delete one of the member's conversations (for them)",
      security: session,
      request: { body: { required: true, content: { "application/json": { schema: ChatDeleteBodySchema } } } },
      responses: { 200: json("Deleted.", OkSchema), 400: invalid, 403: memberOrCrossSite, 404: json("`not_found`: not one of the member's conversations.", ErrorSchema), ...guarded },
    },
  },
  {
    method: "GET",
    path: "/api/discountcode.php",
    config: {
      summary: "Check a discount code, or (welcome=true) the member's discount without a code",
      security: session,
      request: { query: DiscountQuerySchema },
      responses: {
        200: json("The discount that applies; for `welcome=true` null when the member has none.", DiscountAnswerSchema),
        400: json("`invalid_request`; a code that does not apply: `discount_not_found`, `discount_used`, `discount_expired` (field `code`).", ErrorSchema),
        403: memberOnly,
        429: json("`too_many_requests`: too many wrong codes tried.", ErrorSchema),
      },
    },
  },
  {
    method: "GET",
    path: "/api/settings.php",
    config: { summary: "The brand's public settings", responses: { 200: json("The settings of the brand of the request's host.", SettingsSchema) } },
  },
  {
    method: "GET",
    path: "/api/interests.php",
    config: { summary: "The interests a member of the brand may pick", responses: { 200: json("With their names in the request's language.", InterestsAnswerSchema) } },
  },
  {
    method: "GET",
    path: "/api/regions.php",
    config: { summary: "The brand's countries with their regions and cities", responses: { 200: json("With names in the request's language.", RegionsAnswerSchema) } },
  },
  {
    method: "GET",
    path: "/api/companyinfo.php",
    config: { summary: "The company behind the brand", responses: { 200: json("Cacheable for an hour.", CompanyInfoSchema) } },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    config: { summary: "This description", responses: { 200: json("The OpenAPI 3.1 description of the API.", z.object({ openapi: z.string() }).passthrough()) } },
  },
];

function generate(): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "session", {
    type: "apiKey",
    in: "cookie",
    name: "__Host-sid",
    description: "The session cookie of a login (`sid` over plain HTTP in development). Writes with it must come from the brand's own site: browsers send Sec-Fetch-Site, apps send `Origin: https://<the brand's host>`.",
  });
  for (const call of API_CALLS) registry.registerPath({ method: call.method.toLowerCase() as Lowercase<ApiMethod>, path: call.path, ...call.config });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Dating platform API",
      version: "1",
      description: "The calls of the product's front end and apps, on every brand's own host (the host decides the brand). See docs/product/api.md.",
    },
  });
}

let document: object | undefined;

/** The description, made once per process. */
export function openApiDocument(): object {
  document ??= generate();
  return document;
}
