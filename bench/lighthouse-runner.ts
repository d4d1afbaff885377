// Lighthouse as the page benchmarks run it (bench/landers.ts, bench/lighthouse.ts): its default
// settings, a mid-range phone on a slow 4G line, simulated (so the score depends little on this
// machine's network), in the system Chromium, one browser for all runs (Lighthouse clears the
// origin's cache and storage before each run, and the runner the browser's cookies, so every run
// is a first visit whose cookies are only those given).
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer, { type Page } from "puppeteer-core";

const CHROMIUM = "/usr/bin/chromium";
// No sandbox (root in a container), no GPU, and nothing that reaches out: this machine has no internet.
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type DevtoolsLog = Result["artifacts"]["DevtoolsLog"];

export interface LighthousePage {
  /** How the page is named in the results (and in saved reports' file names). */
  key: string;
  url: string;
  /** The cookies the browser holds for the page's site when the run starts, as a Cookie header. */
  cookie: string;
}

export interface Scores {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes transferred for the page and everything it loaded (Lighthouse's total byte weight). */
  transferBytes: number;
  /** The largest contentful paint's element as HTML, shortened. */
  lcpElement: string;
  /** Accessibility audits that failed. */
  failing: string[];
  /** The Cookie header Chromium really sent with the page's request. */
  sentCookie: string;
  /** Lighthouse's and the browser's versions, for the table's caption. */
  versions: string;
}

/**
 * Empties the browser's cookie jar and puts the page's cookies in it. In the jar, not in a header
 * Lighthouse adds to every request: once a page sets a cookie of its own (/members remembers the
 * search), Chromium sends the jar's cookies instead of that header, and the member's next call
 * went without a session (answered 403, so the tab went to the login page).
 */
async function giveCookies(tab: Page, page: LighthousePage): Promise<void> {
  const session = await tab.createCDPSession();
  try {
    await session.send("Network.clearBrowserCookies");
    const cookies = page.cookie.split(";").map((pair) => pair.trim()).filter(Boolean).map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: page.url };
    });
    await session.send("Network.setCookies", { cookies });
  } finally {
    await session.detach();
  }
}

async function lighthouseRun(tab: Page, page: LighthousePage, saveAs: string | null): Promise<Scores> {
  await giveCookies(tab, page);
  const result = await lighthouse(page.url, { output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] }, undefined, tab);
  if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${page.url})`);
  // A page that sent the run elsewhere (a member page to /login) was not measured.
  if (lhr.finalDisplayedUrl !== page.url) throw new Error(`${page.url} ended on ${lhr.finalDisplayedUrl}`);
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs.map((ref) => ref.id) ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcp: audit("first-contentful-paint"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    transferBytes: audit("total-byte-weight"),
    lcpElement: lcpElement(lhr.audits["largest-contentful-paint-element"]?.details),
    failing: accessibilityAudits.filter((id) => lhr.audits[id]?.score === 0),
    sentCookie: documentCookie(artifacts.DevtoolsLog),
    versions: `Lighthouse ${lhr.lighthouseVersion}, ${/(?:Headless)?Chrome\/[\d.]+/.exec(lhr.environment.hostUserAgent)?.[0] ?? "Chromium"}`,
  };
}

/** The LCP element's snippet from the audit's details (a list whose first table names the node). */
function lcpElement(details: unknown): string {
  const found = JSON.stringify(details ?? null).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  if (!found) return "–";
  const snippet = JSON.parse(`"${found[1]}"`) as string;
  return snippet.length > 90 ? `${snippet.slice(0, 87)}…` : snippet;
}

/** The Cookie header Chromium really sent for the page (its network log has the headers as sent): proof of whom the run measured. */
function documentCookie(log: DevtoolsLog): string {
  const document = log.find((entry) => entry.method === "Network.requestWillBeSent" && entry.params.type === "Document");
  if (document?.method !== "Network.requestWillBeSent") return "";
  const sent = log.find((entry) => entry.method === "Network.requestWillBeSentExtraInfo" && entry.params.requestId === document.params.requestId);
  if (sent?.method !== "Network.requestWillBeSentExtraInfo") return "";
  const headers = Object.entries(sent.params.headers);
  return headers.find(([name]) => name.toLowerCase() === "cookie")?.[1] ?? "";
}

/** Attempts per run: Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) for no fault of the page. */
const ATTEMPTS = 3;

/** One run, tried again when Lighthouse fails; the last error's message when every attempt failed. */
async function attempts(tab: Page, page: LighthousePage, saveAs: string | null): Promise<Scores | string> {
  let error = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      return await lighthouseRun(tab, page, saveAs);
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      console.error(`  attempt ${attempt} of ${ATTEMPTS} failed: ${error}`);
    }
  }
  return error;
}

export interface PageRuns {
  runs: Scores[];
  /** Why the runs that are missing failed (empty when none did). */
  error: string;
}

/**
 * `runs` runs of each page in turn, in one Chromium. With `saveDir`, each run's full report is
 * written there as `<key>-<run>.json` (keys made file-safe), to look into what a score is made of.
 * With `trustSpki`, the browser trusts the certificate of that public key (an HTTPS front's).
 */
export async function lighthouseRuns(pages: LighthousePage[], runs: number, saveDir?: string, trustSpki?: string): Promise<Map<string, PageRuns>> {
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  // The benchmark's own certificate (bench/https-front.ts), trusted by its key alone.
  const chromeFlags = trustSpki ? [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${trustSpki}`] : CHROME_FLAGS;
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags, logLevel: "error" });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const results = new Map<string, PageRuns>();
  try {
    const tab = await browser.newPage();
    for (const page of pages) {
      const result: PageRuns = { runs: [], error: "" };
      for (let run = 1; run <= runs; run++) {
        console.error(`lighthouse: ${page.key} (${run} of ${runs})`);
        const saveAs = saveDir ? `${saveDir}/${page.key.replace(/[^\w-]+/g, "_")}-${run}.json` : null;
        const scores = await attempts(tab, page, saveAs);
        if (typeof scores === "string") result.error = scores;
        else result.runs.push(scores);
      }
      results.set(page.key, result);
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return results;
}

/** The median item; a measurement that failed (NaN) counts as the lowest. */
export function middle<T>(list: T[], by: (item: T) => number): T {
  const value = (item: T) => (Number.isNaN(by(item)) ? -Infinity : by(item));
  return [...list].sort((a, b) => value(a) - value(b))[Math.floor(list.length / 2)]!;
}
