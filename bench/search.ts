// The member-search query at scale: `DATABASE_URL=… npx tsx bench/search.ts [--explain]`.
// Expects a pool filled by `npm run db:seed -- --profiles 1000000 --tenant flirtpunt`. Runs a mix
// of typical searches (filters, a second page, a searcher with blocks) many times each and prints
// p50/p95/p99 of the results query and of the capped count, as the /members page runs them.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.server";
import { blocks, profiles } from "../db/schema/index";
import { countMatches, searchMembers, type SearchScope } from "../app/models/search/member-search.server";
import type { SearchFilters } from "../app/models/search/search-filters";
import { LocalDiskStorage } from "../app/services/storage/local-disk.server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("Set DATABASE_URL to the PostgreSQL database holding the seeded pool.");
const POOL = process.env.BENCH_POOL ?? "flirtpunt";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const explain = process.argv.includes("--explain");

const handle = openDatabase({ url, maxConnections: 4 });
const db = handle.db;
const storage = new LocalDiskStorage(".data/bench-storage", ".data/bench-public-media");

const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(profiles).where(sql`${profiles.pool} = ${POOL}`)) as [{ total: number }];
// A searcher who blocked a few members and was blocked by one, so the block clause has work to do.
const [viewer, ...others] = (await db.select({ id: profiles.memberId }).from(profiles).where(sql`${profiles.pool} = ${POOL}`).limit(6)).map((r) => r.id);
if (!viewer) throw new Error(`Pool ${POOL} is empty: seed it first.`);
await db
  .insert(blocks)
  .values([...others.slice(0, 4).map((id) => ({ blockerId: viewer, blockedId: id })), { blockerId: others[4]!, blockedId: viewer }])
  .onConflictDoNothing();
const scope: SearchScope = { pool: POOL, viewerId: viewer, siteId: "bench" };

const CASES: Array<{ name: string; filters: SearchFilters }> = [
  { name: "no filters", filters: {} },
  { name: "women", filters: { gender: "female" } },
  { name: "women 25–35", filters: { gender: "female", min_age: 25, max_age: 35 } },
  { name: "women 30–45 in NL", filters: { gender: "female", country: "NL", min_age: 30, max_age: 45 } },
  { name: "men 40–55, one region", filters: { gender: "male", country: "BE", region: "BE-VAN", min_age: 40, max_age: 55 } },
  { name: "women, region, slim", filters: { gender: "female", country: "NL", region: "NL-NH", body_type: "slim" } },
  { name: "narrow: 1 year, small region", filters: { gender: "female", country: "NL", region: "NL-ZE", min_age: 60, max_age: 61 } },
  { name: "nobody matches", filters: { gender: "male", country: "NL", region: "NL-FL", min_age: 98, max_age: 99 } },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const fmt = (n: number) => n.toFixed(2);
const rows: string[] = [];
const allSearch: number[] = [];
const allCount: number[] = [];
for (const { name, filters } of CASES) {
  const first = await searchMembers(db, storage, { scope, filters, limit: 24 });
  const search = await time(() => searchMembers(db, storage, { scope, filters, limit: 24 }));
  const second = first.next ? await time(() => searchMembers(db, storage, { scope, filters, after: first.next, limit: 24 })) : null;
  const counted = await time(() => countMatches(db, scope, filters));
  allSearch.push(...search, ...(second ?? []));
  allCount.push(...counted);
  rows.push(
    `| ${name} | ${first.cards.length} | ${fmt(percentile(search, 50))} | ${fmt(percentile(search, 95))} | ${second ? fmt(percentile(second, 95)) : "–"} | ${fmt(percentile(counted, 50))} | ${fmt(percentile(counted, 95))} |`,
  );
  if (explain) {
    const { searchConditions } = await import("../app/models/search/member-search.server");
    const plan = await db.execute(
      sql`explain (analyze, costs off, timing off, summary off) select ${profiles.memberId} from ${profiles} where ${searchConditions(db, scope, filters)} order by ${profiles.lastActiveAt} desc, ${profiles.memberId} desc limit 25`,
    );
    console.log(`\n${name}\n${(plan as unknown as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join("\n")}`);
  }
}
allSearch.sort((a, b) => a - b);
allCount.sort((a, b) => a - b);
await handle.close();

console.log(`\n${total.toLocaleString("en")} profiles in pool ${POOL}, ${ROUNDS} runs per case, one connection, times in ms\n`);
console.log("| search | results | query p50 | query p95 | page 2 p95 | count p50 | count p95 |\n|---|---|---|---|---|---|---|");
console.log(rows.join("\n"));
console.log(
  `| **all cases** | | ${fmt(percentile(allSearch, 50))} | ${fmt(percentile(allSearch, 95))} | | ${fmt(percentile(allCount, 50))} | ${fmt(percentile(allCount, 95))} |`,
);
