import { electronicFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { z } from "zod";

/**
 * The direct-debit forms (docs/product/payments.md#direct-debit: account holder, IBAN, address, mobile number and
 * consent; then the SMS code), checked alike in the browser and on the server. Messages are
 * `directdebit` catalogue keys. The mobile number needs the buyer's country and a large
 * numbering plan, so it is checked on the server only (direct-debit.server.ts).
 */

/** An IBAN in electronic format (upper case, no spaces) when it is valid and of a SEPA country; else null. */
export function sepaIban(raw: string): string | null {
  const iban = electronicFormatIBAN(raw);
  if (!iban || !isValidIBAN(iban)) return null;
  return isSEPACountry(iban.slice(0, 2)) ? iban : null;
}

const required = (key: string, max: number) =>
  z
    .string({ required_error: `directdebit:errors.${key}` })
    .trim()
    .min(1, `directdebit:errors.${key}`)
    .max(max, "directdebit:errors.tooLong");

export const mandateSchema = z.object({
  intent: z.literal("mandate"),
  product: z.string().max(64),
  /** A discount code typed on an earlier page; it travels with the form. */
  code: z.string().trim().max(64).optional(),
  // SEPA allows 70 characters for the debtor's name.
  account_holder: required("accountHolderRequired", 70),
  iban: z
    .string({ required_error: "directdebit:errors.ibanRequired" })
    .max(64, "directdebit:errors.iban")
    .transform((value, ctx) => {
      const iban = sepaIban(value);
      if (!iban) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "directdebit:errors.iban" });
        return z.NEVER;
      }
      return iban;
    }),
  street: required("streetRequired", 70),
  house_number: required("houseNumberRequired", 10),
  zip: required("zipRequired", 10),
  city: required("cityRequired", 50),
  phone: required("phoneRequired", 32),
  consent: z.boolean({ errorMap: () => ({ message: "directdebit:errors.consent" }) }),
});

export type MandateForm = z.infer<typeof mandateSchema>;

export const verifySchema = z.object({
  intent: z.literal("verify"),
  request: z.number().int().positive(),
  code: z
    .string({ required_error: "directdebit:code.required" })
    // Codes are often typed or pasted as "123 456".
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "directdebit:code.invalid")),
});

export const resendSchema = z.object({
  intent: z.literal("resend"),
  request: z.number().int().positive(),
});
