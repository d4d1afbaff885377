import { describe, expect, it } from "vitest";
import { cleanPhone, termsVersionDate } from "./company-info";

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
