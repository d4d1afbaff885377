/** A script call is tried this often in all when the network fails (docs/product/api.md#retries). */
export const API_ATTEMPTS = 5;
/** The wait before the second try; each next wait is twice as long (0.5, 1, 2, 4 s). */
export const API_FIRST_RETRY_MS = 500;

export interface ApiCallOptions {
  /** False for a call that must not be repeated; a network failure then ends it at once. */
  retry?: boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** What happens when the server says the session is gone: the tab goes to the login page. */
  onLoggedOut?: () => void;
}

function toLogin(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
}

async function saysLoggedOut(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    return body.error === "authentication_required";
  } catch {
    return false;
  }
}

/** The longest wait a busy server's Retry-After may ask for before the call is tried again. */
const MAX_BUSY_WAIT_MS = 30_000;

/**
 * How long a busy server asked to wait, when this answer is its refusal of a call it never began
 * (load shedding: docs/operations.md#load-shedding), else null: only such a call is safe to repeat
 * after an answer.
 */
async function busyWait(response: Response): Promise<number | null> {
  if (response.status !== 503) return null;
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    if (body.error !== "busy") return null;
  } catch {
    return null;
  }
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_BUSY_WAIT_MS) : API_FIRST_RETRY_MS;
}

/**
 * A call of the page's script to the site's own API. A network failure is tried again, up to
 * API_ATTEMPTS times with growing waits, and so is a busy server's refusal, after the wait its
 * Retry-After asks for. Any other answer, whatever its status, is returned as it is — except 403
 * `authentication_required`: the member was logged out elsewhere, so this tab shows the login
 * page and the call resolves to false (docs/product/api.md#errors). False too when the network
 * never answered.
 */
export async function apiCall(input: string, init: RequestInit = {}, options: ApiCallOptions = {}): Promise<Response | false> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const attempts = options.retry === false ? 1 : API_ATTEMPTS;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let response: Response;
    try {
      response = await doFetch(input, init);
    } catch {
      if (attempt === attempts) return false;
      await sleep(API_FIRST_RETRY_MS * 2 ** (attempt - 1));
      continue;
    }
    const busy = attempt < attempts ? await busyWait(response) : null;
    if (busy !== null) {
      await response.body?.cancel().catch(() => undefined);
      await sleep(busy);
      continue;
    }
    if (await saysLoggedOut(response)) {
      (options.onLoggedOut ?? toLogin)();
      return false;
    }
    return response;
  }
  return false;
}

/**
 * A script call whose answer is only a yes or no: whether it succeeded. Its body is discarded at
 * once, so the request ends rather than stay open until the page goes.
 */
export async function apiSend(input: string, init: RequestInit = {}, options: ApiCallOptions = {}): Promise<boolean> {
  const response = await apiCall(input, init, options);
  if (!response) return false;
  await response.body?.cancel().catch(() => undefined);
  return response.ok;
}
