// Lighthouse on the member-facing pages of the built server, for bench/RESULTS.md:
// `npm run build:local && npm run bench:lighthouse`. On flirtpunt: the home page and /members for
// a visitor (who dismissed the adult-content warning), and the start page /, /members, a profile,
// /likes/received, /chats and /credits for the logged-in free demo member. Mobile emulation with simulated throttling (Lighthouse's
// defaults, bench/lighthouse-runner.ts), BENCH_LIGHTHOUSE_RUNS (3) runs per page; each figure is
// the median of its runs. Targets: performance ≥ 95, accessibility 100.
// BENCH_LIGHTHOUSE_SAVE=dir keeps each run's full report there (to see what a score is made of);
// BENCH_WARMUP_SECONDS (15) of requests to every page come first (the fresh database's first
// job tick, 5 s after the start, holds the server for a moment). The browser reaches the server
// through a TLS and HTTP/2 front, as members reach it behind the reverse proxy
// (bench/https-front.ts); BENCH_LIGHTHOUSE_FRONT=plain measures the server's own HTTP/1.1 port.
import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { startHttpsFront } from "./https-front";
import { lighthouseRuns, middle, type Scores } from "./lighthouse-runner";
import { ask, brandHost, demoMemberCookie, startServer } from "./server";

// Its own port and data directory, so it never meets another benchmark's server.
const PORT = 3430;
const FRONT_PORT = 3432;
const PLAIN = process.env.BENCH_LIGHTHOUSE_FRONT === "plain";
const DATA_DIR = ".data/bench-lighthouse";
const BRAND = "flirtpunt";
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
const TARGET = { performance: 95, accessibility: 100 };

interface Page {
  path: string;
  member: boolean;
}

/** The load average when the benchmark started: other work on the machine skews every number. */
const LOAD_AT_START = loadavg()[0]!;

const server = await startServer(PORT, DATA_DIR);
const front = PLAIN ? null : await startHttpsFront(FRONT_PORT, PORT);
try {
  const started = Date.now();
  // A visitor who accepted the adult-content warning, as its form does (app/routes/api.site-entry.ts).
  const entry = (await ask(PORT, BRAND, "/api/site-entry", { form: { redirectTo: "/" } })).cookies.find((cookie) => cookie.startsWith("site_entry="));
  if (!entry) throw new Error("POST /api/site-entry set no site_entry cookie");
  const member = `${entry}; ${await demoMemberCookie(PORT, BRAND)}`;
  const profileId = await firstProfileId(member);
  const pages: Page[] = [
    { path: "/", member: false },
    { path: "/members", member: false },
    { path: "/", member: true },
    { path: "/members", member: true },
    { path: `/members/${profileId}`, member: true },
    { path: "/likes/received", member: true },
    { path: "/chats", member: true },
    { path: "/credits", member: true },
  ];
  const cookieOf = (page: Page) => (page.member ? member : entry);
  const keyOf = (page: Page) => `${page.member ? "member" : "visitor"} ${page.path}`;

  console.error(`warming up for ${WARMUP_SECONDS}s`);
  while (Date.now() - started < WARMUP_SECONDS * 1000) {
    for (const page of pages) await ask(PORT, BRAND, page.path, { cookie: cookieOf(page) });
  }

  const origin = front ? `https://${brandHost(BRAND)}:${FRONT_PORT}` : `http://${brandHost(BRAND)}:${PORT}`;
  const results = await lighthouseRuns(
    pages.map((page) => ({ key: keyOf(page), url: `${origin}${page.path}`, cookie: cookieOf(page) })),
    RUNS,
    process.env.BENCH_LIGHTHOUSE_SAVE,
    front?.spki,
  );
  const versions = [...results.values()].flatMap(({ runs }) => runs)[0]?.versions ?? "Lighthouse";
  console.log(`\n${heading()}\n`);
  const way = front ? "HTTPS and HTTP/2 through a front like the reverse proxy's" : "plain HTTP/1.1 from the server's own port";
  console.log(`${versions}, ${BRAND}, ${way}, mobile emulation with simulated throttling; the median of ${RUNS} runs for each figure (every run's performance in brackets). Targets: performance ≥ ${TARGET.performance}, accessibility ${TARGET.accessibility}. "who": the cookie the page's request really carried (site_entry only, or a session).\n`);
  console.log("| page | who | performance | accessibility | LCP s | TBT ms | CLS | transfer KiB | LCP element | failed accessibility audits |");
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const page of pages) {
    const { runs, error } = results.get(keyOf(page))!;
    if (!runs.length) {
      console.log(`| ${page.path} | ${page.member ? "member" : "visitor"} | failed: ${error} | | | | | | | |`);
      continue;
    }
    console.log(`| ${row(page, runs).join(" | ")} |`);
  }
} finally {
  front?.server.close();
  server.kill("SIGTERM");
}

/** The first profile the member's /members shows (the href of its card). */
async function firstProfileId(cookie: string): Promise<string> {
  const answer = await ask(PORT, BRAND, "/members", { cookie });
  const id = /href="\/members\/([\w-]+)"/.exec(answer.body)?.[1];
  if (answer.status !== 200 || !id) throw new Error(`/members answered ${answer.status} without a profile link`);
  return id;
}

function row(page: Page, runs: Scores[]): string[] {
  const median = (by: (run: Scores) => number) => by(middle(runs, by));
  const mark = (value: number, target: number) => (value < target ? `**${value}**` : String(value));
  const performance = median((run) => run.performance);
  const accessibility = median((run) => run.accessibility);
  // Whom the runs measured, from the cookie Chromium sent with the page's request.
  const sent = new Set(runs.map((run) => (run.sentCookie.includes("sid=") ? "member" : run.sentCookie.includes("site_entry=") ? "visitor" : "no cookie")));
  const who = [...sent].join(" / ");
  if (who !== (page.member ? "member" : "visitor")) console.error(`${page.path}: expected a ${page.member ? "member" : "visitor"}, measured ${who}`);
  const lcpRun = middle(runs, (run) => run.lcp);
  const failing = [...new Set(runs.flatMap((run) => run.failing))];
  return [
    page.path,
    who,
    `${mark(performance, TARGET.performance)} (${runs.map((run) => run.performance).join(", ")})`,
    mark(accessibility, TARGET.accessibility),
    (median((run) => run.lcp) / 1000).toFixed(2),
    median((run) => run.tbt).toFixed(0),
    median((run) => run.cls).toFixed(3),
    (median((run) => run.transferBytes) / 1024).toFixed(0),
    `\`${lcpRun.lcpElement.replaceAll("|", "\\|").replaceAll("`", "'")}\``,
    failing.join(", ") || "–",
  ];
}

/** Date, commit, build, Node, CPUs and load: what RESULTS.md records with every result. */
function heading(): string {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") ? " + uncommitted changes" : "";
  const built = statSync("build/index.js").mtime.toISOString().slice(0, 16).replace("T", " ");
  const cpu = cpus();
  return `### ${new Date().toISOString().slice(0, 10)} — commit ${git("rev-parse", "--short", "HEAD")}${dirty} (build of ${built} UTC), Node ${process.version}, ${cpu.length} CPUs (${cpu[0]?.model ?? "unknown"}), load average ${LOAD_AT_START.toFixed(2)} at the start`;
}
