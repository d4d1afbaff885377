// The JSON API's wire format (docs/product/api.md#the-json-api): every request body, query and
// answer of the /api/*.php calls as a zod schema. The routes parse with these schemas and the
// OpenAPI description is generated from them (app/web/api/document.server.ts), so the published
// description cannot say something else than the routes do.
import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { GENDERS, SEXUALITIES, BODY_TYPES, RELATIONSHIP_STATUSES, HAIR_COLOURS, EYE_COLOURS, TATTOOS, SIGNUP_REASONS, INTERESTS, PROFILE_FIELDS, SEARCH_FIELDS } from "~/domain/profile-fields";
import { COUNTRIES, LANGUAGES } from "~/domain/languages";
import { BAN_REASONS } from "~/domain/moderation-reasons";
import { MESSAGE_KINDS } from "~/models/chat/chat-rules";
import { loginSchema } from "~/models/accounts/login-schema";
import { pushSubscriptionSchema } from "~/models/notifications/push-subscriptions.server";

// Adds `.openapi()` (component names, examples) to zod's schemas; the generator's documented set-up.
extendZodWithOpenApi(z);

const isoTime = z.string().datetime({ offset: true });

/**
 * A choice that may be null. The generator leaves null out of a nullable enum's `enum`, which then
 * refuses null (the contract tests found it), so the description names it here.
 */
function nullableEnum<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .enum(values)
    .nullable()
    .openapi({ enum: [...values, null] });
}
const id = z.number().int().positive();

/** A decimal number in a query string within bounds (coordinates), as a script prints one. */
const decimalParam = (min: number, max: number) =>
  z
    .string()
    .max(30)
    .refine((text) => /^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(text))
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .openapi({ type: "string", description: `a number from ${min} to ${max}`, example: String((min + max) / 2 + 12.5) });

// ——— errors ———

export const ErrorSchema = z
  .object({
    /** What went wrong, for programs: `invalid_request`, `not_found`, `too_many_requests`… */
    error: z.string(),
    /** The same for people, in the request's language. */
    message: z.string().optional(),
    /** Per field of the body or query, what is wrong with it (in the request's language). */
    fields: z.record(z.array(z.string())).optional(),
  })
  .openapi("Error", { description: "A refused call: a code for programs, a text for people, and per field what is wrong." });

export const AuthenticationRequiredSchema = z
  .object({ error: z.literal("authentication_required") })
  .strict()
  .openapi("AuthenticationRequired", { description: "A member-only call without a live session (docs/product/api.md#errors)." });

// ——— shared shapes ———

export const PhotoSchema = z
  .object({
    thumb_url: z.string(),
    /** Another member's photo shows only once approved; your own also while it is being checked. */
    status: z.enum(["pending", "active"]),
  })
  .strict()
  .openapi("Photo");

/** Another member as the lists show them (the shape of ProfileCard, also inside the likes' entries). */
const profileCard = {
  id,
  name: z.string(),
  /** Null when the brand does not show ages (or the member gave no birth date). */
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  main_image: PhotoSchema.nullable(),
  online: z.boolean(),
  fictional: z.boolean(),
};

export const ProfileCardSchema = z.object(profileCard).strict().openapi("ProfileCard", { description: "Another member as the lists show them." });

export const OwnProfileSchema = z
  .object({
    id,
    name: z.string(),
    gender: nullableEnum(GENDERS),
    sexuality: nullableEnum(SEXUALITIES),
    date_of_birth: z.string().date().nullable(),
    country: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),
    signup_reason: nullableEnum(SIGNUP_REASONS),
    tattoos: nullableEnum(TATTOOS),
    hair_colour: nullableEnum(HAIR_COLOURS),
    eye_colour: nullableEnum(EYE_COLOURS),
    body_type: nullableEnum(BODY_TYPES),
    relationship_status: nullableEnum(RELATIONSHIP_STATUSES),
    interests: z.array(z.string()),
    about: z.string().nullable(),
    main_image: PhotoSchema.nullable(),
  })
  .strict()
  .openapi("OwnProfile");

export const UserSchema = z
  .object({
    id,
    email: z.string(),
    status: z.enum(["not_confirmed", "active"]),
    credits: z.number().int(),
    paid_user: z.boolean(),
    language: z.enum(LANGUAGES),
    fictional_icon: z.string(),
    signup_date: isoTime,
    notifications_disabled: z.array(z.string()),
    profile: OwnProfileSchema,
  })
  .strict()
  .openapi("User", { description: "The logged-in member." });

export const UserAnswerSchema = z.object({ user: z.union([UserSchema, z.literal(false)]) }).strict().openapi("UserAnswer");

// ——— user.php ———

export const UserGetHeadersSchema = z.object({ "x-request-type": z.literal("client") });

/** The login page's own schema (the same messages), without the page's redirect. */
export const LoginBodySchema = loginSchema.omit({ redirectTo: true }).openapi("Login");

export const LoginRefusedSchema = z
  .object({
    user: z.literal(false),
    error: z.enum(["login_failed", "login_blocked", "account_deleting", "account_disabled"]),
    message: z.string(),
    /** For `login_blocked`: the minutes until the next try. */
    minutes: z.number().int().optional(),
    /** For `account_disabled`: why, when staff said so. */
    reason: nullableEnum(BAN_REASONS).optional(),
  })
  .strict()
  .openapi("LoginRefused");

export const SecondStepSchema = z
  .object({
    user: z.literal(false),
    /** The account logs in in two steps: the code is posted to this page's form next (the cookie set here carries the first step). */
    second_step: z.literal("/login/code"),
  })
  .strict()
  .openapi("SecondStep");

export const LanguageBodySchema = z.object({ language: z.enum(LANGUAGES) }).openapi("LanguageChoice");
export const LanguageAnswerSchema = z.object({ language: z.enum(LANGUAGES) }).strict();

export const PushBodySchema = pushSubscriptionSchema.openapi("PushSubscription", { description: "As the browser's PushSubscription.toJSON() gives it." });
export const PushQuerySchema = z.object({ push: z.literal("1") });

export const OkSchema = z.object({ ok: z.literal(true) }).strict().openapi("Ok");

// ——— logout.php ———

export const LoggedOutSchema = z.object({ user: z.literal(false) }).strict();

// ——— geocode.php ———

export const GeocodeQuerySchema = z.object({ lat: decimalParam(-90, 90), lon: decimalParam(-180, 180) });

export const PlaceSchema = z
  .object({ country: z.enum(COUNTRIES as [string, ...string[]]), region: z.string(), city: z.string() })
  .strict()
  .openapi("Place");

export const GeocodeAnswerSchema = z.union([PlaceSchema, z.literal(false)]);

// ——— auto-like.php ———

export const AutoLikeAnswerSchema = z
  .object({
    profile: z
      .object({
        id,
        name: z.string(),
        main_image: z.object({ thumb_url: z.string().nullable(), match: z.string() }).strict(),
      })
      .strict()
      .nullable(),
  })
  .strict()
  .openapi("AutoLike");

// ——— chats.php, chat.php ———

export const ChatsQuerySchema = z.object({ after: z.string().max(200).optional() });

export const ChatSchema = z
  .object({
    conversation: z
      .object({
        id,
        last_message_at: isoTime,
        last_message: z.object({ type: z.enum(MESSAGE_KINDS), mine: z.boolean(), body: z.string().nullable() }).strict().nullable(),
      })
      .strict(),
    profile: ProfileCardSchema,
    num_unread_messages: z.number().int().min(0),
  })
  .strict()
  .openapi("Chat");

export const ChatsAnswerSchema = z
  .object({
    chats: z.array(ChatSchema),
    /** Where the next page starts (`?after=`), or null on the last page. */
    more: z.string().nullable(),
  })
  .strict()
  .openapi("Chats");

export const ChatDeleteBodySchema = z.object({ conversation: id.max(Number.MAX_SAFE_INTEGER) }).openapi("ChatDelete");

// ——— likes.php ———

export const LikesAnswerSchema = z
  .object({
    /** The members this member liked, newest first. */
    profiles: z.array(z.object({ ...profileCard, match: z.boolean() }).strict().openapi("LikedProfile")),
    /** The members who liked this member, newest first; like_new until the profile was looked at. */
    liked_by: z.array(z.object({ ...profileCard, like_new: z.boolean(), match: z.boolean() }).strict().openapi("Liker")),
  })
  .strict()
  .openapi("Likes");

// ——— discountcode.php ———

/** A typed code, or `welcome=true` for the discount the member has without typing one (one of the two). */
export const DiscountQuerySchema = z.object({
  code: z.string().trim().min(1).max(40).optional(),
  welcome: z.literal("true").optional(),
});

export const DiscountSchema = z
  .object({
    code: z.string(),
    kind: z.enum(["time_bonus", "welcome", "delete_discount", "code"]),
    percentage: z.number().int(),
    /** In cents of `currency`; below it the discount does not apply. */
    minimum_order_cents: z.number().int(),
    currency: z.string(),
    /** When it stops applying, if it does. */
    expires: isoTime.nullable(),
  })
  .strict()
  .openapi("Discount");

/** The member's welcome discount record (docs/product/payments.md#welcome-bonus), with the spec's field names. */
export const WelcomeDiscountSchema = z
  .object({
    user_id: z.number().int(),
    value_percentage: z.number().int(),
    currency: z.string(),
    /** When it ends (or ended). */
    expires: isoTime,
    status: z.enum(["active", "used", "ended", "expired"]),
    /** Whether it applies to a purchase now (active, not held by an order, the member has not paid). */
    validity: z.boolean(),
    expired: z.boolean(),
    /** The payment methods it applies to; null for all. */
    paymentmethods: z.array(z.string()).nullable(),
  })
  .strict()
  .openapi("WelcomeDiscount");

/** With welcome=true also `welcome`: the member's welcome discount record, or null when they have none. */
export const DiscountAnswerSchema = z.object({ discount: DiscountSchema.nullable(), welcome: WelcomeDiscountSchema.nullable().optional() }).strict().openapi("DiscountAnswer");

// ——— settings.php, interests.php, regions.php, companyinfo.php ———

export const SettingsSchema = z
  .object({
    name: z.string(),
    domain: z.string(),
    domain_language: z.string(),
    niche: z.number().int().min(1).max(7),
    /** The shared company record the brand names (docs/product/site.md#company-info); null when its company block is its own. */
    company_id: z.string().nullable(),
    countries: z.array(z.string()),
    languages: z.array(z.enum(LANGUAGES)),
    index_title: z.string(),
    description: z.string(),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)),
    search_fields: z.array(z.enum(SEARCH_FIELDS)),
    interests: z.array(z.enum(INTERESTS)),
    message_credits: z.number().int(),
    signup_credits: z.number().int(),
    photo_credits: z.number().int(),
    gift_credits: z.number().int(),
    message_length: z.number().int(),
    minimum_message_costs: z.record(z.object({ costs: z.number().int(), currency: z.string() }).strict()),
    support_email: z.string(),
    support_phone: z.string(),
    enable_site_entry_popup: z.union([z.enum(["yes", "no"]), z.array(z.string())]),
    /** The server's web-push key for the browser's subscription; null for visitors (only members subscribe). */
    push_public_key: z.string().nullable(),
    /** Where stored photos are served from. */
    cdn_prefix: z.string(),
    fictional_warning: z.string(),
    fictional_singular: z.string(),
    fictional_plural: z.string(),
    fictional_icon: z.string(),
    refund_days: z.number().int(),
    signups: z.enum(["all", "with_trafficsource", "none"]),
    logged_out_search: z.enum(["none", "all"]),
    logged_out_search_trafficsource: z.enum(["none", "all"]),
    /** The visitor's country as our proxy reported it, or null. */
    geoip_country: z.string().nullable(),
    /** The country a purchase is made from: the visitor's when the brand serves it, else the brand's first. */
    geoip_selected_country: z.string(),
  })
  .strict()
  .openapi("Settings", { description: "The brand's public settings (the host decides the brand)." });

export const InterestsAnswerSchema = z
  .object({ interests: z.array(z.object({ id: z.enum(INTERESTS), name: z.string() }).strict()) })
  .strict()
  .openapi("Interests");

export const RegionsAnswerSchema = z
  .object({
    countries: z.array(
      z
        .object({
          code: z.string(),
          name: z.string(),
          regions: z.array(z.object({ code: z.string(), name: z.string(), cities: z.array(z.string()) }).strict()),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi("Regions");

export const CompanyInfoSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    kvk: z.string(),
    city: z.string(),
    country: z.string(),
    tradenames: z.array(z.string()),
    vat_numbers: z.array(z.string()),
    support_phone: z.string(),
    support_email: z.string(),
    /** Percent offered to a member about to delete the account. */
    delete_discount: z.number().int(),
    added: isoTime,
  })
  .strict()
  .openapi("CompanyInfo");
