// CPU per request of each page, for the server process and for PostgreSQL, and the floor's:
// `npm run build:local && npm run bench:cost` (bench/README.md#cpu-per-request). CPU time, unlike
// requests per second, hardly changes with what else the machine is doing, so these figures are
// the ones capacity is planned from (docs/scaling.md).
import autocannon from "autocannon";
import { execFileSync } from "node:child_process";
import { benchMembers, encodingCaption, memberRequests, pageHeaders, PAGES, pageLabel } from "./pages";
import { cpuMs, startFloor, startServer } from "./server";
import { visitTable } from "./visits";

/** BENCH_PORT moves the server (and the floor to the port 1 above it), for two runs on one machine. */
const PORT = Number(process.env.BENCH_PORT ?? 3291);
const FLOOR_PORT = PORT + 1;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = 10;
/** The PostgreSQL server's processes on this machine (none with the embedded database). */
function postgresPids(): number[] {
  if (!process.env.DATABASE_URL) return [];
  try {
    return execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").map(Number);
  } catch {
    return [];
  }
}

const server = await startServer(PORT, ".data/bench");
const floor = await startFloor(FLOOR_PORT);
const members = await benchMembers(PORT);
const memberRequest = memberRequests(members);

interface Cost {
  node: number;
  database: number;
  non2xx: number;
}

/** CPU per request of one page: warm up (first renders, caches, the database's buffers), then measure. */
async function measure(page: (typeof PAGES)[number]): Promise<Cost> {
  const pid = (page.floor ? floor : server).pid!;
  const options = {
    url: `http://127.0.0.1:${page.floor ? FLOOR_PORT : PORT}${page.path}`,
    headers: pageHeaders(page),
    requests: page.member ? [{ setupRequest: memberRequest(page) }] : undefined,
    connections: CONNECTIONS,
  };
  await autocannon({ ...options, amount: Math.ceil(REQUESTS / 4) });
  const database = postgresPids();
  const before = { node: cpuMs([pid]), database: cpuMs(database) };
  const result = await autocannon({ ...options, amount: REQUESTS });
  return { node: (cpuMs([pid]) - before.node) / REQUESTS, database: (cpuMs(database) - before.database) / REQUESTS, non2xx: result.non2xx };
}

const floorPage = PAGES.find((page) => page.floor)!;
const hasDatabase = postgresPids().length > 0;
const rows: string[] = [];
/** Each page's floor CPU ÷ its own, by label, for the members' table. */
const ratios = new Map<string, number[]>();
// BENCH_PAGES=2,9 measures only those pages (numbered from 0 in PAGES, as bench/profile.ts takes them).
const chosen = process.env.BENCH_PAGES?.split(",").map(Number);
// A fresh floor's first reading came out at 1.1–2.5 times its later ones, which flattered the
// first page measured: two readings are taken and thrown away before any page.
await measure(floorPage);
await measure(floorPage);
for (const page of PAGES.filter((candidate, index) => !candidate.floor && (!chosen || chosen.includes(index)))) {
  // The floor right before each page: the machine's speed drifts between minutes, and a ratio is
  // only as good as the floor measured beside it.
  const base = await measure(floorPage);
  const cost = await measure(page);
  ratios.set(pageLabel(page), [base.node / cost.node]);
  const database = hasDatabase ? cost.database.toFixed(2) : "–";
  rows.push(`| ${pageLabel(page)} | ${cost.node.toFixed(2)} | ${base.node.toFixed(2)} | ${(base.node / cost.node).toFixed(2)}× | ${database} | ${(1000 / (cost.node + cost.database)).toFixed(0)} | ${cost.non2xx} |`);
}
server.kill("SIGTERM");
floor.kill("SIGTERM");

console.log(`\n${REQUESTS} requests per page after ${Math.ceil(REQUESTS / 4)} to warm up, ${CONNECTIONS} connections, one server process; ${process.env.DATABASE_URL ? "PostgreSQL on this machine" : "embedded database (its CPU is in the server's)"}; ${encodingCaption()}\n`);
console.log("| page | server CPU ms/request | floor's, measured just before | floor's CPU ÷ page's | PostgreSQL CPU ms/request | requests/s per core (server + database) | non-2xx |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
console.log(`\nAs members use it — the floor's server CPU per request ÷ the page's (✓ target met)\n`);
console.log(visitTable((name) => ratios.get(name) ?? []));
