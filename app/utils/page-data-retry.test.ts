import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { API_ATTEMPTS } from "./api-call";
import { installPageDataRetry, loadFailure, pageRequest, tryLoadsAgain } from "./page-data-retry";

function network(...outcomes: Array<Response | "down">) {
  const fake = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = outcomes.shift() ?? "down";
    return next === "down" ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(next);
  });
  return fake as unknown as typeof fetch & typeof fake;
}

/** Lets the waits between attempts (0.5 + 1 + 2 + 4 s) pass. */
async function letAttemptsRun() {
  await vi.advanceTimersByTimeAsync(8_000);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a page load that keeps failing", () => {
  it("waits for the person's try-again instead of failing, and then arrives", async () => {
    const fetch = network();
    let arrived: Response | null = null;
    void pageRequest(fetch, "/members/7.data", {}, "data").then((response) => (arrived = response));
    await letAttemptsRun();
    expect(fetch).toHaveBeenCalledTimes(API_ATTEMPTS);
    expect(loadFailure()).toEqual({ shown: true, sending: false, busy: false });
    expect(arrived).toBeNull();

    fetch.mockImplementation(() => Promise.resolve(new Response("page")));
    tryLoadsAgain();
    expect(loadFailure().busy).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(arrived && (arrived as Response).status).toBe(200);
    expect(loadFailure().shown).toBe(false);
  });

  it("a post is sent once, and again only when the person asks", async () => {
    const fetch = network("down", new Response("sent"));
    const sent = pageRequest(fetch, "/settings.data", { method: "POST", body: "x=1" }, "data");
    await letAttemptsRun();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(loadFailure()).toEqual({ shown: true, sending: true, busy: false });
    tryLoadsAgain();
    expect(await (await sent).text()).toBe("sent");
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(loadFailure().shown).toBe(false);
  });

  it("trying the loads only (the browser is online again) leaves a waiting post for the person", async () => {
    const fetch = network();
    let posted: Response | null = null;
    void pageRequest(fetch, "/profile.data", { method: "POST", body: "about=x" }, "data").then((response) => (posted = response));
    let loaded: Response | null = null;
    void pageRequest(fetch, "/chats.data", {}, "data").then((response) => (loaded = response));
    await letAttemptsRun();
    expect(fetch).toHaveBeenCalledTimes(1 + API_ATTEMPTS);
    fetch.mockImplementation(() => Promise.resolve(new Response("ok")));
    tryLoadsAgain(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).not.toBeNull();
    expect(posted).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2 + API_ATTEMPTS);
    expect(loadFailure()).toEqual({ shown: true, sending: true, busy: false });
    tryLoadsAgain();
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).not.toBeNull();
    expect(loadFailure().shown).toBe(false);
  });

  it("stops waiting when the load is given up, and the notice goes", async () => {
    const controller = new AbortController();
    const load = pageRequest(network(), "/chats.data", { signal: controller.signal }, "data");
    const failed = expect(load).rejects.toThrow("gone");
    await letAttemptsRun();
    expect(loadFailure().shown).toBe(true);
    controller.abort(new DOMException("gone", "AbortError"));
    await failed;
    expect(loadFailure().shown).toBe(false);
  });

  it("does not hold the route manifest: Remix copes without it", async () => {
    const fetch = network();
    const failed = expect(pageRequest(fetch, "/__manifest?p=/chats", {}, "manifest")).rejects.toThrow("Failed to fetch");
    await letAttemptsRun();
    await failed;
    expect(fetch).toHaveBeenCalledTimes(API_ATTEMPTS);
    expect(loadFailure().shown).toBe(false);
  });
});

describe("a page load given up by its signal", () => {
  it("leaves no unhandled rejection behind when nobody waits for it any more", async () => {
    vi.useRealTimers();
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      // A fetch that, like the browser's, fails with the signal's reason when the load is given up.
      const slow = (_input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
      const win = { fetch: slow, location: { href: "http://site.example/chats" }, addEventListener: () => undefined } as unknown as Window & typeof globalThis;
      installPageDataRetry(win);
      const controller = new AbortController();
      void win.fetch("/chats.data", { signal: controller.signal });
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});
