// How long a phone on a slow connection waits for the page to answer taps, for bench/RESULTS.md:
// `npm run build:local && npm run bench:hydration`. A fresh browser context (empty cache) per
// run; the connection and CPU throttled as Lighthouse's mobile profile applies them in DevTools
// (562.5 ms round trip, 1,474.56 Kbit/s down, 675 Kbit/s up, CPU 4× slower). For each page: the
// first contentful paint, and "hydrated": the moment Remix's router exists
// (`window.__remixRouter`, set by RemixBrowser as the page's first render starts), both from the
// navigation's start. BENCH_HYDRATION_RUNS (7) runs per page; medians, and every run in brackets.
// BENCH_HYDRATION_PORT (3431) is the server's port.
import { chromium, type Browser } from "@playwright/test";
import { loadavg } from "node:os";
import { ask, brandHost, demoMemberCookie, startServer } from "./server";

const PORT = Number(process.env.BENCH_HYDRATION_PORT ?? 3431);
const DATA_DIR = `.data/bench-hydration-${PORT}`;
const BRAND = "flirtpunt";
const RUNS = Number(process.env.BENCH_HYDRATION_RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const THROTTLING = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

interface Page {
  path: string;
  member: boolean;
}

interface Timing {
  fcp: number;
  hydrated: number;
}

declare global {
  interface Window {
    __hydratedAt?: number;
  }
}

const LOAD_AT_START = loadavg()[0]!;
const server = await startServer(PORT, DATA_DIR);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const entry = (await ask(PORT, BRAND, "/api/site-entry", { form: { redirectTo: "/" } })).cookies.find((cookie) => cookie.startsWith("site_entry="));
  if (!entry) throw new Error("POST /api/site-entry set no site_entry cookie");
  const member = `${entry}; ${await demoMemberCookie(PORT, BRAND)}`;
  const pages: Page[] = [
    { path: "/", member: false },
    { path: "/members", member: false },
    { path: "/members", member: true },
  ];
  // Warm the server (its first answers of each page are slower) before anything is measured.
  for (let round = 0; round < 20; round++) for (const page of pages) await ask(PORT, BRAND, page.path, { cookie: page.member ? member : entry });

  const timings = new Map<Page, Timing[]>(pages.map((page) => [page, []]));
  // Pages interleaved, so a busy moment of the machine falls on all of them alike.
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) timings.get(page)!.push(await measure(browser, page, page.member ? member : entry));
  }
  console.log(`\nTime to hydration, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${LOAD_AT_START.toFixed(2)} at the start: ${BRAND}, a fresh context per run, DevTools throttling as Lighthouse's mobile profile (562.5 ms RTT, 1,474.56 Kbit/s down, CPU 4×); ms from the navigation's start, the median of ${RUNS} runs (every run in brackets).\n`);
  console.log("| page | who | first contentful paint ms | hydrated ms |");
  console.log("|---|---|---|---|");
  for (const page of pages) {
    const runs = timings.get(page)!;
    const cell = (values: number[]) => `${Math.round(median(values))} (${values.map((value) => Math.round(value)).join(", ")})`;
    console.log(`| ${page.path} | ${page.member ? "member" : "visitor"} | ${cell(runs.map((run) => run.fcp))} | ${cell(runs.map((run) => run.hydrated))} |`);
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
}

async function measure(browser: Browser, page: Page, cookie: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: brandHost(BRAND), path: "/" };
      }),
    );
    // A string, not a function: tsx would name the function's helpers with a helper of its own
    // (__name) that the page does not have.
    await context.addInitScript(`{
      let router;
      Object.defineProperty(window, "__remixRouter", {
        configurable: true,
        get: () => router,
        set(value) {
          router = value;
          window.__hydratedAt ??= performance.now();
        },
      });
    }`);
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...THROTTLING });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await tab.goto(`http://${brandHost(BRAND)}:${PORT}${page.path}`, { waitUntil: "commit", timeout: 60_000 });
    await tab.waitForFunction(() => window.__hydratedAt !== undefined, undefined, { timeout: 60_000 });
    return await tab.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      hydrated: window.__hydratedAt!,
    }));
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
