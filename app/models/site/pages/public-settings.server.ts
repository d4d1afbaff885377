import type { AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { getFixedT } from "~/i18n/i18next.server";
import { languageOptions } from "~/i18n/resolve-language";
import { buyerCountry } from "~/models/payments/pages/credit-offers.server";
import { fictionalTexts } from "~/models/profiles/fictional.server";
import { supportContact } from "~/models/site/company-info";
import { homeTexts } from "~/models/site/pages/home-texts.server";
import { vapidKeys } from "~/services/push/vapid.server";
import { storage } from "~/services/storage/storage.server";
import type { Tenant } from "~/tenancy/schema";
import type { SettingsSchema } from "~/web/api/schemas.server";

const SAMPLE_KEY = "photos/sample.webp";

/**
 * The brand's settings a browser or app may know (docs/product/api.md#settings): what the pages
 * already show or use, with texts in the request's language. Not in it: the pool, tracking postbacks, the operators', moderators' and care settings, and the direct-debit limits.
 */
export async function publicSettings(tenant: Tenant, context: AppLoadContext): Promise<z.input<typeof SettingsSchema>> {
  const { settings } = tenant;
  const [home, fictional, members] = await Promise.all([homeTexts(tenant, context.language), fictionalTexts(tenant, context.language), getFixedT(context.language, "members")]);
  const contact = supportContact(tenant.company);
  // Stored files are addressed by key under one prefix (the local /media or the object store's public URL).
  const sample = storage().publicUrl(SAMPLE_KEY);
  return {
    name: tenant.name,
    domain: tenant.domains[0]!,
    domain_language: tenant.domain_language,
    niche: tenant.niche,
    company_id: tenant.company_id ?? null,
    countries: tenant.countries,
    languages: languageOptions(context.country, tenant, context.language),
    index_title: home.title,
    description: home.description,
    visible_profile_fields: settings.visible_profile_fields,
    search_fields: settings.search_fields,
    interests: settings.interests,
    message_credits: settings.message_credits,
    signup_credits: settings.signup_credits,
    photo_credits: settings.photo_credits,
    gift_credits: settings.gift_credits,
    message_length: settings.message_length,
    minimum_message_costs: settings.minimum_message_costs,
    support_email: contact.email,
    support_phone: contact.phone,
    enable_site_entry_popup: settings.enable_site_entry_popup,
    // Only members subscribe to push (as the root page data gives the key only to them).
    push_public_key: context.member ? vapidKeys().publicKey : null,
    cdn_prefix: sample.slice(0, sample.length - SAMPLE_KEY.length),
    fictional_warning: fictional.warning,
    fictional_singular: fictional.label,
    fictional_plural: settings.fictional_plural[context.language] ?? members("fictional.plural"),
    fictional_icon: settings.fictional_icon,
    refund_days: settings.refund_days,
    signups: settings.signups,
    logged_out_search: settings.logged_out_search,
    logged_out_search_trafficsource: settings.logged_out_search_trafficsource,
    geoip_country: context.country,
    geoip_selected_country: buyerCountry(context, tenant),
  };
}
