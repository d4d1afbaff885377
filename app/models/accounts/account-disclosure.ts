import type { Tenant } from "~/tenancy/schema";

/**
 * Niches (docs/product/site.md#niches) where having an account says something about a person's sex life,
 * orientation or body: every niche but the general one (1) — she (2), bdsm (3), plus-size (4),
 * gilf (5), milf (6) and gay (7). Their forms never tell whether an address has an account.
 */
const SENSITIVE_NICHES: readonly number[] = [2, 3, 4, 5, 6, 7];

/**
 * Whether this brand's forms may say that an address has an account (the spec's texts 'E-mailadres
 * niet gevonden' and 'Dit e-mailadres heeft al een account op deze site.'): the brand's
 * `reveal_accounts` setting, by default yes only on the general niche. When no, signup, password
 * reset and e-mail change answer the same whether or not the address is known, and the address's
 * owner gets a mail instead (docs/product/safety.md#account-enumeration).
 */
export function revealsAccounts(tenant: Pick<Tenant, "niche" | "settings">): boolean {
  return tenant.settings.reveal_accounts ?? !SENSITIVE_NICHES.includes(tenant.niche);
}
