// Measures the advertising landers (/landers/{kind}) of the built server and prints Markdown
// tables for bench/RESULTS.md: `npm run build:local && npm run bench:landers`.
// For two brands: the HTTP answer (status, caching headers, bytes), the JavaScript a first visit
// loads, the images; for flirtpunt also the throughput against the trivial route and Lighthouse's
// mobile scores. Every request is a returning visitor's: one who dismissed the adult-content
// warning, whose dialog would otherwise cover the page for visitors from NL and DE.
// Environment: BENCH_SECONDS (5), BENCH_ROUNDS (3) and BENCH_WARMUP_SECONDS (15) for the load,
// BENCH_LIGHTHOUSE=0 to skip Lighthouse, BENCH_LIGHTHOUSE_RUNS (1) runs per page (median),
// BENCH_PATHS=/a,/b to measure other pages instead of the landers.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { cpus, loadavg } from "node:os";
import { gunzipSync, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { LANDER_KINDS } from "../app/domain/landers";
import { lighthouseRuns, middle, type Scores } from "./lighthouse-runner";
import { brandHost, startServer } from "./server";

// Its own port and data directory, so it never meets a `npm run bench` server.
const PORT = 3289;
const DATA_DIR = ".data/bench-landers";
const BRANDS = ["flirtpunt", "fesselnd"] as const;
/** The brand whose landers are loaded and scored by Lighthouse (the other gets one Lighthouse run). */
const MAIN_BRAND = BRANDS[0];
/** The trivial route (a static page through the root and i18n) throughput is compared with, as in bench/run.ts. */
const FLOOR = "/pages/cookies";
/** A niche slug with its locale, to show that `/landers/{kind}/{slug}` answers like the bare lander. */
const SLUG = "bdsm-de";
const JS_BUDGET_KIB = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== "0";
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
/** The adult-content warning's element (SiteEntryModal): present in the HTML when the dialog opens. */
const ENTRY_DIALOG = 'data-testid="site-entry-modal"';

/** The pages measured: every lander kind, or BENCH_PATHS (comma-separated) to try the script on other pages. */
const CUSTOM_PATHS = process.env.BENCH_PATHS?.split(",").filter(Boolean);
const PATHS: string[] = CUSTOM_PATHS ?? LANDER_KINDS.map((kind) => `/landers/${kind}`);
/** The static checks also take one lander with a slug per brand. */
const STATIC_PATHS = CUSTOM_PATHS ? PATHS : [...PATHS, `${PATHS[0]}/${SLUG}`];

// ---------------------------------------------------------------------------------------------
// HTTP: node:http, because fetch() does not let the caller choose the Host header that picks the brand.

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as the page sees it (decompressed). */
  body: Buffer;
  /** The body as it went over the wire. */
  wireBytes: number;
}

function send(brand: string, path: string, options: { headers?: Record<string, string>; form?: Record<string, string> } = {}): Promise<Reply> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = { host: brandHost(brand), ...options.headers };
  // A form is posted as a browser posts it from a page of the site (the request guard checks Sec-Fetch-Site).
  if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "sec-fetch-site": "same-origin" });
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, method: body === undefined ? "GET" : "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const wire = Buffer.concat(chunks);
        const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(wire) : wire;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, wireBytes: wire.length });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The cookie of a visitor who accepted the adult-content warning, got the way a browser gets it:
 * the dialog's form posts to /api/site-entry (app/routes/api.site-entry.ts), which answers with
 * `site_entry` (app/web/cookies.server.ts: unsigned, the time of acceptance).
 */
async function siteEntryCookie(brand: string): Promise<string> {
  const reply = await send(brand, "/api/site-entry", { form: { redirectTo: PATHS[0]! } });
  const cookie = [reply.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("site_entry="));
  if (reply.status !== 303 || !cookie) throw new Error(`${brand}: POST /api/site-entry answered ${reply.status} without the site_entry cookie`);
  return cookie.split(";")[0]!;
}

// ---------------------------------------------------------------------------------------------
// HTML: the server renders React, which quotes every attribute and escapes `<`, `>` and quotes
// inside them, so simple patterns find the tags reliably without an HTML parser.

type Attributes = Map<string, string>;

function parseAttributes(source: string): Attributes {
  const attributes: Attributes = new Map();
  for (const [, name, double, single, bare] of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    attributes.set(name!.toLowerCase(), double ?? single ?? bare ?? "");
  }
  return attributes;
}

function tags(html: string, name: string): Attributes[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "gi"))].map((match) => parseAttributes(match[1]!));
}

/** `<script>` elements with their text (empty for an external one). */
function scripts(html: string): Array<{ attributes: Attributes; text: string }> {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((match) => ({ attributes: parseAttributes(match[1]!), text: match[2]! }));
}

/** Script types the browser does not run (JSON-LD, data blocks): not JavaScript, so not in the budget. */
const isJavaScript = (type: string | undefined) => !type || type === "module" || /^(text|application)\/(java|ecma)script$/i.test(type);

const gzipBytes = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------
// The static measurements: one returning visitor's request per page, one first visit (is the
// warning there, as it should be?), and each script file once.

interface PageReport {
  brand: string;
  path: string;
  status: number;
  cacheControl: string;
  vary: string;
  htmlBytes: number;
  /** Null when the server sent the page uncompressed. */
  gzipWireBytes: number | null;
  dialogFirstVisit: boolean;
  dialogReturning: boolean;
  files: number;
  filesGzip: number;
  inline: number;
  inlineGzip: number;
  /** Script URLs on another origin: not fetched (no internet here), listed instead. */
  foreign: string[];
  images: number;
  lazyImages: number;
  sizedImages: number;
}

/** gzip -9 size of each script file, fetched once for all pages (the browser caches them too). */
const fileSizes = new Map<string, Promise<number>>();

function scriptFileGzip(brand: string, path: string): Promise<number> {
  let size = fileSizes.get(path);
  if (!size) {
    size = send(brand, path).then((reply) => {
      if (reply.status !== 200) throw new Error(`${path} answered ${reply.status}`);
      return gzipBytes(reply.body);
    });
    fileSizes.set(path, size);
  }
  return size;
}

/** The scripts a first load fetches: `<script src>`, `<link rel=modulepreload>` and script preloads. */
function scriptUrls(html: string): string[] {
  const urls = [
    ...scripts(html)
      .filter(({ attributes }) => attributes.has("src") && isJavaScript(attributes.get("type")))
      .map(({ attributes }) => attributes.get("src")!),
    ...tags(html, "link")
      .filter((link) => {
        const rel = (link.get("rel") ?? "").toLowerCase().split(/\s+/);
        return rel.includes("modulepreload") || (rel.includes("preload") && link.get("as") === "script");
      })
      .map((link) => link.get("href")!),
  ];
  return [...new Set(urls.filter(Boolean))];
}

async function measurePage(brand: string, path: string, cookie: string): Promise<PageReport> {
  const returning = await send(brand, path, { headers: { cookie, "accept-encoding": "gzip" } });
  const firstVisit = await send(brand, path, { headers: { "accept-encoding": "gzip" } });
  const html = returning.body.toString("utf8");

  const origin = `http://${brandHost(brand)}`;
  const urls = scriptUrls(html).map((url) => new URL(url, `${origin}${path}`));
  const own = urls.filter((url) => url.origin === origin);
  const sizes = await Promise.all(own.map((url) => scriptFileGzip(brand, url.pathname + url.search)));
  const inline = scripts(html).filter(({ attributes, text }) => !attributes.has("src") && isJavaScript(attributes.get("type")) && text.trim() !== "");
  const images = tags(html, "img");

  return {
    brand,
    path,
    status: returning.status,
    cacheControl: String(returning.headers["cache-control"] ?? ""),
    vary: String(returning.headers.vary ?? ""),
    htmlBytes: returning.body.length,
    gzipWireBytes: returning.headers["content-encoding"] === "gzip" ? returning.wireBytes : null,
    dialogFirstVisit: firstVisit.body.toString("utf8").includes(ENTRY_DIALOG),
    dialogReturning: html.includes(ENTRY_DIALOG),
    files: own.length,
    filesGzip: sizes.reduce((sum, size) => sum + size, 0),
    inline: inline.length,
    inlineGzip: inline.reduce((sum, { text }) => sum + gzipBytes(text), 0),
    foreign: urls.filter((url) => url.origin !== origin).map(String),
    images: images.length,
    lazyImages: images.filter((img) => img.get("loading") === "lazy").length,
    sizedImages: images.filter((img) => img.has("width") && img.has("height")).length,
  };
}

// ---------------------------------------------------------------------------------------------
// Throughput. The machine's speed drifts from minute to minute (other guests on the host), so
// every lander is loaded between two loads of the floor and compared with their mean, in
// BENCH_ROUNDS rounds; the table shows the median round.

interface Load {
  rate: number;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(path: string, cookie: string, seconds = SECONDS): Promise<Load> {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    headers: { host: brandHost(MAIN_BRAND), cookie },
    connections: CONNECTIONS,
    duration: seconds,
  });
  const { p50, p97_5, p99 } = result.latency;
  return { rate: result.requests.average, p50, p97_5, p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

interface Compared extends Load {
  ratio: number;
}

/**
 * Load before measuring: the job runner's first tick, 5 s after the server starts
 * (app/jobs/job-runner.server.ts), finds every job due on the fresh database and held the server
 * for about 6 s here — a first round without this warm-up measured 0 requests/s for one lander.
 * It also warms the JIT and the server's caches.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);

async function throughput(cookie: string): Promise<{ floors: Load[]; pages: Map<string, Compared[]> }> {
  console.error(`throughput: warming up for ${WARMUP_SECONDS}s`);
  await load(FLOOR, cookie, WARMUP_SECONDS);
  const floors: Load[] = [];
  const pages = new Map<string, Compared[]>(PATHS.map((path) => [path, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    console.error(`throughput: round ${round} of ${ROUNDS}`);
    let before = await load(FLOOR, cookie);
    floors.push(before);
    for (const path of PATHS) {
      const page = await load(path, cookie);
      const after = await load(FLOOR, cookie);
      floors.push(after);
      const floor = (before.rate + after.rate) / 2;
      pages.get(path)!.push({ ...page, ratio: floor > 0 ? page.rate / floor : NaN });
      before = after;
    }
  }
  return { floors, pages };
}


// ---------------------------------------------------------------------------------------------
// Lighthouse (bench/lighthouse-runner.ts): each page's median run by performance, and whether the
// page's request really carried the site_entry cookie.

type LanderScores = Scores & { cookieSent: boolean };

async function lighthouseScores(pages: Array<{ brand: string; path: string; cookie: string }>): Promise<Map<string, LanderScores | string>> {
  const runs = await lighthouseRuns(
    pages.map(({ brand, path, cookie }) => ({ key: `${brand} ${path}`, url: `http://${brandHost(brand)}:${PORT}${path}`, cookie })),
    LIGHTHOUSE_RUNS,
  );
  const scores = new Map<string, LanderScores | string>();
  for (const [key, { runs: done, error }] of runs) {
    const median = done.length ? middle(done, (run) => run.performance) : null;
    scores.set(key, median ? { ...median, cookieSent: median.sentCookie.includes("site_entry=") } : error);
  }
  return scores;
}

// ---------------------------------------------------------------------------------------------
// Output

function table(head: string[], rows: Array<Array<string | number>>): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

const yesNo = (value: boolean) => (value ? "yes" : "no");
const times = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "–");

/** The machine's load when the benchmark started: other work on it (tests, builds) skews the numbers. */
const LOAD_AT_START = loadavg()[0]!;

/** Date, commit, Node and CPUs: what RESULTS.md records with every result. */
function machineLine(): string {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") ? " + uncommitted changes" : "";
  const built = statSync("build/index.js").mtime.toISOString().slice(0, 16).replace("T", " ");
  const cpu = cpus();
  return `## ${new Date().toISOString().slice(0, 10)} — landers, commit ${git("rev-parse", "--short", "HEAD")}${dirty} (build of ${built} UTC), Node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? "unknown"}), load average ${LOAD_AT_START.toFixed(2)} at the start`;
}

function httpTable(reports: PageReport[]): string {
  return table(
    ["brand", "page", "status", "Cache-Control", "Vary", "HTML bytes", "gzip bytes", "entry dialog: first visit / returning"],
    reports.map((r) => [r.brand, r.path, r.status, r.cacheControl || "–", r.vary || "–", r.htmlBytes, r.gzipWireBytes ?? "not compressed", `${yesNo(r.dialogFirstVisit)} / ${yesNo(r.dialogReturning)}`]),
  );
}

function javascriptTable(reports: PageReport[]): string {
  return table(
    ["brand", "page", "files", "files KiB", "inline scripts", "inline KiB", "total KiB", `budget ${JS_BUDGET_KIB} KiB`],
    reports.map((r) => {
      const total = (r.filesGzip + r.inlineGzip) / 1024;
      const budget = total > JS_BUDGET_KIB ? `**over by ${(total - JS_BUDGET_KIB).toFixed(1)}**` : "ok";
      const foreign = r.foreign.length ? ` (+ not counted: ${r.foreign.join(", ")})` : "";
      return [r.brand, r.path, r.files, kib(r.filesGzip), r.inline, kib(r.inlineGzip), total.toFixed(1), budget + foreign];
    }),
  );
}

function imagesTable(reports: PageReport[]): string {
  return table(
    ["brand", "page", "img", "loading=lazy", "width+height"],
    reports.map((r) => [r.brand, r.path, r.images, r.lazyImages, r.sizedImages]),
  );
}

function throughputTable({ floors, pages }: Awaited<ReturnType<typeof throughput>>): string {
  const row = (label: string, load: Load, ratio: string) => [label, load.rate.toFixed(0), ratio, load.p50, load.p97_5, load.p99, load.non2xx, load.errors];
  return table(
    ["page", "requests/s", `vs ${FLOOR}`, "p50 ms", "p97.5 ms", "p99 ms", "non-2xx", "errors"],
    [
      row(`${FLOOR} (floor)`, middle(floors, (load) => load.rate), ""),
      ...PATHS.map((path) => {
        const rounds = pages.get(path)!;
        const median = middle(rounds, (round) => round.ratio);
        return row(path, median, `${times(median.ratio)} (${rounds.map((round) => times(round.ratio)).join(", ")})`);
      }),
    ],
  );
}

function lighthouseTable(pages: Array<{ brand: string; path: string }>, scores: Map<string, LanderScores | string>): string {
  return table(
    ["brand", "page", "performance", "accessibility", "FCP s", "LCP s", "TBT ms", "CLS", "failed accessibility audits", "cookie sent"],
    pages.map(({ brand, path }) => {
      const s = scores.get(`${brand} ${path}`)!;
      if (typeof s === "string") return [brand, path, `failed: ${s}`, "", "", "", "", "", "", ""];
      return [brand, path, s.performance, s.accessibility, (s.fcp / 1000).toFixed(1), (s.lcp / 1000).toFixed(1), s.tbt.toFixed(0), s.cls.toFixed(3), s.failing.join(", ") || "–", yesNo(s.cookieSent)];
    }),
  );
}

// ---------------------------------------------------------------------------------------------

// Each section is printed as soon as it is measured, so a failure later keeps what came before.
const server = await startServer(PORT, DATA_DIR);
try {
  const cookies = new Map<string, string>();
  for (const brand of BRANDS) cookies.set(brand, await siteEntryCookie(brand));

  console.error("static checks");
  const reports: PageReport[] = [];
  for (const brand of BRANDS) for (const path of STATIC_PATHS) reports.push(await measurePage(brand, path, cookies.get(brand)!));
  console.log(`\n${machineLine()}\n`);
  console.log("### HTTP\n\nA returning visitor (the site_entry cookie from POST /api/site-entry); gzip bytes as the server sent them to `Accept-Encoding: gzip`; the entry dialog as found in the HTML.\n");
  console.log(httpTable(reports));
  console.log(`\n### First-load JavaScript\n\n\`<script src>\`, \`<link rel=modulepreload>\` files and inline scripts, each gzip -9; budget ${JS_BUDGET_KIB} KiB.\n`);
  console.log(javascriptTable(reports));
  console.log("\n### Images\n\n`<img>` elements in the HTML, those with loading=lazy, those with both width and height.\n");
  console.log(imagesTable(reports));

  const loads = await throughput(cookies.get(MAIN_BRAND)!);
  console.log(`\n### Throughput (${MAIN_BRAND})\n\n${SECONDS}s per page and load, ${ROUNDS} rounds, ${CONNECTIONS} connections, one server process, no compression; each page between two loads of ${FLOOR}, ratio to their mean (median round, then every round); after ${WARMUP_SECONDS}s of warm-up on ${FLOOR}.\n`);
  console.log(throughputTable(loads));

  if (LIGHTHOUSE) {
    const lighthousePages = [...PATHS.map((path) => ({ brand: MAIN_BRAND, path })), { brand: BRANDS[1], path: PATHS[0]! }];
    const scores = await lighthouseScores(lighthousePages.map((page) => ({ ...page, cookie: cookies.get(page.brand)! })));
    const versions = [...scores.values()].find((s): s is LanderScores => typeof s !== "string")?.versions ?? "Lighthouse";
    console.log(`\n### Lighthouse\n\n${versions}, mobile emulation, simulated throttling, ${LIGHTHOUSE_RUNS} run(s) per page (median by performance); "cookie sent": the page's request carried site_entry.\n`);
    console.log(lighthouseTable(lighthousePages, scores));
  } else {
    console.log("\n### Lighthouse\n\nSkipped (BENCH_LIGHTHOUSE=0).");
  }
} finally {
  server.kill("SIGTERM");
}
