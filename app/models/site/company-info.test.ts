import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tenantSchema } from "~/tenancy/schema";
import { tenantFixture } from "../../../tests/fixtures/tenant";
import { cleanPhone, companyVariables, termsVersionDate } from "./company-info";

describe("termsVersionDate", () => {
  it("is 2023-12-01 12:00 UTC for companies added before it", () => {
    expect(termsVersionDate({ added: "2021-03-15T10:00:00Z" }).toISOString()).toBe("2023-12-01T12:00:00.000Z");
  });

  it("is the added date when that is later", () => {
    expect(termsVersionDate({ added: "2025-09-01T07:00:00Z" }).toISOString()).toBe("2025-09-01T07:00:00.000Z");
  });
});

describe("cleanPhone", () => {
  it("removes dashes and spaces", () => {
    expect(cleanPhone("+31 20-123 45 67")).toBe("+31201234567");
  });
});

describe("companyVariables", () => {
  it("provides every variable the static pages use", () => {
    const text = readFileSync("public/locales/nl/pages.json", "utf8");
    const used = new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!));
    used.delete("date"); // the version line gets the formatted terms date
    const provided = Object.keys(companyVariables(tenantSchema.parse(tenantFixture())));
    expect([...used].filter((name) => !provided.includes(name))).toEqual([]);
  });
});
