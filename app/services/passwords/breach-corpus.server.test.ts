import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { breachCount } from "./breach-corpus.server";

const API = "https://passwords.example/range/";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();

/** A range API that knows one password, seen 42 times, and pads its answer with zero counts. */
function rangeApi(known: string, asked: string[]): typeof fetch {
  return (async (url: string | URL | Request) => {
    asked.push(String(url));
    const hash = sha1(known);
    const lines = [`${"0".repeat(35)}:0`, `${hash.slice(5)}:42`, `${"F".repeat(35)}:0`];
    return new Response(String(url).endsWith(hash.slice(0, 5)) ? lines.join("\r\n") : lines[0]!, { status: 200 });
  }) as typeof fetch;
}

describe("the breach corpus (review L-6)", () => {
  it("finds a breached password by its range, sending only the first five digits of its hash", async () => {
    const asked: string[] = [];
    expect(await breachCount("correct horse battery", API, 1000, rangeApi("correct horse battery", asked))).toBe(42);
    expect(asked).toEqual([`${API}${sha1("correct horse battery").slice(0, 5)}`]);
    expect(asked[0]).not.toContain(sha1("correct horse battery").slice(5));
  });

  it("answers 0 for a password not in the range, and null when the API fails or is slow", async () => {
    expect(await breachCount("a password nobody has", API, 1000, rangeApi("correct horse battery", []))).toBe(0);
    expect(await breachCount("x", API, 1000, (async () => new Response("", { status: 503 })) as typeof fetch)).toBeNull();
    expect(await breachCount("x", API, 1000, (async () => Promise.reject(new TypeError("fetch failed"))) as typeof fetch)).toBeNull();
    const never = ((_url: unknown, init?: RequestInit) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
    expect(await breachCount("x", API, 20, never)).toBeNull();
  });
});
