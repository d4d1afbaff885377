// The pages the benchmarks load (bench/run.ts for throughput, bench/cost.ts for CPU per request)
// and the members who load them.
import type autocannon from "autocannon";
import { BENCH_ACCOUNTS, DEMO_PASSWORD, demoAccountEmail, type DemoAccountKind } from "../db/seed/demo-accounts.server";
import { ask, brandHost } from "./server";

export const TENANT = "flirtpunt";
const HOST = brandHost(TENANT);
/** A returning visitor's answer to the adult-content warning, so no dialog covers the page. */
export const SITE_ENTRY = "site_entry=MTc2MzY4MzIwMDAwMA%3D%3D";
const SEARCH = "/members?search=1&gender=female&country=NL&min_age=30&max_age=45";
/**
 * What the client says it accepts. Browsers take Brotli and gzip, and the server then compresses
 * each document and data answer as it sends it. With BENCH_ACCEPT_ENCODING (`gzip, deflate, br,
 * zstd` is Chromium's) the benchmarks are answered so; without it, uncompressed, as the issue's
 * first table and every earlier figure of bench/RESULTS.md were measured.
 */
const ENCODING_HEADERS: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING ? { "accept-encoding": process.env.BENCH_ACCEPT_ENCODING } : {};
/** How the tables' captions say it. */
export const encodingCaption = () => `Accept-Encoding: ${ENCODING_HEADERS["accept-encoding"] ?? "none"}`;

export interface Page {
  path: string;
  member?: boolean;
  /** The bare Remix app of bench/floor, not the project. */
  floor?: boolean;
  /** The page as a link click inside the site reaches it: its loaders' data (`.data`), no document. */
  navigation?: boolean;
}
/** Placeholders for ids read from each member's own pages. */
const PROFILE = "{profile}";
const CONVERSATION = "{conversation}";
const DATA_SUFFIX = ".data";

/**
 * A member's link click to `path`: the one single-fetch request Remix sends for the page's data,
 * no document. It names no routes (`_routes`), so every loader of the page runs, the root's too:
 * that is what Chromium sent, clicking through the site on this build.
 */
const linkClick = (path: string): Page => ({ path: `${path}${DATA_SUFFIX}`, member: true, navigation: true });

export const PAGES: Page[] = [
  { path: "/", floor: true },
  { path: "/healthz" },
  { path: "/pages/cookies" },
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
  linkClick("/members"),
  linkClick(`/members/${PROFILE}`),
  linkClick("/likes/received"),
  linkClick("/chats"),
  linkClick(`/chats/${CONVERSATION}`),
  linkClick("/credits"),
];

export interface Member {
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
export async function benchMembers(port: number): Promise<Member[]> {
  const kinds: DemoAccountKind[] = ["free", ...Array.from({ length: BENCH_ACCOUNTS }, (_, i) => `bench-${i + 1}` as const)];
  const found: Member[] = [];
  for (const kind of kinds) {
    const login = await ask(port, TENANT, "/login", { form: { email: demoAccountEmail(TENANT, kind), password: DEMO_PASSWORD } });
    const sid = login.cookies.find((cookie) => /^(__Host-)?sid=/.test(cookie));
    if (!sid) continue;
    const cookie = `${SITE_ENTRY}; ${sid}`;
    // A browsing member keeps the search cookie set on their first visit (their default filters).
    const results = await ask(port, TENANT, "/members", { cookie });
    const search = results.cookies.find((value) => value.startsWith("search="));
    const profile = /href="\/members\/(\d+)"/.exec(results.body)?.[1];
    const conversation = /href="\/chats\/(\d+)"/.exec((await ask(port, TENANT, "/chats", { cookie })).body)?.[1];
    const address = `198.18.${found.length >> 8}.${found.length & 255}`;
    if (profile && conversation) found.push({ cookie: [SITE_ENTRY, sid, search].filter(Boolean).join("; "), address, profile, conversation });
  }
  if (!found.length) throw new Error("no demo member with a profile in their results and a conversation: seed with activity (bench/README.md)");
  return found;
}

/** For a page, autocannon's request set-up that gives each request to the next member in turn. */
export function memberRequests(members: Member[]) {
  let turn = 0;
  return (page: Page) =>
    (request: autocannon.Request): autocannon.Request => {
      const member = members[turn++ % members.length]!;
      request.path = page.path.replace(PROFILE, member.profile).replace(CONVERSATION, member.conversation);
      request.headers = { ...request.headers, host: HOST, cookie: member.cookie, "x-forwarded-for": member.address };
      return request;
    };
}

/**
 * The headers every request to a page starts with (a member's request then gets its own cookie
 * and address from `memberRequests`): the floor is one brand-less app and knows no cookie.
 */
export const pageHeaders = (page: Page): Record<string, string> => (page.floor ? ENCODING_HEADERS : { ...ENCODING_HEADERS, host: HOST, cookie: SITE_ENTRY });

/** How a page is named in the tables. */
export const pageLabel = ({ path, member, floor, navigation }: Page) =>
  floor ? "floor: bare Remix, 24 cards" : navigation ? `${path.slice(0, -DATA_SUFFIX.length)} (member, link click)` : `${path}${member ? " (member)" : ""}`;
