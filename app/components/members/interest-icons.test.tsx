import Drama from "lucide-react/icons/drama";
import Sparkles from "lucide-react/icons/sparkles";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { INTERESTS } from "~/domain/profile-fields";
import { FictionalIcon } from "./FictionalIcon";
import { INTEREST_ICONS, InterestIcon, interestIcon } from "./interest-icons";

describe("interest icons", () => {
  it("gives every interest an icon of its own, none of them the fictional mark or the fallback", () => {
    const icons = INTERESTS.map((interest) => INTEREST_ICONS[interest]);
    expect(icons.every((icon) => icon !== undefined)).toBe(true);
    expect(new Set(icons).size).toBe(INTERESTS.length);
    expect(icons).not.toContain(Drama);
    expect(icons).not.toContain(Sparkles);
    expect(Object.keys(INTEREST_ICONS).sort()).toEqual([...INTERESTS].sort());
  });

  it("gives an interest no longer offered a neutral icon", () => {
    expect(interestIcon("stamp_collecting")).toBe(Sparkles);
    expect(interestIcon("wine")).toBe(INTEREST_ICONS.wine);
  });

  it("draws a decorative inline SVG: hidden from screen readers and from the tab order, no characters", () => {
    for (const html of [renderToStaticMarkup(<InterestIcon interest="hiking" className="mr-1" />), renderToStaticMarkup(<FictionalIcon />)]) {
      expect(html).toMatch(/^<svg [^>]*aria-hidden="true"/);
      expect(html).toContain('focusable="false"');
      expect(html).toContain('width="1em"');
      expect(html.replace(/<[^>]*>/g, "")).toBe("");
    }
    expect(renderToStaticMarkup(<InterestIcon interest="hiking" className="mr-1" />)).toMatch(/class="[^"]*\bmr-1\b/);
  });
});
