// Load shedding past capacity: `npm run build:local && npm run bench:shedding`
// (docs/decisions/051-load-shedding.md, docs/operations.md#load-shedding).
//
// Starts two built servers, one process each, on data directories of their own (embedded
// database, demo brands): one with shedding off (SHED_MAX_IN_FLIGHT=0, SHED_EVENT_LOOP_DELAY_MS=0)
// and one with the defaults (or BENCH_SHED_MAX_IN_FLIGHT / BENCH_SHED_EVENT_LOOP_DELAY_MS). Then:
// 1. capacity: autocannon with 20 connections, as `npm run bench` loads a page, on `/members` as
//    a member (a document: the most expensive page members load often), on the server with
//    shedding — what one process serves, and that shedding refuses nothing at that load;
// 2. overload: visitors arrive at BENCH_OVERLOAD (default 2) times that rate, each asking for
//    the page once, for BENCH_SECONDS (default 20) — arrivals do not wait for answers, as new
//    visitors do not. A visitor waits BENCH_TIMEOUT_SECONDS (default 10) and then gives up (the
//    request is dropped, as a browser's or proxy's timeout drops it); a visitor answered 503
//    comes back after its Retry-After, as the busy page and the page-data retry do (autocannon's
//    clients would ask again at once, which no visitor of ours does, so this part sends its own
//    requests). Each round runs both servers one after the other, the order alternating, with a
//    pause until the server has finished what it was still working on.
// BENCH_PROFILES sets the demo members per pool (default 300; fewer start sooner).
// Prints, per run: offered and answered rates, p50/p99 of the pages served, the share that timed
// out, was refused (503) or failed. Results are recorded by hand in bench/RESULTS.md.
import { request as httpRequest, Agent } from "node:http";
import autocannon from "autocannon";
import { BENCH_ACCOUNTS, DEMO_PASSWORD, demoAccountEmail, type DemoAccountKind } from "../db/seed/demo-accounts.server";
import { memberRequests, pageHeaders, SITE_ENTRY, type Member, type Page } from "./pages";
import { ask, brandHost, listening, serverEnv } from "./server";
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const PAGE: Page = { path: "/members", member: true };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const OVERLOAD = Number(process.env.BENCH_OVERLOAD ?? 2);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 10) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 10);
const HTML_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

interface Setup {
  label: string;
  port: number;
  env: Record<string, string>;
}

const shedOn: Record<string, string> = {};
if (process.env.BENCH_SHED_MAX_IN_FLIGHT) shedOn.SHED_MAX_IN_FLIGHT = process.env.BENCH_SHED_MAX_IN_FLIGHT;
if (process.env.BENCH_SHED_EVENT_LOOP_DELAY_MS) shedOn.SHED_EVENT_LOOP_DELAY_MS = process.env.BENCH_SHED_EVENT_LOOP_DELAY_MS;
const SETUPS: Setup[] = [
  { label: "shedding off", port: 3293, env: { SHED_MAX_IN_FLIGHT: "0", SHED_EVENT_LOOP_DELAY_MS: "0" } },
  { label: `shedding on (${Object.entries(shedOn).map(([name, value]) => `${name}=${value}`).join(", ") || "defaults"})`, port: 3294, env: shedOn },
];

async function start(setup: Setup) {
  const dataDir = `.data/bench-shedding-${setup.port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // The benchmarks' servers do not shed (bench/server.ts); here the setup says.
  const { SHED_MAX_IN_FLIGHT: _inFlight, SHED_EVENT_LOOP_DELAY_MS: _delay, ...benchEnv } = serverEnv(setup.port, dataDir);
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...benchEnv, SEED_ON_START: "1", SEED_DEMO_LOGINS: "1", DEMO_PROFILES_PER_POOL: process.env.BENCH_PROFILES ?? "300", LOG_LEVEL: "warn", ...setup.env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await listening(child);
  const members = await logInMembers(setup.port);
  return { ...setup, child, members };
}

/**
 * The demo member and the bench logins there are (`db:seed -- --profiles` makes them), each with an
 * address of its own (the server trusts X-Forwarded-For from this machine), as `npm run bench`
 * spreads its member requests; only /members is loaded, so no profile or conversation is needed.
 */
async function logInMembers(port: number): Promise<Member[]> {
  const kinds: DemoAccountKind[] = ["free", ...Array.from({ length: BENCH_ACCOUNTS }, (_, i) => `bench-${i + 1}` as const)];
  const found: Member[] = [];
  for (const kind of kinds) {
    const login = await ask(port, "flirtpunt", "/login", { form: { email: demoAccountEmail("flirtpunt", kind), password: DEMO_PASSWORD } });
    const sid = login.cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie));
    // Without the bulk seed there are no bench logins: the first one missing ends the list.
    if (!sid) break;
    const results = await ask(port, "flirtpunt", "/members", { cookie: `${SITE_ENTRY}; ${sid}` });
    const search = results.cookies.find((value) => value.startsWith("search="));
    found.push({ cookie: [SITE_ENTRY, sid, search].filter(Boolean).join("; "), address: `198.18.${found.length >> 8}.${found.length & 255}`, profile: "", conversation: "" });
  }
  if (!found.length) throw new Error("the demo member could not log in");
  return found;
}
type Server = Awaited<ReturnType<typeof start>>;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** One request of a visitor: its status (0: no answer, "timeout": given up) and how long it took. */
function visit(server: Server, agent: Agent, turn: number): Promise<{ status: number | "timeout"; ms: number; retryAfter: number }> {
  const member = server.members[turn % server.members.length]!;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: server.port, path: PAGE.path, agent, headers: { host: brandHost("flirtpunt"), cookie: member.cookie, "x-forwarded-for": member.address, accept: HTML_ACCEPT } },
      (res) => {
        res.resume();
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, retryAfter: Number(res.headers["retry-after"] ?? 0) });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: "timeout", ms: performance.now() - started, retryAfter: 0 });
    }, TIMEOUT_MS);
    req.on("error", () => {
      clearTimeout(timer);
      resolve({ status: 0, ms: performance.now() - started, retryAfter: 0 });
    });
    req.end();
  });
}

/** Visitors arriving at `rate` per second for SECONDS; a refused one comes back after its Retry-After. */
async function overload(server: Server, rate: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const served: number[] = [];
  const refused: number[] = [];
  let timeouts = 0;
  let failed = 0;
  let sent = 0;
  let turn = 0;
  const pending: Promise<void>[] = [];
  const ask = (): Promise<void> =>
    visit(server, agent, turn++).then(async (outcome) => {
      sent++;
      if (outcome.status === "timeout") timeouts++;
      else if (outcome.status === 503) {
        refused.push(outcome.ms);
        // The busy page reloads itself after Retry-After; within the run it is asked again.
        if (performance.now() - began + outcome.retryAfter * 1000 < SECONDS * 1000) {
          await new Promise((resolve) => setTimeout(resolve, outcome.retryAfter * 1000));
          await ask();
        }
      } else if (outcome.status === 200) served.push(outcome.ms);
      else failed++;
    });
  const began = performance.now();
  const interval = 1000 / rate;
  let arrivals = 0;
  while (performance.now() - began < SECONDS * 1000) {
    // Arrivals on schedule, however late the loop wakes (a burst makes up for a late wake-up).
    while (arrivals * interval <= performance.now() - began) {
      arrivals++;
      pending.push(ask());
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  agent.destroy();
  served.sort((a, b) => a - b);
  refused.sort((a, b) => a - b);
  return { arrivals, sent, served: served.length, servedPerSecond: served.length / SECONDS, p50: percentile(served, 50), p99: percentile(served, 99), refused: refused.length, refusedP99: percentile(refused, 99), timeouts, failed };
}

/** Waits until the server answers /healthz quickly again: the work of dropped requests is done. */
async function settle(server: Server) {
  for (let calm = 0; calm < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = performance.now();
    const ok = await new Promise<boolean>((resolve) => {
      const req = httpRequest({ host: "127.0.0.1", port: server.port, path: "/healthz", headers: { host: brandHost("flirtpunt") } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200));
      });
      req.on("error", () => resolve(false));
      req.end();
    });
    calm = ok && performance.now() - started < 50 ? calm + 1 : 0;
  }
}

const servers: Server[] = [];
for (const setup of SETUPS) servers.push(await start(setup));

/** What one process serves at the load `npm run bench` puts on a page, and what it answers besides 200. */
async function measureCapacity(server: Server) {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${PAGE.path}`,
    headers: { ...pageHeaders(PAGE), accept: HTML_ACCEPT },
    requests: [{ setupRequest: memberRequests(server.members)(PAGE) }],
    connections: 20,
    duration: CAPACITY_SECONDS,
  });
  const perSecond = result["2xx"] / CAPACITY_SECONDS;
  const others = Object.entries(result.statusCodeStats ?? {}).filter(([status]) => status !== "200").map(([status, { count }]) => `${status}: ${count}`);
  console.log(`capacity, ${server.label}, 20 connections, ${CAPACITY_SECONDS} s: ${perSecond.toFixed(0)} pages/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, other answers ${others.join(", ") || "none"}, errors ${result.errors}, timeouts ${result.timeouts}`);
  await settle(server);
  return perSecond;
}

const capacities: number[] = [];
for (const server of servers) capacities.push(await measureCapacity(server));
const capacityRate = Math.min(...capacities);
const rate = Math.round(capacityRate * OVERLOAD);
console.log(`overload: ${rate} arrivals/s (${OVERLOAD}× the lower capacity) for ${SECONDS} s, visitors give up after ${TIMEOUT_MS / 1000} s\n`);

console.log("| round | server | arrivals | requests sent | served/s | p50 ms | p99 ms | 503 (p99 ms) | timed out | failed |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (let round = 1; round <= ROUNDS; round++) {
  const order = round % 2 === 1 ? servers : [...servers].reverse();
  for (const server of order) {
    const r = await overload(server, rate);
    const share = (n: number) => `${n} (${((100 * n) / r.sent).toFixed(0)} %)`;
    console.log(`| ${round} | ${server.label} | ${r.arrivals} | ${r.sent} | ${r.servedPerSecond.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${share(r.refused)}${r.refused ? ` (${r.refusedP99.toFixed(0)})` : ""} | ${share(r.timeouts)} | ${r.failed} |`);
    await settle(server);
  }
}
for (const server of servers) server.child.kill("SIGTERM");
process.exit(0);
