import { Counter, Gauge, Histogram } from "prom-client";
import { openStreams } from "../realtime/open-streams.server";
import { registry } from "./registry.server";

/*
 * What the site does for its members (docs/operations.md#metrics). Counters are counted where the
 * thing happens, after its transaction commits; the backlog (queues, the operator inbox, the
 * jobs' last runs) is read from the database when scraped. Labels: brand ids, job and queue names.
 */

export const messagesSent = new Counter({
  name: "dating_messages_sent_total",
  help: "Messages members sent, by brand.",
  labelNames: ["brand"],
  registers: [registry],
});

export const operatorMessagesSent = new Counter({
  name: "dating_operator_messages_sent_total",
  help: "Messages operators sent as fictional profiles (replies, honest answers, care warnings, first messages), by brand.",
  labelNames: ["brand"],
  registers: [registry],
});

new Gauge({
  name: "dating_event_streams_open",
  help: "Members' event streams (live updates) open in this process; with several processes, the sum.",
  registers: [registry],
  collect() {
    this.set(openStreams().size);
  },
});

export const messagesDelivered = new Counter({
  name: "dating_messages_delivered_total",
  help: "Message events written to an open event stream (the recipient's pages and the sender's other pages), replays excepted.",
  registers: [registry],
});

export const messageDeliverySeconds = new Histogram({
  name: "dating_message_delivery_seconds",
  help: "From a message's event being stored to its being written to an open event stream.",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const signups = new Counter({ name: "dating_signups_total", help: "Accounts created, by brand.", labelNames: ["brand"], registers: [registry] });

export const confirmations = new Counter({ name: "dating_confirmations_total", help: "E-mail addresses confirmed, by brand.", labelNames: ["brand"], registers: [registry] });

export const ordersPaid = new Counter({ name: "dating_orders_paid_total", help: "Orders that became paid, by brand.", labelNames: ["brand"], registers: [registry] });

export const revenueCents = new Counter({
  name: "dating_revenue_cents_total",
  help: "The amounts of the orders that became paid, in cents, by brand and currency.",
  labelNames: ["brand", "currency"],
  registers: [registry],
});

export type DeliveryChannel = "push" | "mail" | "postback";

export const deliveryAttempts = new Counter({
  name: "dating_delivery_attempts_total",
  help: "Attempts to hand a push, a mail (to the mail provider) or a conversion postback on, by channel.",
  labelNames: ["channel"],
  registers: [registry],
});

export const deliveryFailures = new Counter({
  name: "dating_delivery_failures_total",
  help: "Attempts that failed (tried again later or given up), by channel.",
  labelNames: ["channel"],
  registers: [registry],
});

/** Counts a message event written to an open stream, stored `storedAt`. */
export function messageDelivered(storedAt: Date, now = Date.now()): void {
  messagesDelivered.inc();
  messageDeliverySeconds.observe(Math.max(0, now - storedAt.getTime()) / 1000);
}

/** Counts one attempt on a channel, and whether it failed. */
export function deliveryAttempted(channel: DeliveryChannel, ok: boolean): void {
  deliveryAttempts.inc({ channel });
  if (!ok) deliveryFailures.inc({ channel });
}

export const jobRuns = new Counter({
  name: "dating_job_runs_total",
  help: "Scheduled job runs in this process, by scheduled job and outcome (ok, failed).",
  labelNames: ["scheduled_job", "outcome"],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "dating_job_duration_seconds",
  help: "How long a scheduled job's run took, by job.",
  labelNames: ["scheduled_job"],
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

/**
 * Counts and times one run of a scheduled job (app/jobs/job-runner.server.ts). The label is not
 * `job`: Prometheus gives every series the scrape's own `job` label.
 */
export function jobRan(job: string, seconds: number, ok: boolean): void {
  jobRuns.inc({ scheduled_job: job, outcome: ok ? "ok" : "failed" });
  jobDuration.observe({ scheduled_job: job }, seconds);
}

/** The backlog as the database has it at a scrape (app/models/console/backlog-figures.server.ts). */
export interface Backlog {
  queues: { queue: DeliveryChannel; waiting: number; overdueSeconds: number }[];
  jobs: { job: string; lastSuccess: Date | null; overdueSeconds: number }[];
  inbox: { brand: string; waiting: number; oldestWaitSeconds: number }[];
}

let readBacklog: (() => Promise<Backlog>) | undefined;
let reading: { at: number; figures: Promise<Backlog> } | undefined;
/** One reading serves every gauge of one scrape. */
const BACKLOG_FRESH_MS = 1_000;

/** The server hands in how to read the backlog (app/web/metrics-endpoint.server.ts); without it the gauges stay empty. */
export function setBacklogSource(source: (() => Promise<Backlog>) | undefined): void {
  readBacklog = source;
  reading = undefined;
}

async function backlog(): Promise<Backlog | null> {
  if (!readBacklog) return null;
  const now = Date.now();
  if (!reading || now - reading.at > BACKLOG_FRESH_MS) reading = { at: now, figures: readBacklog() };
  return reading.figures;
}

/**
 * A gauge read from the database: the same figure in every process, so several processes give
 * the highest, not the sum (docs/operations.md#metrics).
 */
function backlogGauge<L extends string>(name: string, help: string, labelNames: L[], fill: (gauge: Gauge<L>, figures: Backlog) => void): Gauge<L> {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    aggregator: "max",
    registers: [registry],
    async collect() {
      const figures = await backlog();
      this.reset();
      if (figures) fill(this, figures);
    },
  });
}

backlogGauge("dating_queue_depth", "Pushes, mails and postbacks waiting to be sent (given-up ones excepted), by queue.", ["queue"], (gauge, figures) => {
  for (const row of figures.queues) gauge.set({ queue: row.queue }, row.waiting);
});

backlogGauge("dating_queue_overdue_seconds", "How long past its due time the most overdue item of a queue has waited (0 when none is due), by queue.", ["queue"], (gauge, figures) => {
  for (const row of figures.queues) gauge.set({ queue: row.queue }, row.overdueSeconds);
});

backlogGauge("dating_job_last_success_timestamp_seconds", "When each scheduled job last finished without an error (Unix time), by job; absent until it has.", ["scheduled_job"], (gauge, figures) => {
  for (const row of figures.jobs) if (row.lastSuccess) gauge.set({ scheduled_job: row.job }, row.lastSuccess.getTime() / 1000);
});

backlogGauge("dating_job_overdue_seconds", "How long past its next run each scheduled job is (0 when not due): no process is running the jobs when it grows.", ["scheduled_job"], (gauge, figures) => {
  for (const row of figures.jobs) gauge.set({ scheduled_job: row.job }, row.overdueSeconds);
});

backlogGauge("dating_operator_inbox_waiting", "Conversations in the operator inbox waiting for an answer, by brand.", ["brand"], (gauge, figures) => {
  for (const row of figures.inbox) gauge.set({ brand: row.brand }, row.waiting);
});

backlogGauge("dating_operator_inbox_oldest_wait_seconds", "How long the longest-waiting conversation of the operator inbox has waited, by brand.", ["brand"], (gauge, figures) => {
  for (const row of figures.inbox) gauge.set({ brand: row.brand }, row.oldestWaitSeconds);
});
