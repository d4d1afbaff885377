// The accessibility audit of one page (docs/product/site.md#accessibility): axe's WCAG 2.2 AA
// rules, the document title, and that the page asked for is the page shown.
import { readdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { brandUrl, expect } from "./helpers";

/** Every rule axe has for WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
/** What fails the build; moderate and minor findings do not (docs/decisions/029-accessibility-checks.md). */
const BLOCKING = new Set(["serious", "critical"]);

/** One page of the site: its address and the route module that must answer it (its file in app/routes, without extension). */
export interface SitePage {
  path: string;
  route: string;
  /** The page is the error page (a 404); any other page showing it fails. */
  error?: boolean;
}

/**
 * The pages this brand's browser has seen, by title: two different routes must not share a title
 * (a screen reader's tab list and history would not tell them apart).
 */
export type Titles = Map<string, string>;

/**
 * Route modules that show another one's page under a second address: the profile reached from
 * the likes tabs, and the three layouts of one member's landing page.
 */
const SAME_PAGE: Record<string, string> = {
  "_default.likes.m.$id": "_default.members.$id",
  "_lander.members.$id.landing2.($slug)": "_lander.members.$id.landing",
  "_lander.members.$id.landing3.($slug)": "_lander.members.$id.landing",
};

/**
 * Goes to each page in turn and audits it; every finding is a soft failure naming the brand, the
 * page, the rule and the elements, so one run lists them all.
 */
export async function auditPages(page: Page, brand: string, pages: SitePage[], titles: Titles = new Map()): Promise<void> {
  for (const sitePage of pages) {
    // The document and its scripts, not every photo: axe reads the markup and the styles.
    await page.goto(brandUrl(brand, sitePage.path), { waitUntil: "domcontentloaded" });
    await auditCurrentPage(page, brand, sitePage, titles);
  }
}

/** Audits the page the browser is on, which must be `sitePage`. */
export async function auditCurrentPage(page: Page, brand: string, sitePage: SitePage, titles: Titles = new Map()): Promise<void> {
  const where = `${brand} ${sitePage.path}`;
  const shown = await shownPage(page, sitePage);
  expect.soft(shown.route, `${where}: the route that answered`).toBe(sitePage.route);
  expect.soft(shown.errorPage, `${where}: ${sitePage.error ? "the error page" : "the page, not the error page"}`).toBe(sitePage.error ?? false);

  const ownPart = shown.title.replace(shown.brandName, "").replace(/[|·–—-]/g, "").trim();
  expect.soft(ownPart, `${where}: a document title of its own, not only the brand's name ("${shown.title}")`).not.toBe("");
  const samePage = SAME_PAGE[sitePage.route] ?? sitePage.route;
  const before = titles.get(shown.title);
  expect.soft(before === undefined || before === samePage, `${where}: the title "${shown.title}" is also the title of ${before}`).toBe(true);
  titles.set(shown.title, samePage);

  // Legacy mode runs axe in the page itself rather than in every frame and then in a blank page
  // of its own: several times faster, and the site has no frames. Only violations are collected.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const findings = results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map(describeNode).join("\n")}`);
  expect.soft(findings, `${where}: axe found WCAG 2.2 AA violations`).toEqual([]);
}

type NodeResult = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number]["nodes"][number];

/** An element axe flagged: its selector and what its first failed check says (for contrast: the colours and the ratio). */
function describeNode(node: NodeResult): string {
  const check = [...node.any, ...node.all, ...node.none][0];
  return `    ${node.target.join(" ")}${check ? ` — ${check.message}` : ""}`;
}

/**
 * What the browser shows: the route module (from the router, once the page's script runs; a page
 * that loads no script, a lander, is taken to be the one asked for unless it redirected), the
 * document title, the brand's name on the page, and whether it is the error page.
 */
async function shownPage(page: Page, asked: SitePage): Promise<{ route: string; title: string; brandName: string; errorPage: boolean }> {
  const hasScript = await page.evaluate(() => document.scripts.length > 0);
  if (hasScript) await page.waitForFunction(() => "__remixRouter" in window);
  const shown = await page.evaluate(() => {
    const router = (window as unknown as { __remixRouter?: { state: { matches: Array<{ route: { id: string } }> } } }).__remixRouter;
    return {
      routeId: router?.state.matches.at(-1)?.route.id ?? null,
      title: document.title.trim(),
      brandName: document.querySelector('[data-testid="brand-name"]')?.textContent?.trim() ?? "",
      errorPage: document.querySelector('[data-testid="error-page"]') !== null,
    };
  });
  const notRedirected = new URL(page.url()).pathname === asked.path.split("?")[0];
  const route = shown.routeId ? shown.routeId.replace(/^routes\//, "") : notRedirected ? asked.route : `a redirect to ${page.url()}`;
  return { route, title: shown.title, brandName: shown.brandName, errorPage: shown.errorPage };
}

/** The route modules in app/routes that render a page of their own (no layouts, API, resource or development routes). */
export function pageRoutes(): string[] {
  const routes = path.resolve(import.meta.dirname, "../../app/routes");
  return readdirSync(routes)
    .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
    .map((file) => file.replace(/\.tsx$/, ""))
    .filter((route) => !route.startsWith("dev.") && !LAYOUTS.includes(route));
}

/**
 * Route modules without a page of their own: layouts, whose pages are audited through their
 * children, and addresses that only redirect.
 */
const LAYOUTS = ["_default", "_chat", "_lander", "_empty", "staff", "_chat.chats", "_default.complete-signup", "_default.likes._index", "_default.complete-signup._index"];
