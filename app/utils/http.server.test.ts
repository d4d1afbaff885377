import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./http.server";

describe("safeRedirectPath", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectPath("/pages/terms?x=1")).toBe("/pages/terms?x=1");
  });

  it("refuses other sites and odd values", () => {
    expect(safeRedirectPath("//evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath("https://evil.example")).toBe("/");
    expect(safeRedirectPath(null, "/home")).toBe("/home");
  });
});
