import { describe, expect, it } from "vitest";
import { CARD_METHODS, issuersOf, methodsFor, PAYMENT_METHODS } from "./payment-methods";

const everything = () => true;

describe("methodsFor", () => {
  it("puts each country's own method first, cards and PayPal everywhere", () => {
    expect(methodsFor("NL", "EUR", everything)[0]).toBe("ideal");
    expect(methodsFor("BE", "EUR", everything)[0]).toBe("bancontact");
    expect(methodsFor("PL", "PLN", everything).slice(0, 2)).toEqual(["przelewy24", "blik"]);
    expect(methodsFor("DE", "EUR", everything).slice(0, 2)).toEqual(["sofort", "giropay"]);
    expect(methodsFor("SE", "SEK", everything)[0]).toBe("swish");
    expect(methodsFor("NO", "NOK", everything)[0]).toBe("vipps");
    expect(methodsFor("DK", "DKK", everything)[0]).toBe("mobilepay");
    expect(methodsFor("CH", "CHF", everything)[0]).toBe("twint");
    for (const country of ["NL", "BE", "DE", "AT", "CH", "PL", "SE", "NO", "DK", "FI", "IT", "FR", "ES", "GB", "IE", "US", "CA", "AU", "NZ"] as const) {
      const methods = methodsFor(country, "EUR", everything);
      expect(methods).toContain("paypal");
      expect(methods.some((method) => CARD_METHODS.includes(method))).toBe(true);
    }
  });

  it("offers direct debit only for euro prices, and nothing the provider does not take", () => {
    expect(methodsFor("NL", "EUR", everything)).toContain("directdebit");
    expect(methodsFor("NL", "GBP", everything)).not.toContain("directdebit");
    const noSofort = methodsFor("DE", "EUR", (method) => method !== "sofort" && method !== "giropay");
    expect(noSofort.slice(0, 2)).toEqual(["paypal", "creditcard"]);
    // Direct debit is our own form: it does not depend on the provider.
    expect(noSofort).toContain("directdebit");
  });

  it("offers a method only in the currencies it takes", () => {
    // A Swiss visitor on a euro brand: no Twint; a Dutch visitor on a złoty brand: no iDEAL.
    expect(methodsFor("CH", "EUR", everything)).not.toContain("twint");
    expect(methodsFor("CH", "CHF", everything)[0]).toBe("twint");
    expect(methodsFor("NL", "PLN", everything)).not.toContain("ideal");
    expect(methodsFor("PL", "EUR", everything)).toContain("przelewy24");
    expect(methodsFor("PL", "EUR", everything)).not.toContain("blik");
    expect(methodsFor("SE", "EUR", everything)).not.toContain("swish");
    expect(methodsFor("NO", "DKK", everything)).not.toContain("vipps");
    expect(methodsFor("NO", "DKK", everything)).toContain("paypal");
  });

  it("lists only known methods, and banks for iDEAL and EPS", () => {
    expect(methodsFor("IT", "EUR", everything).every((method) => PAYMENT_METHODS.includes(method))).toBe(true);
    expect(issuersOf("ideal").map((issuer) => issuer.name)).toContain("Rabobank");
    expect(issuersOf("eps").length).toBeGreaterThan(0);
    expect(issuersOf("paypal")).toEqual([]);
  });
});
