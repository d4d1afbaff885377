import { describe, expect, it, vi } from "vitest";
import { API_ATTEMPTS, apiCall, apiSend } from "./api-call";

function network(...outcomes: Array<Response | "down">) {
  const fake = vi.fn(() => {
    const next = outcomes.shift() ?? "down";
    return next === "down" ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve(next);
  });
  return fake as unknown as typeof fetch & typeof fake;
}

describe("apiCall", () => {
  it("tries again after a network failure with growing waits, and returns the first answer", async () => {
    const fetch = network("down", "down", new Response("ok"));
    const waits: number[] = [];
    const response = await apiCall("/api/typing", { method: "POST" }, { fetch, sleep: async (ms) => void waits.push(ms) });
    expect(response && (await response.text())).toBe("ok");
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([500, 1000]);
  });

  it(`gives up after ${API_ATTEMPTS} attempts and resolves to false`, async () => {
    const fetch = network();
    const waits: number[] = [];
    expect(await apiCall("/api/typing", {}, { fetch, sleep: async (ms) => void waits.push(ms) })).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(API_ATTEMPTS);
    expect(waits).toEqual([500, 1000, 2000, 4000]);
  });

  it("does not repeat a call that must not be repeated, nor one the server answered", async () => {
    const once = network();
    expect(await apiCall("/api/conversations/1", { method: "DELETE" }, { fetch: once, retry: false, sleep: async () => undefined })).toBe(false);
    expect(once).toHaveBeenCalledTimes(1);
    const refused = network(new Response("nope", { status: 500 }));
    const response = await apiCall("/api/typing", {}, { fetch: refused, sleep: async () => undefined });
    expect(response && response.status).toBe(500);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("tries a call a busy server refused again after its Retry-After, but not another 503, nor a call that must not be repeated", async () => {
    const busy = () => Response.json({ error: "busy", message: "Het is even erg druk" }, { status: 503, headers: { "retry-after": "3" } });
    const fetch = network(busy(), busy(), new Response("ok"));
    const waits: number[] = [];
    const response = await apiCall("/api/typing", { method: "POST" }, { fetch, sleep: async (ms) => void waits.push(ms) });
    expect(response && (await response.text())).toBe("ok");
    expect(waits).toEqual([3000, 3000]);
    const unavailable = network(Response.json({ error: "maintenance" }, { status: 503, headers: { "retry-after": "3" } }));
    expect(await apiCall("/api/typing", {}, { fetch: unavailable, sleep: async () => undefined }).then((answer) => answer && answer.status)).toBe(503);
    expect(unavailable).toHaveBeenCalledTimes(1);
    const once = network(busy());
    expect(await apiCall("/api/conversations/1", { method: "DELETE" }, { fetch: once, retry: false, sleep: async () => undefined }).then((answer) => answer && answer.status)).toBe(503);
    expect(once).toHaveBeenCalledTimes(1);
  });

  it("returns the busy answer itself when the last attempt is refused too", async () => {
    const fetch = network(...Array.from({ length: API_ATTEMPTS }, () => Response.json({ error: "busy" }, { status: 503, headers: { "retry-after": "600" } })));
    const waits: number[] = [];
    const response = await apiCall("/api/typing", {}, { fetch, sleep: async (ms) => void waits.push(ms) });
    expect(response && response.status).toBe(503);
    // A Retry-After of ten minutes waits at most 30 s between tries.
    expect(waits).toEqual(Array.from({ length: API_ATTEMPTS - 1 }, () => 30_000));
  });

  it("logs the tab out when the session is gone, and only then", async () => {
    const loggedOut = vi.fn();
    const gone = network(Response.json({ error: "authentication_required" }, { status: 403 }));
    expect(await apiCall("/api/page-visible", {}, { fetch: gone, onLoggedOut: loggedOut })).toBe(false);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    const crossSite = network(Response.json({ error: "cross_site_request" }, { status: 403 }));
    const response = await apiCall("/api/page-visible", {}, { fetch: crossSite, onLoggedOut: loggedOut });
    expect(response && response.status).toBe(403);
    expect(loggedOut).toHaveBeenCalledTimes(1);
  });
});

describe("apiSend", () => {
  it("says whether the call succeeded and ends the answer at once", async () => {
    const answer = new Response("ok");
    const fetch = network(answer);
    expect(await apiSend("/api/page-visible", { method: "POST" }, { fetch })).toBe(true);
    expect(answer.bodyUsed || answer.body?.locked).toBeTruthy();
    expect(await apiSend("/api/page-visible", {}, { fetch: network(new Response("no", { status: 400 })) })).toBe(false);
    expect(await apiSend("/api/page-visible", {}, { fetch: network(), sleep: async () => undefined })).toBe(false);
  });
});
