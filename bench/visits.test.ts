import { describe, expect, it } from "vitest";
import { PAGES, pageLabel } from "./pages";
import { memberPages, visitRatio, visitTable } from "./visits";

describe("a member's visit against the floor", () => {
  it("weighs the document once and each click once, as time per page adds up", () => {
    // The floor serves 10 pages in 10 units; a document of 4 units (0.25×) and nine clicks of
    // 1.5 units (0.67×) take 17.5 units for the same ten pages.
    expect(visitRatio(0.25, Array<number>(9).fill(1 / 1.5))).toBeCloseTo(10 / 17.5, 10);
    expect(visitRatio(0.5, [0.5, 0.5])).toBeCloseTo(0.5, 10);
    expect(visitRatio(1, [])).toBe(1);
  });

  it("pairs every member document of the benches with its link click", () => {
    const pairs = memberPages().map(({ document, click }) => [document.path, click.path]);
    expect(pairs).toContainEqual(["/members", "/members.data"]);
    expect(pairs).toContainEqual(["/credits", "/credits.data"]);
    expect(pairs.every(([document, click]) => click === `${document}.data`)).toBe(true);
    // A search with filters has no link click of its own in PAGES.
    expect(pairs.some(([document]) => document!.includes("?"))).toBe(false);
  });

  it("marks the targets met and missed, with the median round", () => {
    const ratios = new Map<string, number[]>();
    for (const { document, click } of memberPages()) {
      ratios.set(pageLabel(document), [0.2, 0.25, 0.9]);
      ratios.set(pageLabel(click), [0.6, 0.4, 0.7]);
    }
    const table = visitTable((label) => ratios.get(label) ?? []);
    const members = table.split("\n").find((row) => row.startsWith("| /members |"))!;
    // Document 0.25 (missed), click 0.60 (met), visit: rounds 0.50, 0.38, 0.72, median 0.50 (met).
    expect(members).toBe("| /members | 0.25× ✗ | 0.60× ✓ | 0.50× ✓ |");
    expect(table).toContain("a visit through the site");
  });

  it("leaves out pages a run did not measure", () => {
    const only = memberPages()[0]!;
    const table = visitTable((label) => (label === pageLabel(only.document) || label === pageLabel(only.click) ? [0.3] : []));
    expect(table.split("\n")).toHaveLength(3);
    expect(PAGES.length).toBeGreaterThan(3);
  });
});
