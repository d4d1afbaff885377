import { createHash } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { TFunction } from "i18next";
import { LANGUAGES, type Language } from "~/domain/languages";
import { getFixedT } from "~/i18n/i18next.server";

/**
 * Load shedding (docs/decisions/051-load-shedding.md, docs/operations.md#load-shedding): while a
 * process is overloaded — its event loop runs late, or too many requests are being answered at
 * once — a new request gets a 503 with Retry-After at once instead of queueing behind the others
 * until it times out. Per request this costs a path comparison and two number comparisons; the
 * event loop's delay is read by a timer, not by the requests.
 */

export interface SheddingSettings {
  /** Mean event-loop delay over the last window above which requests are shed; 0: not watched. */
  maxEventLoopDelayMs: number;
  /** Requests being answered at once (event streams not counted) from which new ones are shed; 0: no limit. */
  maxInFlight: number;
  /** What Retry-After says, and after how long the busy page reloads itself. */
  retryAfterSeconds: number;
}

/**
 * How a request is treated:
 * - `shed`: counted while it is answered, refused while the process is overloaded;
 * - `stream`: the member's event stream is neither counted (it stays open for hours) nor refused:
 *   a refused EventSource does not reconnect, and the stream has its own limits (a few per member
 *   and address, app/services/realtime/open-streams.server.ts);
 * - `webhook`: a payment provider's or mail provider's call is counted but never refused — it
 *   carries a paid order or a bounce, and a provider's retries can be hours apart;
 * - `health`: /healthz is not counted, and while shedding answers 503 itself without asking the
 *   database, so a load balancer takes the process out until it has caught up.
 */
export type SheddingRule = "shed" | "stream" | "webhook" | "health";

const WEBHOOK_PREFIXES = ["/api/payments/webhook/", "/api/mail/webhook/", "/api/mail/inbound/"];

export function sheddingRule(pathname: string): SheddingRule {
  if (pathname === "/api/events") return "stream";
  if (pathname === "/healthz") return "health";
  if (pathname.startsWith("/api/") && WEBHOOK_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return "webhook";
  return "shed";
}

/** Whether these readings are past either threshold (a threshold of 0 is off). */
export function isOverloaded(reading: { inFlight: number; eventLoopDelayMs: number }, settings: SheddingSettings): boolean {
  return (settings.maxInFlight > 0 && reading.inFlight >= settings.maxInFlight) || (settings.maxEventLoopDelayMs > 0 && reading.eventLoopDelayMs > settings.maxEventLoopDelayMs);
}

/**
 * What a refused request is answered with: a browser's page (a document, or a form posted
 * without JavaScript) gets a small page in its language; a script's call (`/api/…`) JSON with a
 * message; Remix's page data (`….data`, `/__manifest`) a plain line, as the page's retry wrapper
 * (app/utils/page-data-retry.ts) waits for Retry-After and tries again without showing it.
 */
export type BusyAnswerKind = "page" | "form" | "call" | "data";

export function busyAnswerKind(method: string, pathname: string, accept: string | null): BusyAnswerKind {
  if (pathname.endsWith(".data") || pathname === "/__manifest") return "data";
  if (pathname.startsWith("/api/")) return "call";
  if (!accept?.includes("text/html")) return "data";
  return method === "GET" || method === "HEAD" ? "page" : "form";
}

/** The event loop's delay over the last window, as a timer reads it (perf_hooks, in native code). */
const DELAY_RESOLUTION_MS = 10;
const DELAY_WINDOW_MS = 500;

export interface SheddingReading {
  inFlight: number;
  eventLoopDelayMs: number;
  shedding: boolean;
}

/**
 * One process's shedding state. `delayMs` is where the event-loop delay comes from: by default a
 * perf_hooks histogram read every DELAY_WINDOW_MS; tests pass their own.
 */
export class LoadShedder {
  #inFlight = 0;
  #shed = 0;
  #delayMs = 0;
  #stopDelay: () => void = () => undefined;

  constructor(
    readonly settings: SheddingSettings,
    delaySource: ((report: (delayMs: number) => void) => () => void) | null = watchEventLoopDelay,
  ) {
    if (settings.maxEventLoopDelayMs > 0 && delaySource) this.#stopDelay = delaySource((delayMs) => (this.#delayMs = delayMs));
  }

  /** Whether a request of this rule is refused now; one that is counted must call `ended` once answered. */
  refuses(rule: SheddingRule): boolean {
    if (rule === "stream" || rule === "webhook") return false;
    if (!isOverloaded({ inFlight: this.#inFlight, eventLoopDelayMs: this.#delayMs }, this.settings)) return false;
    this.#shed++;
    return true;
  }

  /** Whether a request of this rule counts as one being answered. */
  counts(rule: SheddingRule): boolean {
    return rule === "shed" || rule === "webhook";
  }

  began(): void {
    this.#inFlight++;
  }

  ended(): void {
    this.#inFlight--;
  }

  /** Requests refused since the process started (for the metrics). */
  shedCount(): number {
    return this.#shed;
  }

  reading(): SheddingReading {
    const reading = { inFlight: this.#inFlight, eventLoopDelayMs: this.#delayMs };
    return { ...reading, shedding: isOverloaded(reading, this.settings) };
  }

  stop(): void {
    this.#stopDelay();
  }
}

/**
 * The mean event-loop delay of each window. The mean, not the maximum: one garbage collection or
 * one slow page among many quick turns of the loop is not an overload, while a loop that is late
 * on every turn is (docs/decisions/051-load-shedding.md).
 */
function watchEventLoopDelay(report: (delayMs: number) => void): () => void {
  const histogram = monitorEventLoopDelay({ resolution: DELAY_RESOLUTION_MS });
  histogram.enable();
  const timer = setInterval(() => {
    // Each sample includes the resolution itself; an empty window (no sample yet) reads as 0.
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - DELAY_RESOLUTION_MS : 0;
    report(Math.max(0, mean));
    histogram.reset();
  }, DELAY_WINDOW_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    histogram.disable();
  };
}

let current: LoadShedder | null = null;

/** Starts this process's shedding (once, by the request handler). */
export function startLoadShedding(settings: SheddingSettings): LoadShedder {
  current?.stop();
  current = new LoadShedder(settings);
  return current;
}

/** Requests refused by shedding since the process started: for the metrics. */
export function shedCount(): number {
  return current?.shedCount() ?? 0;
}

/** In flight, event-loop delay and whether the process sheds now: for the metrics. */
export function sheddingReading(): SheddingReading {
  return current?.reading() ?? { inFlight: 0, eventLoopDelayMs: 0, shedding: false };
}

export interface BusyAnswer {
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const BUSY_STYLE = "body{font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto 0;padding:0 1rem;text-align:center;line-height:1.5;color:#222}h1{font-size:1.4rem}";
const BUSY_STYLE_HASH = createHash("sha256").update(BUSY_STYLE).digest("base64");

function busyHeaders(retryAfterSeconds: number, contentType: string): Record<string, string> {
  return {
    "Retry-After": String(retryAfterSeconds),
    "Cache-Control": "no-store",
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    // Nothing but its own style: the busy page has no script, image or link.
    "Content-Security-Policy": `default-src 'none'; style-src 'sha256-${BUSY_STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  };
}

/**
 * The page a browser gets: what happened, in the visitor's language; a page that was asked for
 * reloads itself after Retry-After (a form's post is not sent again by itself — the person does).
 */
export function busyPage(t: TFunction, language: Language, retryAfterSeconds: number, kind: "page" | "form"): string {
  const title = escapeHtml(t("busy.title"));
  const text = escapeHtml(t(kind === "page" ? "busy.retrying" : "busy.notSent"));
  const refresh = kind === "page" ? `<meta http-equiv="refresh" content="${retryAfterSeconds}">` : "";
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${refresh}<title>${title}</title><style>${BUSY_STYLE}</style></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

export type BusyAnswers = (kind: BusyAnswerKind, language: Language) => BusyAnswer;

/** Every busy answer, made once at start for every language (a refused request only picks one). */
export async function prepareBusyAnswers(retryAfterSeconds: number): Promise<BusyAnswers> {
  const made = new Map<string, BusyAnswer>();
  const htmlHeaders = busyHeaders(retryAfterSeconds, "text/html; charset=utf-8");
  const jsonHeaders = busyHeaders(retryAfterSeconds, "application/json; charset=utf-8");
  for (const language of LANGUAGES) {
    const t = await getFixedT(language, "common");
    made.set(`page ${language}`, { headers: htmlHeaders, body: busyPage(t, language, retryAfterSeconds, "page") });
    made.set(`form ${language}`, { headers: htmlHeaders, body: busyPage(t, language, retryAfterSeconds, "form") });
    made.set(`call ${language}`, { headers: jsonHeaders, body: JSON.stringify({ error: "busy", message: t("busy.title") }) });
  }
  const data: BusyAnswer = { headers: busyHeaders(retryAfterSeconds, "text/plain; charset=utf-8"), body: `busy: try again in ${retryAfterSeconds} s\n` };
  return (kind, language) => (kind === "data" ? data : made.get(`${kind} ${language}`)!);
}

/** /healthz while shedding: not healthy, without asking the database. */
export function busyHealth(retryAfterSeconds: number): BusyAnswer {
  return { headers: busyHeaders(retryAfterSeconds, "application/json; charset=utf-8"), body: JSON.stringify({ ok: false, overloaded: true }) };
}
