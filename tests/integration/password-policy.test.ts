import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRefusedPassword } from "../../app/models/accounts/password-policy.server";

/**
 * New passwords against the breach corpus (docs/product/safety.md#passwords, review L-6), with a
 * range API on this machine standing in for Have I Been Pwned.
 */
const BREACHED = "Zonnebloem-Fiets-1987";
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex").toUpperCase();
let server: Server;
let url: string;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const hash = sha1(BREACHED);
    res.end(req.url === `/range/${hash.slice(0, 5)}` ? `${hash.slice(5)}:3\r\n${"A".repeat(35)}:0` : `${"A".repeat(35)}:0`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/range/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a new password", () => {
  it("is refused when the breach corpus knows it, though no rule of strength would refuse it", async () => {
    expect(await isRefusedPassword(BREACHED, [], null)).toBe(false);
    expect(await isRefusedPassword(BREACHED, [], url)).toBe(true);
    expect(asked.at(-1)).toBe(`/range/${sha1(BREACHED).slice(0, 5)}`);
  });

  it("is accepted when the corpus does not know it, and refused for being guessable without asking", async () => {
    expect(await isRefusedPassword("Kruimeldief-Maanlicht-Tuinslang", [], url)).toBe(false);
    const before = asked.length;
    expect(await isRefusedPassword("password123", [], url)).toBe(true);
    expect(asked.length).toBe(before);
  });

  it("is judged by the bundled list alone when the corpus cannot be reached", async () => {
    expect(await isRefusedPassword(BREACHED, [], "http://127.0.0.1:9/range/")).toBe(false);
    expect(await isRefusedPassword("password123", [], "http://127.0.0.1:9/range/")).toBe(true);
  });
});
