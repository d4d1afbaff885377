import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AggregatorRegistry } from "prom-client";
import { db } from "~/db.server";
import { env } from "~/env.server";
import { backlogFigures } from "~/models/console/backlog-figures.server";
import { brandLanguages } from "~/models/staff/operator-inbox.server";
import { setBacklogSource } from "~/services/metrics/business.server";
import { collectProcessMetrics, registry } from "~/services/metrics/registry.server";
import { tenants } from "~/tenancy/tenants.server";

/*
 * GET /metrics for Prometheus (docs/operations.md#metrics, docs/decisions/050-metrics-with-prom-client.md).
 * Only with METRICS_TOKEN set and sent as `Authorization: Bearer <token>`; anything else goes on
 * to the site and gets its 404, as an unknown path does, so a brand's host does not even show
 * that the page exists. With several processes the one asked returns the sum over all of them,
 * through the primary (server/cluster.mjs).
 */

/** The messages between a server process and the primary; server/cluster.mjs answers them. */
export const METRICS_REQUEST = "dating:metrics-request";
export const METRICS_ANSWER = "dating:metrics-answer";
/** prom-client's primary gives up on a process after 5 s; this waits a little longer. */
const PRIMARY_TIMEOUT_MS = 6_000;

/** Whether the Authorization header carries the token; compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!given) return false;
  // Equal-length digests: timingSafeEqual needs equal lengths, and the token's length stays unknown.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

interface Answer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

let asked = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/** The sum over every process, as the primary aggregates it. */
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error("the primary did not answer for the metrics"));
    }, PRIMARY_TIMEOUT_MS);
    waiting.set(id, (answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? "no metrics"));
    });
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/**
 * The /metrics handler of server/serve.mjs. Also wires what the figures are read from, and in a
 * process of several, answers the primary's requests for this process's figures.
 */
export function createMetricsHandler() {
  const token = env().METRICS_TOKEN;
  if (token) {
    collectProcessMetrics();
    setBacklogSource(() => backlogFigures(db(), brandLanguages(tenants())));
    if (cluster.isWorker) {
      // Constructing it makes prom-client answer the primary's requests with this registry.
      AggregatorRegistry.setRegistries([registry]);
      new AggregatorRegistry();
      process.on("message", (message: Partial<Answer>) => {
        if (message?.type === METRICS_ANSWER && typeof message.id === "number") waiting.get(message.id)?.(message as Answer);
      });
    }
  }
  return async (req: IncomingMessage, res: ServerResponse, next: () => void): Promise<void> => {
    if (!token || !bearerMatches(req.headers.authorization, token)) return next();
    try {
      const text = cluster.isWorker ? await askPrimary() : await registry.metrics();
      res.writeHead(200, { "Content-Type": registry.contentType, "Cache-Control": "no-store" });
      res.end(text);
    } catch (error) {
      res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
      res.end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  };
}
