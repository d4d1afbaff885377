import type { Tenant } from "~/tenancy/schema";

/**
 * Niches (docs/product/site.md#niches) where having an account says something about a person's sex life or
 * orientation: bdsm (3) and gay (7). Their forms never tell whether an address has an account.
 */
const SENSITIVE_NICHES: readonly number[] = [3, 7];

/**
 * Whether this brand's forms may say that an address has an account (the spec's texts 'E-mailadres
 * niet gevonden' and 'Dit e-mailadres heeft al een account op deze site.'): the brand's
 * `reveal_accounts` setting, by default yes except on sensitive niches. When no, signup, password
 * reset and e-mail change answer the same whether or not the address is known, and the address's
 * owner gets a mail instead (docs/product/safety.md#account-enumeration).
 */
export function revealsAccounts(tenant: Pick<Tenant, "niche" | "settings">): boolean {
  return tenant.settings.reveal_accounts ?? !SENSITIVE_NICHES.includes(tenant.niche);
}
