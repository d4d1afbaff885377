import { describe, expect, it } from "vitest";
import { tenantSchema } from "~/tenancy/schema";
import { tenantFixture } from "../../../tests/fixtures/tenant";
import { parseProduct, priceProduct } from "./order-pricing";

const base = tenantFixture({ id: "alpha" });
const tenant = tenantSchema.parse({
  ...base,
  currency: "EUR",
  pricing: {
    EUR: {
      bundles: [
        { id: "starter", credits: 100, price_cents: 1495 },
        { id: "popular", credits: 250, bonus_credits: 25, price_cents: 2995 },
      ],
      premium: [
        { tier: "p0", credits: 50, price_cents: 995 },
        { tier: "p1", credits: 150, price_cents: 1995, popular: true },
        { tier: "p2", credits: 400, price_cents: 4495 },
        { tier: "p3", credits: 1000, price_cents: 9995 },
      ],
    },
  },
});

describe("priceProduct", () => {
  it("takes a whole-percent discount off in integer cents, rounding half up", () => {
    expect(priceProduct(tenant, { kind: "bundle", id: "starter" })).toMatchObject({ listCents: 1495, amountCents: 1495, credits: 100, bonusCredits: 0, currency: "EUR" });
    // 1495 × 0.75 = 1121.25 → 1121; 2995 × 0.75 = 2246.25 → 2246; 995 × 0.75 = 746.25 → 746.
    expect(priceProduct(tenant, { kind: "bundle", id: "starter" }, 25)?.amountCents).toBe(1121);
    expect(priceProduct(tenant, { kind: "bundle", id: "popular" }, 25)).toMatchObject({ amountCents: 2246, credits: 250, bonusCredits: 25 });
    expect(priceProduct(tenant, { kind: "premium", tier: "p0" }, 25)?.amountCents).toBe(746);
    // 995 × 0.5 = 497.5 → 498 (half up).
    expect(priceProduct(tenant, { kind: "premium", tier: "p0" }, 50)?.amountCents).toBe(498);
  });

  it("refuses unknown products and discounts outside 0–99 %", () => {
    expect(priceProduct(tenant, { kind: "bundle", id: "nope" })).toBeNull();
    expect(priceProduct(tenant, { kind: "bundle", id: "starter" }, 100)).toBeNull();
    expect(priceProduct(tenant, { kind: "bundle", id: "starter" }, -5)).toBeNull();
    expect(priceProduct(tenant, { kind: "bundle", id: "starter" }, 12.5)).toBeNull();
  });
});

describe("parseProduct", () => {
  it("reads what an order stores and nothing else", () => {
    expect(parseProduct("bundle:popular")).toEqual({ kind: "bundle", id: "popular" });
    expect(parseProduct("premium:p3")).toEqual({ kind: "premium", tier: "p3" });
    expect(parseProduct("premium:p9")).toBeNull();
    expect(parseProduct("bundle:../x")).toBeNull();
    expect(parseProduct("gift:rose")).toBeNull();
  });
});
