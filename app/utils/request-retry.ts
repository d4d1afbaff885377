import { API_ATTEMPTS, API_FIRST_RETRY_MS } from "~/utils/api-call";

/**
 * Answers that say "not now" from a proxy or an overloaded server rather than "no" from the page:
 * a loader never answers them itself, so trying again is safe (docs/product/site.md#when-the-network-fails).
 */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** A Retry-After longer than this is not waited for: the person would think the page hangs. */
export const RETRY_AFTER_CAP_MS = 10_000;

/** Methods that change nothing, so a request that may have reached the server can be sent again. */
export function isRepeatable(method: string | undefined): boolean {
  const name = (method ?? "GET").toUpperCase();
  return name === "GET" || name === "HEAD";
}

/** A Retry-After header in milliseconds from now (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The wait before attempt `next` (2 for the first repetition): 0.5, 1, 2, 4 s like the script calls
 * (app/utils/api-call.ts); a longer Retry-After of the last answer is waited for, up to RETRY_AFTER_CAP_MS.
 */
export function waitBeforeAttempt(next: number, lastAnswer?: Response, now = Date.now()): number {
  const backOff = API_FIRST_RETRY_MS * 2 ** (next - 2);
  const asked = lastAnswer ? retryAfterMs(lastAnswer.headers.get("Retry-After"), now) : null;
  return asked === null ? backOff : Math.min(RETRY_AFTER_CAP_MS, Math.max(backOff, asked));
}

/** How a request ended after its attempts: an answer to use, or a failure worth telling the person. */
export type RetryOutcome = { kind: "answer"; response: Response } | { kind: "unanswered"; error: unknown } | { kind: "unavailable"; response: Response };

export interface RetryOptions {
  attempts?: number;
  signal?: AbortSignal | null;
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
  now?: () => number;
}

/** Waits, unless the request is given up meanwhile (the person went elsewhere): then it throws why. */
export function sleepUnlessAborted(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function abortReason(signal: AbortSignal | null | undefined): unknown {
  return signal?.reason ?? new DOMException("The request was given up.", "AbortError");
}

/**
 * Sends a request up to `attempts` times (API_ATTEMPTS by default) while the network fails or the
 * answer is 502/503/504, with the waits of waitBeforeAttempt. A method that may change something
 * (POST, an action) is sent once only: it may have reached the server. A request given up by its
 * signal throws, as fetch does.
 */
export async function fetchWithRetry(doFetch: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, options: RetryOptions = {}): Promise<RetryOutcome> {
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  const attempts = isRepeatable(method) ? (options.attempts ?? API_ATTEMPTS) : 1;
  const sleep = options.sleep ?? sleepUnlessAborted;
  const now = options.now ?? Date.now;
  const signal = options.signal ?? init?.signal ?? (input instanceof Request ? input.signal : null);
  let outcome: RetryOutcome = { kind: "unanswered", error: null };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(waitBeforeAttempt(attempt, outcome.kind === "unavailable" ? outcome.response : undefined, now()), signal);
    try {
      const response = await doFetch(input, init);
      if (!RETRIED_STATUSES.has(response.status)) return { kind: "answer", response };
      outcome = { kind: "unavailable", response };
    } catch (error) {
      if (signal?.aborted) throw abortReason(signal);
      outcome = { kind: "unanswered", error };
    }
    // The body of an answer that will be asked again is not needed.
    if (attempt < attempts && outcome.kind === "unavailable") await outcome.response.body?.cancel().catch(() => undefined);
  }
  return outcome;
}
