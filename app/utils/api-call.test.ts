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
