// Measures pages of the built server under load: `npm run build:local && npm run bench`.
// Starts server.mjs on its own port and data directory, runs autocannon against each page with
// 20 connections, and prints a table; results are recorded by hand in bench/RESULTS.md.
// Every page is compared with the floor measured in the same round: a bare Remix page of 24
// cards (bench/floor) on the same Remix, React, express and compression. `/pages/cookies` is the
// project's own trivial route; `/healthz` (one `select 1`, no rendering) shows the server's own cost.
import autocannon from "autocannon";
import { benchMembers, encodingCaption, memberRequests, pageHeaders, PAGES, pageLabel as label } from "./pages";
import { startFloor, startServer } from "./server";
import { visitTable } from "./visits";

/** BENCH_PORT moves the server (and the floor to the port 2 above it), for two runs on one machine. */
const PORT = Number(process.env.BENCH_PORT ?? 3288);
const FLOOR_PORT = PORT + 2;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const server = await startServer(PORT, ".data/bench");
const floor = await startFloor(FLOOR_PORT);

const members = await benchMembers(PORT);
const memberRequest = memberRequests(members);

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
for (let round = 0; round < ROUNDS; round++) {
  let floorRate = 0;
  for (const page of PAGES) {
    const result = await autocannon({
      url: `http://127.0.0.1:${page.floor ? FLOOR_PORT : PORT}${page.path}`,
      headers: pageHeaders(page),
      requests: page.member ? [{ setupRequest: memberRequest(page) }] : undefined,
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

const processes = Number(process.env.BENCH_PROCESSES ?? 1);
console.log(`\n${DURATION}s per page and round, ${ROUNDS} rounds, 20 connections, ${processes === 1 ? "one server process" : `${processes} server processes`}; ratio = requests/s against the floor (bench/floor) in the same round (median, then every round); ${encodingCaption()}\n`);
console.log("| page | requests/s | vs floor | p50 ms | p97.5 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
// As members use the site (issue 41): document, link click and a visit of ten pages, each
// against the floor of the same round (bench/README.md#as-members-use-it).
console.log(`\nAs members use it — requests/s against the floor of the same round, the median of ${ROUNDS} rounds (✓ target met)\n`);
console.log(visitTable((name) => (rounds.get(name) ?? []).map((round) => round.ratio ?? 0)));
