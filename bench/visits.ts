// A member's pages as members use them (issue 41): a visit is one document, then link clicks.
// The benches measure a page's document and its link click (`.data`) separately; a visit's figure
// is computed from those two measurements of the same round, not measured as a sequence of its
// own (bench/README.md#as-members-use-it).
import { PAGES, pageLabel, type Page } from "./pages";

/** Link clicks after the document in one visit: a visit of ten pages. */
export const VISIT_CLICKS = 9;

/** The targets of issue 41, as ratios to the floor's speed (its requests/s, or its CPU per request). */
export const TARGETS = { click: 0.5, visit: 0.5, document: 0.3 } as const;

/**
 * A visit's ratio to the floor from its document's and its link clicks' ratios, each against the
 * same floor: the floor serves ten pages in the time (or CPU) of ten of its own, the visit in one
 * document's plus nine clicks', so the ratio is ten over the sum of the reciprocals.
 */
export function visitRatio(document: number, clicks: number[]): number {
  return (1 + clicks.length) / (1 / document + clicks.reduce((sum, click) => sum + 1 / click, 0));
}

/** A member page measured as a document, beside the same page as a link click. */
export interface MemberPage {
  document: Page;
  click: Page;
}

/** The member pages of PAGES that are measured both ways, in PAGES' order. */
export function memberPages(pages: Page[] = PAGES): MemberPage[] {
  return pages.flatMap((document) => {
    const click = document.member && !document.navigation ? pages.find((page) => page.navigation && page.path === `${document.path}.data`) : undefined;
    return click ? [{ document, click }] : [];
  });
}

/**
 * One visit through the site, as a member browses it: the search page as a document, then nine
 * link clicks (the same placeholders as PAGES: each member's own profile and conversation).
 */
const VISIT_START = "/members";
const THROUGH_THE_SITE = ["/members", "/members/{profile}", "/members", "/members/{profile}", "/likes/received", "/members/{profile}", "/chats", "/chats/{conversation}", "/credits"];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mark = (ratio: number, target: number) => `${ratio.toFixed(2)}× ${ratio >= target ? "✓" : "✗"}`;

/**
 * The table "as members use it": per member page the document, the link click and a visit of one
 * document and nine clicks of that page, each its median over rounds (a visit is computed within
 * each round, then its median taken), marked ✓ where it meets its target. `ratios` gives a page's
 * ratio to the floor in every round, by its label.
 */
export function visitTable(ratios: (label: string) => number[], pages: Page[] = PAGES): string {
  const measured = (page: Page) => ratios(pageLabel(page)).length > 0;
  const rows = memberPages(pages).filter(({ document, click }) => measured(document) && measured(click)).map(({ document, click }) => {
    const documents = ratios(pageLabel(document));
    const clicks = ratios(pageLabel(click));
    const visits = documents.map((ratio, round) => visitRatio(ratio, Array<number>(VISIT_CLICKS).fill(clicks[round]!)));
    return `| ${pageLabel(document).replace(" (member)", "")} | ${mark(median(documents), TARGETS.document)} | ${mark(median(clicks), TARGETS.click)} | ${mark(median(visits), TARGETS.visit)} |`;
  });
  const through = THROUGH_THE_SITE.map((path) => pages.find((page) => page.navigation && page.path === `${path}.data`));
  const start = pages.find((page) => page.member && !page.navigation && page.path === VISIT_START);
  if (start && measured(start) && through.every((click) => click && measured(click))) {
    const documents = ratios(pageLabel(start));
    const visits = documents.map((ratio, round) => visitRatio(ratio, through.map((click) => ratios(pageLabel(click!))[round]!)));
    rows.push(`| a visit through the site: the document of ${start.path}, then ${THROUGH_THE_SITE.length} clicks: ${THROUGH_THE_SITE.join(", ")} | ${mark(median(documents), TARGETS.document)} | | ${mark(median(visits), TARGETS.visit)} |`);
  }
  return [
    `| member page | document (target ≥ ${TARGETS.document}×, the stretch goal) | link click (≥ ${TARGETS.click}×) | visit: 1 document + ${VISIT_CLICKS} clicks (≥ ${TARGETS.visit}×) |`,
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}
