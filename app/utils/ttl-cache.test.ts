import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache";

describe("TtlCache", () => {
  it("loads once within the time to live and again after it", async () => {
    const cache = new TtlCache<string, number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load, 0)).toBe(1);
    expect(await cache.get("a", load, 999)).toBe(1);
    expect(await cache.get("b", load, 999)).toBe(2);
    expect(await cache.get("a", load, 1000)).toBe(3);
  });

  it("does not remember a failure", async () => {
    const cache = new TtlCache<string, number>(1000);
    await expect(cache.get("a", () => Promise.reject(new Error("down")), 0)).rejects.toThrow("down");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get("a", async () => 7, 1)).toBe(7);
  });

  it("keeps at most its number of values, the oldest going first", async () => {
    const cache = new TtlCache<string, string>(1000, 2);
    const loads: string[] = [];
    const load = (key: string) => async () => (loads.push(key), key);
    await cache.get("a", load("a"), 0);
    await cache.get("b", load("b"), 0);
    await cache.get("c", load("c"), 0);
    await cache.get("b", load("b"), 0);
    await cache.get("a", load("a"), 0);
    expect(loads).toEqual(["a", "b", "c", "a"]);
  });
});
