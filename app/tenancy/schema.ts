import { z } from "zod";
import { PAYMENT_METHODS } from "~/domain/payment-methods";
import { COUNTRIES, LANGUAGES } from "~/domain/languages";
import { GIFT_IDS } from "~/domain/gifts";
import { LANDER_KINDS } from "~/domain/landers";
import { readableColours } from "./readable-theme";
import {
  INTERESTS,
  PROFILE_FIELDS,
  SEARCH_FIELDS,
} from "~/domain/profile-fields";

/**
 * Days a member's session may go unused before it ends, unless the brand sets
 * `session_idle_days` (docs/product/accounts.md#sessions): a week, well inside the 30-day lifetime.
 */
export const DEFAULT_SESSION_IDLE_DAYS = 7;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #f5006f");
const country = z.enum(COUNTRIES as [string, ...string[]]);
const language = z.enum(LANGUAGES);
const currency = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code like EUR");
const hostName = z
  .string()
  .regex(/^(?!www\.)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/, "must be a lower-case host name without www. or port");
/** A text a brand may override per language; missing languages fall back to the catalogue. */
const perLanguageText = z.record(language, z.string().min(1)).default({});

/** A conversion postback (docs/product/site.md#conversion-postbacks): the network's URL with macros, for the events it wants. */
export const CONVERSION_EVENTS = ["signup", "confirmed", "first_purchase", "purchase"] as const;
export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

const postbackSchema = z
  .object({
    /** The tracking `network` value of the visitors this network sent. */
    network: z.string().regex(/^[A-Za-z0-9._~:@+-]{1,100}$/),
    /** Macros {click_id} {event} {amount} {currency} {network} {ref} {sub1} {sub2} {sub3}, filled in URL-encoded. */
    url: z.string().regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL"),
    events: z.array(z.enum(CONVERSION_EVENTS)).min(1),
  })
  .strict();

const trackingSchema = z
  .object({
    /** The first traffic source of a visitor counts this many days; a later ad click does not replace it. */
    first_touch_days: z.number().int().min(0).max(90).default(30),
    postbacks: z.array(postbackSchema).default([]),
    /** The postbacks of a member are sent only if the member's newest cookie choice allows marketing (docs/product/landers.md#postbacks-and-consent). */
    postbacks_need_consent: z.boolean().default(false),
  })
  .strict()
  .default({});

/** The consent categories a third-party tag may need (docs/product/site.md#consent-and-tags). */
export const CONSENT_CATEGORIES = ["analytics", "marketing"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

const httpsUrl = z
  .string()
  .url()
  .refine((url) => url.startsWith("https://"), "must be an https:// URL");
const httpsOrigin = httpsUrl.refine((url) => new URL(url).origin === url.replace(/\/$/, ""), "must be an origin like https://stats.example.com (no path)");
/** Further hosts a tag talks to besides its script's own (where it sends hits, loads images), for the CSP. */
const extraOrigins = z.array(httpsOrigin).max(10).default([]);

/**
 * Third-party tags of the brand (docs/product/site.md#tenant-file-tags): each is loaded only after
 * the visitor allowed its category, and the brand's content security policy admits its hosts only.
 */
const tagsSchema = z
  .object({
    tag_manager: z
      .object({
        container_id: z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, "must look like GTM-ABC1234"),
        /** What the container does; marketing unless the brand knows it holds analytics only. */
        category: z.enum(CONSENT_CATEGORIES).default("marketing"),
        origin: httpsOrigin.default("https://www.googletagmanager.com"),
        extra_origins: extraOrigins,
      })
      .strict()
      .optional(),
    /** Self-hosted, cookie-light statistics (Matomo, Plausible): the script is loaded with the site id in data-site-id. */
    analytics: z
      .object({
        script_url: httpsUrl,
        site_id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "must be letters, digits, dots, dashes or underscores"),
        extra_origins: extraOrigins,
      })
      .strict()
      .optional(),
    /** An advertising network's conversion pixel: its script, with the pixel id in data-pixel-id. */
    marketing_pixel: z
      .object({
        id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "must be letters, digits, dashes or underscores"),
        script_url: httpsUrl,
        extra_origins: extraOrigins,
      })
      .strict()
      .optional(),
  })
  .strict()
  .default({});

/** A campaign of the brand's own (docs/product/landers.md#variants): its slug selects its headline on any lander. */
const campaignSchema = z
  .object({
    slug: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "must be lower-case letters, digits and dashes (at most 40)"),
    /** The headline per language; a language without one shows the niche's headline. */
    headline: perLanguageText,
  })
  .strict();

const landersSchema = z
  .object({
    /** Where a dead ad link (an unknown member landing page) goes. */
    default: z.enum(LANDER_KINDS).default("tinderswipe"),
    campaigns: z
      .array(campaignSchema)
      .default([])
      .refine((list) => new Set(list.map((c) => c.slug)).size === list.length, "campaign slugs must differ"),
  })
  .strict()
  .default({});

/**
 * The legal details of the company behind a brand (spec 3: company info). Kept in a company file
 * `tenants/companies/<id>.json` that brands name with `company_id`, or in the brand's own `company`
 * block, whose fields override the company file's (docs/product/site.md#company-info).
 */
export const companySchema = z
  .object({
    name: z.string().min(1),
    address: z.string().min(1),
    kvk: z.string().min(1),
    city: z.string().min(1),
    country: z.string().min(1),
    tradenames: z.array(z.string().min(1)).default([]),
    vat_numbers: z.array(z.string().min(1)).default([]),
    support_phone: z.string().min(1),
    support_email: z.string().email(),
    /** Discount in percent offered to a member about to delete the account. */
    delete_discount: z.number().int().min(0).max(100).default(0),
    /** When the company was added; a later date moves the terms version date. */
    added: z.string().datetime({ offset: true }),
  })
  .strict();

const bundleSchema = z
  .object({
    /** Also its /credits/{id} path; p0–p3 name the premium tiers there. */
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .refine((id) => !/^p[0-3]$/.test(id), "p0–p3 are the premium tiers' ids"),
    credits: z.number().int().positive(),
    bonus_credits: z.number().int().min(0).default(0),
    price_cents: z.number().int().positive(),
  })
  .strict();

const premiumTierSchema = z
  .object({
    tier: z.enum(["p0", "p1", "p2", "p3"]),
    credits: z.number().int().positive(),
    price_cents: z.number().int().positive(),
    popular: z.boolean().default(false),
  })
  .strict();

const priceListSchema = z
  .object({
    bundles: z.array(bundleSchema).min(1),
    premium: z.array(premiumTierSchema).length(4),
  })
  .strict()
  .refine((list) => list.premium.filter((tier) => tier.popular).length === 1, {
    message: "exactly one premium tier must be marked popular",
    path: ["premium"],
  });

/**
 * A setting the specification lists but gives no behaviour for (which notes, resold to whom?):
 * a brand file that sets it would expect an effect the server cannot give, so start-up refuses it.
 */
function withoutBehaviour(name: string) {
  return z
    .never({ invalid_type_error: `${name} is not supported: the product specification defines no behaviour for it, so it is refused rather than ignored (docs/product/site.md#settings-without-behaviour); remove it from the brand file` })
    .optional();
}

const settingsSchema = z
  .object({
    message_credits: z.number().int().min(0),
    signup_credits: z.number().int().min(0),
    photo_credits: z.number().int().min(0),
    gift_credits: z.number().int().min(0),
    message_length: z.number().int().min(1).max(10000),
    free_messages: z.number().int().min(0).default(3),
    /** The gifts this brand offers in chat (all by default). */
    gifts: z.array(z.enum(GIFT_IDS)).min(1).default([...GIFT_IDS]),
    /** Messages older than this many days are no longer shown; the chat says so (privacy). */
    chat_history_days: z.number().int().min(1).max(3650).default(365),
    min_age: z.number().int().min(18).max(99).default(18),
    minimum_message_costs: z
      .record(country, z.object({ costs: z.number().int().min(0), currency }).strict())
      .default({}),
    /** 'yes', 'no', or the visitor countries the entry warning is limited to. */
    enable_site_entry_popup: z.union([z.enum(["yes", "no"]), z.array(country).min(1)]).default("yes"),
    search_fields: z.array(z.enum(SEARCH_FIELDS)).min(1),
    visible_profile_fields: z.array(z.enum(PROFILE_FIELDS)).min(1),
    interests: z.array(z.enum(INTERESTS)).min(1),
    fictional_warning: perLanguageText,
    fictional_singular: perLanguageText,
    fictional_plural: perLanguageText,
    /** The fictional mark as a character, for the JSON API's apps (`fictional_icon`); the pages draw it as SVG (docs/decisions/041-inline-svg-icons.md). */
    fictional_icon: z.string().min(1).default("🎭"),
    refund_days: z.number().int().min(0).max(365),
    /** How long after signup a member who never paid gets the welcome discount (docs/product/payments.md#welcome-bonus). */
    welcome_discount_hours: z.number().int().min(0).max(24 * 90).default(72),
    /** The payment methods the welcome discount applies to; absent or null for all (docs/product/payments.md#welcome-bonus). */
    welcome_discount_methods: z.array(z.enum(PAYMENT_METHODS)).min(1).nullable().default(null),
    /** Direct debit (/directdebit): credits are granted once the mandate is confirmed by SMS, so
        what one member may order this way is limited per period (docs/product/payments.md#direct-debit). */
    direct_debit: z
      .object({
        enabled: z.boolean().default(true),
        limit_cents: z.number().int().min(0).default(15000),
        period_days: z.number().int().min(1).max(365).default(30),
        /** Until one of their collections has come in, what a member may order this way in the period. */
        first_limit_cents: z.number().int().min(0).default(3000),
        /** Direct debit is offered only to confirmed members whose account is at least this old. */
        min_account_age_hours: z.number().int().min(0).max(24 * 90).default(24),
      })
      .strict()
      .default({}),
    /** A session not used for this many days ends (the absolute lifetime is 30 days). */
    session_idle_days: z.number().int().min(1).max(30).default(DEFAULT_SESSION_IDLE_DAYS),
    /** Whether forms may say that an address has an account here; unset: no for niches where
        membership itself is sensitive (docs/product/safety.md#account-enumeration). */
    reveal_accounts: z.boolean().optional(),
    /** What operators of fictional profiles may do on this brand (docs/product/staff.md#operators). */
    operators: z
      .object({
        /** Operators may write first, as a fictional profile, to a member this many hours after signup; 0: never. */
        first_message_after_hours: z.number().int().min(0).max(24 * 365).default(0),
        /** The honest answer to "are you real?", per language; the catalogue's text where a language has none. */
        honest_answer: perLanguageText,
        /** What the operator must send to a member marked vulnerable, per language; the catalogue's text otherwise. */
        care_warning: perLanguageText,
      })
      .strict()
      .default({}),
    /** Moderation of what members write (docs/product/moderation.md#profile-texts). */
    moderation: z
      .object({
        /** Words and phrases that hold a changed name or "about me" until a moderator approved it. */
        held_words: z.array(z.string().trim().min(2).max(60)).max(500).default([]),
      })
      .strict()
      .default({}),
    /** Protection of members who may be vulnerable (docs/product/staff.md#vulnerable-members). */
    care: z
      .object({
        daily_credit_limit: z.number().int().min(1).default(600),
        monthly_credit_limit: z.number().int().min(1).default(6000),
        daily_fictional_messages: z.number().int().min(1).default(150),
        /** Credits spent in a day that mark a member vulnerable. */
        spend_signal_credits: z.number().int().min(1).default(400),
        /** Messages between midnight and 5 a.m. (the brand's time) in one night that mark a member vulnerable. */
        night_messages_signal: z.number().int().min(1).default(25),
        /** Spend in the last 7 days this many times the weekly average of the 4 weeks before marks a member vulnerable. */
        rise_factor: z.number().min(1.5).default(3),
        cool_down_hours: z.number().int().min(1).max(24 * 30).default(24),
      })
      .strict()
      .default({}),
    signups: z.enum(["all", "with_trafficsource", "none"]).default("all"),
    logged_out_search: z.enum(["none", "all"]).default("all"),
    logged_out_search_trafficsource: z.enum(["none", "all"]).default("all"),
    // Settings the spec names without any behaviour: refused rather than silently accepted
    // (docs/product/site.md#settings-without-behaviour).
    member_resell: withoutBehaviour("member_resell"),
    visible_profile_notes: withoutBehaviour("visible_profile_notes"),
    /** 'fictional': when nobody liked a member yet, one of the pool's fictional profiles does (auto-like). */
    auto_likes: z.enum(["none", "fictional"]).default("none"),
    index_title: perLanguageText,
    description: perLanguageText,
    mail_name: z.string().min(1).optional(),
    /** Shows the English-only United States footer. */
    us_footer: z.boolean().default(false),
  })
  .strict();

const themeSchema = z
  .object({
    primary: hexColour.default("#f5006f"),
    secondary: hexColour.default("#9c0047"),
    success: hexColour.default("#32ad2b"),
    danger: hexColour.default("#dc3545"),
    warning: hexColour.default("#ffc107"),
    info: hexColour.default("#17a2b8"),
    unread_messages: hexColour.default("#32ad2b"),
    /** A short text mark before the brand name in the logo (a letter or a symbol such as ♥ ✿ ♛). Never an
        emoji: where no emoji font is installed it would be an empty box (docs/decisions/041-inline-svg-icons.md). */
    logo_mark: z
      .string()
      .min(1)
      .max(4)
      .refine((mark) => !/\p{Emoji_Presentation}|\uFE0F/u.test(mark), "is drawn as an emoji, which shows as an empty box where no emoji font is installed: choose a letter or a text symbol such as ♥")
      .default("♥"),
  })
  .strict()
  // Text in these colours must be readable (WCAG 2.2 AA): a colour with no readable shade of its own is refused.
  .superRefine((theme, ctx) => {
    for (const name of readableColours(theme).unreadable) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [name], message: "has no shade near it that reads at 4.5:1 (WCAG AA): choose a darker colour (or, for warning, a lighter one)" });
    }
  });

const companyId = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and dashes (a file in tenants/companies/)");

const tenantObject = z
  .object({
    $schema: z.string().optional(),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
    name: z.string().min(1),
    niche: z.union([
      z.literal(1),
      z.literal(2),
      z.literal(3),
      z.literal(4),
      z.literal(5),
      z.literal(6),
      z.literal(7),
    ]),
    domains: z.array(hostName).min(1),
    domain_language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "must look like nl-NL"),
    countries: z.array(country).min(1),
    /** Member pool: brands with the same pool show each other's profiles. */
    pool: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
    timezone: z.string().min(1).refine(isTimeZone, "must be an IANA time zone like Europe/Amsterdam"),
    currency,
    /** The shared company record `tenants/companies/<company_id>.json`; the loader merges it under `company`. */
    company_id: companyId.optional(),
    company: companySchema,
    pricing: z.record(currency, priceListSchema).refine((p) => Object.keys(p).length > 0, "needs at least one currency"),
    settings: settingsSchema,
    tracking: trackingSchema,
    landers: landersSchema,
    tags: tagsSchema,
    theme: themeSchema.default({}),
  })
  .strict();

/** A brand as the server uses it: its company record complete (the company file merged in). */
export const tenantSchema = tenantObject.refine((t) => t.currency in t.pricing, { message: "the brand's currency needs a price list", path: ["pricing"] });

/**
 * A brand file as written (for the published JSON Schema): with `company_id`, its `company` block
 * holds only the fields that differ from the company file.
 */
export const tenantFileSchema = tenantObject.extend({ company: companySchema.partial().optional() });

/** A company file `tenants/companies/<id>.json`: any of the company fields (the brands supply the rest). */
export const companyFileSchema = companySchema.partial().extend({ $schema: z.string().optional() }).strict();

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Tenant = z.infer<typeof tenantSchema>;
export type TenantInput = z.input<typeof tenantSchema>;
export type TenantTheme = Tenant["theme"];
export type Company = Tenant["company"];
