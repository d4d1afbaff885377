import { numberFormat } from "~/utils/intl-formats";
/** An amount in integer cents as the locale writes it, e.g. € 14,95 (nl) or €14.95 (en). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** A price per credit, which is often a fraction of a cent: up to three decimals. */
export function formatUnitPrice(cents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(cents / 100);
}
