import { Counter, Gauge, Histogram } from "prom-client";
import { ping } from "../../../db/client.server";
import { databaseHandle } from "../../../db/database.server";
import { registry } from "./registry.server";

/*
 * The database as this process sees it (docs/operations.md#metrics). postgres.js and PGlite
 * report no pool figures of their own: the handle counts what holds a connection (a query
 * outside a transaction, or a whole transaction) itself (db/client.server.ts, `usage`).
 */

export const queryDuration = new Histogram({
  name: "dating_db_query_duration_seconds",
  help: "Execution time of the prepared statements, by statement name.",
  labelNames: ["query"],
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

/** Records one execution of a named prepared statement (db/prepared.server.ts). */
export function observeQuery(name: string, seconds: number): void {
  queryDuration.observe({ query: name }, seconds);
}

new Gauge({
  name: "dating_db_pool_size",
  help: "Connections this process may open (PGlite: one, it runs one query at a time).",
  registers: [registry],
  collect() {
    this.set(databaseHandle().usage().size);
  },
});

new Gauge({
  name: "dating_db_pool_in_use",
  help: "Connections holding a query or a transaction now.",
  registers: [registry],
  collect() {
    const { size, busy } = databaseHandle().usage();
    this.set(Math.min(size, busy));
  },
});

new Gauge({
  name: "dating_db_pool_waiting",
  help: "Queries and transactions beyond the pool's size: they wait for a connection (or, on postgres.js, queue behind another query on one).",
  registers: [registry],
  collect() {
    const { size, busy } = databaseHandle().usage();
    this.set(Math.max(0, busy - size));
  },
});

/** How long a scrape waits for `select 1` before it calls the database unreachable. */
const PING_TIMEOUT_MS = 2_000;

new Gauge({
  name: "dating_db_up",
  help: "1 when `select 1` answered within two seconds at this scrape; with several processes the lowest.",
  registers: [registry],
  aggregator: "min",
  async collect() {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)));
    const answered = await Promise.race([ping(databaseHandle().db).catch(() => false), timeout]);
    clearTimeout(timer);
    this.set(answered ? 1 : 0);
  },
});

export const listenUp = new Gauge({
  name: "dating_realtime_listen_up",
  help: "1 while this process listens for member events on the database (LISTEN); with several processes, how many do.",
  registers: [registry],
});

export const listenConnects = new Counter({
  name: "dating_realtime_listen_connects_total",
  help: "Times the LISTEN was established: once at start, and once more after each lost connection postgres.js listened again on.",
  registers: [registry],
});
