import { Counter, Gauge, Histogram } from "prom-client";
import { registry } from "./registry.server";

/** What a request is counted by: all bounded (route ids of the build, the methods Remix routes, five classes, three kinds). */
export interface RequestLabels {
  route: string | null;
  method: string;
  status: number;
  kind: "document" | "data" | "resource";
}

const labelNames = ["route", "method", "status", "kind"] as const;

export const httpRequests = new Counter({
  name: "dating_http_requests_total",
  help: "Requests answered by the application (static files excepted), by route id, method, status class and kind.",
  labelNames,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "dating_http_request_duration_seconds",
  help: "Time from a request's arrival to the end of its answer, by route id, method, status class and kind.",
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpInFlight = new Gauge({
  name: "dating_http_requests_in_flight",
  help: "Requests being answered now; an open event stream counts only until its headers are sent (dating_event_streams_open counts those).",
  registers: [registry],
});

export const httpShed = new Counter({
  name: "dating_http_requests_shed_total",
  help: "Requests refused with a quick 503 while the process was overloaded (docs/decisions/051-load-shedding.md); they are in dating_http_requests_total as 5xx too.",
  registers: [registry],
});

let readShedding: () => boolean = () => false;
/** Where the gauge below reads whether the process sheds now (the request handler's shedder). */
export function reportShedding(read: () => boolean): void {
  readShedding = read;
}

export const sheddingNow = new Gauge({
  name: "dating_load_shedding",
  help: "1 while this process refuses new requests (summed over processes: how many shed).",
  registers: [registry],
  collect() {
    this.set(readShedding() ? 1 : 0);
  },
});

/** 2xx, 4xx…: a status class keeps the label's values to five. */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/**
 * Counts a request as in flight until `finished` (or, for an event stream, `streaming`), then
 * records it by its labels. Either may be called more than once: only the first counts.
 */
export function requestStarted(now = performance.now()): { streaming(): void; finished(labels: RequestLabels, end?: number): void } {
  httpInFlight.inc();
  let inFlight = true;
  let recorded = false;
  const leave = () => {
    if (inFlight) httpInFlight.dec();
    inFlight = false;
  };
  return {
    streaming: leave,
    finished(labels, end = performance.now()) {
      leave();
      if (recorded) return;
      recorded = true;
      const values = { route: labels.route ?? "none", method: labels.method, status: statusClass(labels.status), kind: labels.kind };
      httpRequests.inc(values);
      httpDuration.observe(values, (end - now) / 1000);
    },
  };
}
