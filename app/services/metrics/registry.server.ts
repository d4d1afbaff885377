import { collectDefaultMetrics, Registry } from "prom-client";

/*
 * The process's metrics (docs/operations.md#metrics, docs/decisions/050-metrics-with-prom-client.md):
 * one registry of its own rather than prom-client's global one, so nothing another package
 * registers ends up in the scrape. Label values are bounded: route ids, brand ids, job and
 * queue names, never a raw path, a member or an address.
 */
export const registry = new Registry();

let processMetrics = false;

/**
 * Event-loop delay, heap, GC and the other Node figures. Started only by a server that is to be
 * scraped (app/web/metrics-endpoint.server.ts): the commands have no use for the sampler.
 */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}
