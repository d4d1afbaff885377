import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/utils/colour";
import { readableColours, textSurfaces } from "./readable-theme";
import { loadTenants } from "./load-tenants.server";

const TENANTS = path.resolve(import.meta.dirname, "../../tenants");
const brands = loadTenants(TENANTS).tenants;

describe("readable brand colours", () => {
  it.each(brands.map((brand) => [brand.id, brand.theme] as const))("%s: every text colour reads at 4.5:1 on every surface it is used on, and white on it", (_id, theme) => {
    const { theme: readable, unreadable } = readableColours(theme);
    expect(unreadable).toEqual([]);
    for (const name of ["primary", "secondary", "success", "danger", "info", "unread_messages"] as const) {
      for (const surface of textSurfaces(readable)) expect(contrastRatio(readable[name], surface), `${name} on ${surface}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(readable[name], "#ffffff"), `white on ${name}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(readable.warning, "#111827")).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps a colour that already reads everywhere", () => {
    expect(readableColours({ ...brands[0]!.theme, secondary: "#1c1c1c" }).theme.secondary).toBe("#1c1c1c");
  });
});
