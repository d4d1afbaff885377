import { describe, expect, it, vi } from "vitest";
import { API_ATTEMPTS } from "./api-call";
import { fetchWithRetry, isRepeatable, RETRY_AFTER_CAP_MS, retryAfterMs, waitBeforeAttempt } from "./request-retry";

type Outcome = Response | "down";

function network(...outcomes: Outcome[]) {
  const fake = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = outcomes.shift() ?? "down";
    return next === "down" ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(next);
  });
  return fake as unknown as typeof fetch & typeof fake;
}

function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const NOW = Date.parse("2026-11-28T12:00:00Z");

describe("fetchWithRetry", () => {
  it(`tries a page load ${API_ATTEMPTS} times in all, waiting 0.5, 1, 2 and 4 s, and says it stayed unanswered`, async () => {
    const fetch = network();
    const { waits, sleep } = recorder();
    const outcome = await fetchWithRetry(fetch, "/members.data", undefined, { sleep });
    expect(outcome.kind).toBe("unanswered");
    expect(fetch).toHaveBeenCalledTimes(API_ATTEMPTS);
    expect(waits).toEqual([500, 1000, 2000, 4000]);
  });

  it("returns the first real answer after failures, whatever its status", async () => {
    const fetch = network("down", new Response("busy", { status: 503 }), new Response("not found", { status: 404 }));
    const { waits, sleep } = recorder();
    const outcome = await fetchWithRetry(fetch, "/members/9.data", undefined, { sleep });
    expect(outcome.kind === "answer" && outcome.response.status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([500, 1000]);
  });

  it("tries again on 502, 503 and 504 only, and ends with the last such answer", async () => {
    const fetch = network(new Response("", { status: 502 }), new Response("", { status: 504 }), new Response("", { status: 503 }), new Response("", { status: 503 }), new Response("", { status: 502 }));
    const outcome = await fetchWithRetry(fetch, "/chats.data", undefined, recorder());
    expect(outcome.kind === "unavailable" && outcome.response.status).toBe(502);
    expect(fetch).toHaveBeenCalledTimes(API_ATTEMPTS);
    for (const status of [500, 429, 403]) {
      const once = network(new Response("", { status }));
      const answer = await fetchWithRetry(once, "/chats.data", undefined, recorder());
      expect(answer.kind === "answer" && answer.response.status).toBe(status);
      expect(once).toHaveBeenCalledTimes(1);
    }
  });

  it("waits as long as Retry-After asks, up to the cap, and never shorter than the back-off", async () => {
    const fetch = network(
      new Response("", { status: 503, headers: { "Retry-After": "3" } }),
      new Response("", { status: 503, headers: { "Retry-After": "120" } }),
      new Response("", { status: 503, headers: { "Retry-After": "0" } }),
      new Response("", { status: 503, headers: { "Retry-After": new Date(NOW + 7_000).toUTCString() } }),
      new Response("ok"),
    );
    const { waits, sleep } = recorder();
    const outcome = await fetchWithRetry(fetch, "/likes.data", undefined, { sleep, now: () => NOW });
    expect(outcome.kind).toBe("answer");
    expect(waits).toEqual([3000, RETRY_AFTER_CAP_MS, 2000, 7000]);
  });

  it("never repeats a post (an action): it may have reached the server", async () => {
    for (const outcome of ["down", new Response("", { status: 504 })] as const) {
      const fetch = network(outcome, new Response("ok"));
      const { waits, sleep } = recorder();
      const result = await fetchWithRetry(fetch, "/settings.data", { method: "POST", body: "x=1" }, { sleep });
      expect(result.kind).not.toBe("answer");
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(waits).toEqual([]);
    }
    const request = network("down", new Response("ok"));
    expect((await fetchWithRetry(request, new Request("http://a.localhost/x.data", { method: "POST", body: "x" }), undefined, recorder())).kind).toBe("unanswered");
    expect(request).toHaveBeenCalledTimes(1);
  });

  it("stops at once when the request is given up (the person went elsewhere)", async () => {
    const controller = new AbortController();
    const fetch = vi.fn(() => {
      controller.abort(new DOMException("gone", "AbortError"));
      return Promise.reject(new DOMException("aborted", "AbortError"));
    });
    await expect(fetchWithRetry(fetch as unknown as typeof globalThis.fetch, "/members.data", { signal: controller.signal })).rejects.toThrow("gone");
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe("the waits", () => {
  it("doubles from 0.5 s", () => {
    expect([2, 3, 4, 5].map((next) => waitBeforeAttempt(next))).toEqual([500, 1000, 2000, 4000]);
  });

  it("reads Retry-After as seconds or a date, and ignores what it cannot read", () => {
    expect(retryAfterMs("5", NOW)).toBe(5000);
    expect(retryAfterMs(new Date(NOW + 2000).toUTCString(), NOW)).toBe(2000);
    expect(retryAfterMs(new Date(NOW - 2000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs("soon", NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
  });

  it("repeats only methods that change nothing", () => {
    expect(["GET", "get", "HEAD", undefined].map(isRepeatable)).toEqual([true, true, true, true]);
    expect(["POST", "PUT", "PATCH", "DELETE"].map(isRepeatable)).toEqual([false, false, false, false]);
  });
});
