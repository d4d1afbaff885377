// Measures pages of the built server under load: `npm run build:local && npm run bench`.
// Starts server.mjs on its own port and data directory, runs autocannon against each page with
// 20 connections, and prints a table; results are recorded by hand in bench/RESULTS.md.
// Every page is compared with the floor measured in the same round: a bare Remix page of 24
// cards (bench/floor) on the same Remix, React, express and compression. `/pages/cookies` is the
// project's own trivial route; `/healthz` (one `select 1`, no rendering) shows the server's own cost.
import autocannon from "autocannon";
import { request } from "node:http";
import { DEMO_PASSWORD, demoAccountEmail, type DemoAccountKind } from "../db/seed/demo-accounts.server";
import { brandHost, startFloor, startServer } from "./server";

const PORT = 3288;
const FLOOR_PORT = 3290;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const TENANT = "flirtpunt";
const HOST = brandHost(TENANT);
const SITE_ENTRY = "site_entry=MTc2MzY4MzIwMDAwMA%3D%3D";
const TRIVIAL = "/pages/cookies";
const SEARCH = "/members?search=1&gender=female&country=NL&min_age=30&max_age=45";
const FLOOR = "floor: bare Remix, 24 cards";
/** As many as `db:seed -- --profiles` makes (db/seed/cli.ts). */
const BENCH_LOGINS = 40;
interface Page {
  path: string;
  member?: boolean;
  floor?: boolean;
}
/** Pages whose address needs an id read from the member's own pages: filled in after login. */
const PROFILE = "{profile}";
const CONVERSATION = "{conversation}";
const PAGES: Page[] = [
  { path: "/", floor: true },
  { path: "/healthz" },
  { path: TRIVIAL },
  { path: "/" },
  { path: "/landers/tinderswipe" },
  { path: "/members" },
  { path: SEARCH },
  { path: "/members", member: true },
  { path: SEARCH, member: true },
  { path: `/members/${PROFILE}`, member: true },
  { path: "/likes/received", member: true },
  { path: "/chats", member: true },
  { path: `/chats/${CONVERSATION}`, member: true },
  { path: "/credits", member: true },
];

const server = await startServer(PORT, ".data/bench");
const floor = await startFloor(FLOOR_PORT);

/** Logs in one of the brand's demo logins; its session cookie, or null when it does not exist. */
async function logIn(kind: DemoAccountKind): Promise<string | null> {
  const body = new URLSearchParams({ email: demoAccountEmail(TENANT, kind), password: DEMO_PASSWORD }).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: PORT, path: "/login", method: "POST", headers: { host: HOST, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
      (res) => {
        const sid = (res.headers["set-cookie"] ?? []).find((c) => /^(__Host-)?sid=/.test(c));
        res.resume();
        resolve(sid ? sid.split(";")[0]! : null);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** A page as the member's browser gets it: its search cookie (if it sets one) and its HTML. */
async function memberPage(session: string, path: string): Promise<{ search: string | null; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: PORT, path, headers: { host: HOST, cookie: `${SITE_ENTRY}; ${session}` } }, (res) => {
      let html = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (html += chunk));
      res.on("end", () => resolve({ search: (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("search="))?.split(";")[0] ?? null, html }));
    });
    req.on("error", reject);
    req.end();
  });
}

interface Member {
  /** Every cookie the member's browser sends: entry, session, search. */
  cookie: string;
  /** The member's own address (from 198.18.0.0/15, kept for tests), as X-Forwarded-For. */
  address: string;
  /** The member's newest conversation. */
  conversation: string;
  /** The first profile of the member's results. */
  profile: string;
}

/**
 * The free demo member and the bench logins (`db:seed -- --profiles`, bench/README.md): member
 * requests are spread over them as many members' would be, each from an address of their own,
 * so no one member or address meets the limits (600 profile views an hour each).
 */
async function benchMembers(): Promise<Member[]> {
  const kinds: DemoAccountKind[] = ["free", ...Array.from({ length: BENCH_LOGINS }, (_, i) => `bench-${i + 1}` as const)];
  const found: Member[] = [];
  for (const kind of kinds) {
    const sid = await logIn(kind);
    if (!sid) continue;
    // A browsing member keeps the search cookie set on their first visit (their default filters).
    const { search, html } = await memberPage(sid, "/members");
    const profile = /href="\/members\/(\d+)"/.exec(html)?.[1];
    const conversation = /href="\/chats\/(\d+)"/.exec((await memberPage(sid, "/chats")).html)?.[1];
    const address = `198.18.${found.length >> 8}.${found.length & 255}`;
    if (profile && conversation) found.push({ cookie: [SITE_ENTRY, sid, search].filter(Boolean).join("; "), address, profile, conversation });
  }
  if (!found.length) throw new Error("no demo member with a profile in their results and a conversation: seed with activity (bench/README.md)");
  return found;
}

const members = await benchMembers();
let turn = 0;
/** The next member's request for a page (autocannon asks for each request in turn). */
function memberRequest(page: Page) {
  return (request: autocannon.Request): autocannon.Request => {
    const member = members[turn++ % members.length]!;
    request.path = page.path.replace(PROFILE, member.profile).replace(CONVERSATION, member.conversation);
    request.headers = { ...request.headers, host: HOST, cookie: member.cookie, "x-forwarded-for": member.address };
    return request;
  };
}

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
const label = ({ path, member, floor }: Page) => (floor ? FLOOR : `${path}${member ? " (member)" : ""}`);
for (let round = 0; round < ROUNDS; round++) {
  let floorRate = 0;
  for (const page of PAGES) {
    const result = await autocannon({
      url: `http://127.0.0.1:${page.floor ? FLOOR_PORT : PORT}${page.path}`,
      headers: page.floor ? {} : { host: HOST, cookie: SITE_ENTRY },
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
console.log(`\n${DURATION}s per page and round, ${ROUNDS} rounds, 20 connections, ${processes === 1 ? "one server process" : `${processes} server processes`}; ratio = requests/s against the floor (bench/floor) in the same round (median, then every round)\n`);
console.log("| page | requests/s | vs floor | p50 ms | p97.5 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
