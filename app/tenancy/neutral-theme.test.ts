import { describe, expect, it } from "vitest";
import { NEUTRAL_THEME, NEUTRAL_THEME_CSS } from "./neutral-theme";
import { themeCss } from "./theme-css";

describe("the neutral theme", () => {
  it("is written out exactly as themeCss makes it", () => {
    expect(NEUTRAL_THEME_CSS).toBe(themeCss(NEUTRAL_THEME));
  });
});
