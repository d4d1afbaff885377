import { fetchWithRetry, isRepeatable } from "~/utils/request-retry";

/**
 * Page loads in the browser (docs/product/site.md#when-the-network-fails, docs/decisions/043-retry-page-loads.md):
 * Remix fetches a page's data, a form's answer and every background reload as `<path>.data`, and
 * the routes it has not met yet from `/__manifest`, all through `window.fetch`. Those requests are
 * tried again like the script calls (app/utils/request-retry.ts). A page load that still fails is
 * not handed to Remix as an error (that would be the error page, and a form's text gone): it waits
 * for the person's "Probeer opnieuw", which the notice (LoadFailedNotice) offers, or for the
 * browser to say it is online again.
 */

/** What the notice shows: whether a load waits for the person, whether it was a form's post, whether it is being tried again. */
export interface LoadFailure {
  shown: boolean;
  sending: boolean;
  busy: boolean;
}

interface Waiting {
  sending: boolean;
  resume: () => void;
}

const HIDDEN: LoadFailure = { shown: false, sending: false, busy: false };
const waiting = new Set<Waiting>();
/** Loads released by "Probeer opnieuw" that have not ended yet, and whether any of them is a post. */
let resumed = 0;
let resumedSending = 0;
let snapshot: LoadFailure = HIDDEN;
const listeners = new Set<() => void>();

function changed(): void {
  const sending = [...waiting].some((load) => load.sending) || resumedSending > 0;
  const shown = waiting.size > 0 || resumed > 0;
  snapshot = shown ? { shown, sending, busy: waiting.size === 0 } : HIDDEN;
  for (const listener of listeners) listener();
}

export function subscribeLoadFailure(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function loadFailure(): LoadFailure {
  return snapshot;
}

export function serverLoadFailure(): LoadFailure {
  return HIDDEN;
}

/**
 * "Probeer opnieuw": every waiting load is sent again, with its attempts, and a waiting post once.
 * `loadsOnly` leaves the posts waiting: only the person sends a post again.
 */
export function tryLoadsAgain(loadsOnly = false): void {
  const chosen = [...waiting].filter((load) => !(loadsOnly && load.sending));
  for (const load of chosen) {
    waiting.delete(load);
    load.resume();
  }
  changed();
}

/** Waits for tryLoadsAgain; given up (the person went elsewhere, a newer reload began) it throws why, as fetch does. */
function waitForTryAgain(sending: boolean, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const load: Waiting = {
      sending,
      resume: () => {
        signal?.removeEventListener("abort", onAbort);
        resumed++;
        if (sending) resumedSending++;
        resolve();
      },
    };
    const onAbort = () => {
      waiting.delete(load);
      changed();
      reject(signal?.reason ?? new DOMException("The request was given up.", "AbortError"));
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    waiting.add(load);
    changed();
  });
}

/** Which of the page's requests this is about: Remix's data requests and its route manifest, on the site itself. */
function pageRequestKind(input: RequestInfo | URL, base: string): "data" | "manifest" | null {
  let url: URL;
  try {
    url = new URL(input instanceof Request ? input.url : String(input), base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (url.pathname.endsWith(".data")) return "data";
  return url.pathname.endsWith("/__manifest") ? "manifest" : null;
}

/** Sends a page request with its attempts; a data request that still fails waits for the person. */
export async function pageRequest(original: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined, kind: "data" | "manifest"): Promise<Response> {
  const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
  const sending = !isRepeatable(init?.method ?? (input instanceof Request ? input.method : "GET"));
  let wasResumed = false;
  for (;;) {
    let outcome;
    try {
      outcome = await fetchWithRetry(original, input, init, { signal });
    } finally {
      if (wasResumed) {
        wasResumed = false;
        resumed--;
        if (sending) resumedSending--;
        changed();
      }
    }
    if (outcome.kind === "answer") return outcome.response;
    // Remix finds its routes without the manifest, or says the page is not found: no notice for it.
    if (kind === "manifest") {
      if (outcome.kind === "unavailable") return outcome.response;
      throw outcome.error;
    }
    if (outcome.kind === "unavailable") await outcome.response.body?.cancel().catch(() => undefined);
    await waitForTryAgain(sending, signal);
    wasResumed = true;
  }
}

/** Puts the retries around the page's own fetch; once, before Remix starts (app/entry.client.tsx). */
export function installPageDataRetry(win: Window & typeof globalThis = window): void {
  const original = win.fetch.bind(win);
  win.fetch = (input, init) => {
    const kind = pageRequestKind(input, win.location.href);
    // A Request with a body could be sent once only; Remix sends its data requests as a URL and options.
    if (!kind || (input instanceof Request && input.body)) return original(input, init);
    const request = pageRequest(original, input, init, kind);
    // A load given up by its signal (the person went on, a newer reload began) is waited for by
    // nobody: Remix may already have moved on, so its AbortError, which comes a few steps later
    // than the browser's own fetch would give it, is expected and not an error of the page.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    signal?.addEventListener("abort", () => void request.catch(() => undefined), { once: true });
    return request;
  };
  // The connection is back: the loads that wait are tried again without a tap (a post waits for one).
  win.addEventListener("online", () => tryLoadsAgain(true));
}
