// Measures pages of the built server under load: `npm run build:local && npm run bench`.
// Starts server.mjs on its own port and data directory, runs autocannon against each page with
// 20 connections, and prints a table; results are recorded by hand in bench/RESULTS.md.
// Every page is compared with the floor measured in the same round: a bare Remix page of 24
// cards (bench/floor) on the same Remix, React, express and compression. `/pages/cookies` is the
// project's own trivial route; `/healthz` (one `select 1`, no rendering) shows the server's own cost.
import autocannon from "autocannon";
import { brandHost, demoMemberCookie, startFloor, startServer } from "./server";

const PORT = 3288;
const FLOOR_PORT = 3290;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = "flirtpunt";
const HOST = brandHost(TENANT);
const SITE_ENTRY = "site_entry=MTc2MzY4MzIwMDAwMA%3D%3D";
const TRIVIAL = "/pages/cookies";
const SEARCH = "/members?search=1&gender=female&country=NL&min_age=30&max_age=45";
const FLOOR = "floor: bare Remix, 24 cards";
const PAGES: Array<{ path: string; member?: boolean; floor?: boolean }> = [
  { path: "/", floor: true },
  { path: "/healthz" },
  { path: TRIVIAL },
  { path: "/" },
  { path: "/members" },
  { path: SEARCH },
  { path: "/members", member: true },
  { path: SEARCH, member: true },
];

const server = await startServer(PORT, ".data/bench");
const floor = await startFloor(FLOOR_PORT);

/** The search cookie /members sets for a member on a first visit, as their browser would keep it. */
async function searchCookieFor(session: string): Promise<string | null> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path: "/members", headers: { host: HOST, cookie: `${SITE_ENTRY}; ${session}` } }, (res) => {
      res.resume();
      resolve((res.headers["set-cookie"] ?? []).find((c) => c.startsWith("search="))?.split(";")[0] ?? null);
    });
    req.on("error", reject);
    req.end();
  });
}

const sid = await demoMemberCookie(PORT, TENANT);
// A browsing member keeps the search cookie set on their first visit (their default filters).
const search = await searchCookieFor(sid);
/**
 * The machine's speed drifts from minute to minute (other guests on the host): each page is
 * measured in BENCH_ROUNDS rounds that start with the floor, and each round's ratio is against
 * the floor of that same round. The table shows the median round.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
interface Round {
  rate: number;
  ratio: number | null;
  p50: number;
  p97_5: number;
  p99: number;
  non2xx: number;
}
const rounds = new Map<string, Round[]>();
const label = ({ path, member, floor }: (typeof PAGES)[number]) => (floor ? FLOOR : `${path}${member ? " (member)" : ""}`);
for (let round = 0; round < ROUNDS; round++) {
  let floorRate = 0;
  for (const page of PAGES) {
    const result = await autocannon({
      url: `http://127.0.0.1:${page.floor ? FLOOR_PORT : PORT}${page.path}`,
      headers: page.floor ? {} : { host: HOST, cookie: page.member ? `${SITE_ENTRY}; ${sid}${search ? `; ${search}` : ""}` : SITE_ENTRY },
      connections: 20,
      duration: DURATION,
    });
    const rate = result.requests.average;
    if (page.floor) floorRate = rate;
    const compared = floorRate > 0 && !page.floor;
    const list = rounds.get(label(page)) ?? [];
    list.push({ rate, ratio: compared ? rate / floorRate : null, p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, non2xx: result.non2xx });
    rounds.set(label(page), list);
  }
}
const median = (list: Round[]) => [...list].sort((a, b) => (a.ratio ?? a.rate) - (b.ratio ?? b.rate))[Math.floor(list.length / 2)]!;
const rows = PAGES.map((page) => {
  const list = rounds.get(label(page))!;
  const middle = median(list);
  const ratios = list.map((round) => round.ratio).filter((ratio): ratio is number => ratio !== null);
  const ratio = middle.ratio === null ? "" : `${middle.ratio.toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(", ")})`;
  return `| ${label(page)} | ${middle.rate.toFixed(0)} | ${ratio} | ${middle.p50} | ${middle.p97_5} | ${middle.p99} | ${middle.non2xx} |`;
});
server.kill("SIGTERM");
floor.kill("SIGTERM");

console.log(`\n${DURATION}s per page and round, ${ROUNDS} rounds, 20 connections, one server process; ratio = requests/s against the floor (bench/floor) in the same round (median, then every round)\n`);
console.log("| page | requests/s | vs floor | p50 ms | p97.5 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
