import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { smsCheck } from "./sms-check";

const GOOD_KEY = "live-key-of-the-account";
const EMPTY_KEY = "live-key-of-an-empty-account";
const realServices = (extra: Record<string, string>) => parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "s".repeat(40), LOCAL_SERVICES: "0", ...extra });
const options = { timeoutMs: 5000, paymentMode: "test" as const };

/** MessageBird's balance read, as its REST API answers it. */
let api: Server;
let url: string;
const requests: Array<{ method?: string; path?: string; authorization?: string }> = [];
beforeAll(async () => {
  api = createServer((req, res) => {
    requests.push({ method: req.method, path: req.url, authorization: req.headers.authorization });
    const key = req.headers.authorization?.replace(/^AccessKey /, "");
    res.setHeader("content-type", "application/json");
    if (req.url !== "/balance" || (key !== GOOD_KEY && key !== EMPTY_KEY)) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ errors: [{ code: 2, description: "Request not allowed (incorrect access_key)" }] }));
    }
    res.end(JSON.stringify({ payment: "prepaid", type: "euros", amount: key === GOOD_KEY ? 42.5 : 0 }));
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

describe("the SMS provider check", () => {
  it("reads the balance with the access key, sends nothing, and says ok", async () => {
    const findings = await smsCheck.run(realServices({ MESSAGEBIRD_ACCESS_KEY: GOOD_KEY, MESSAGEBIRD_API_ENDPOINT: url, SMS_ORIGINATOR: "Flirtpunt" }), options);
    expect(findings).toEqual([{ status: "ok", text: 'MessageBird accepts the key (prepaid, balance 42.5 euros); sender "Flirtpunt"' }]);
    expect(requests.at(-1)).toEqual({ method: "GET", path: "/balance", authorization: `AccessKey ${GOOD_KEY}` });
  });

  it("says a refused key, an empty prepaid balance and a missing key, each with what to do", async () => {
    const refused = await smsCheck.run(realServices({ MESSAGEBIRD_ACCESS_KEY: "mistyped", MESSAGEBIRD_API_ENDPOINT: url }), options);
    expect(refused).toEqual([{ status: "problem", text: expect.stringMatching(/^MessageBird refused MESSAGEBIRD_ACCESS_KEY \(401: Request not allowed \(incorrect access_key\)\)/) }]);
    const empty = await smsCheck.run(realServices({ MESSAGEBIRD_ACCESS_KEY: EMPTY_KEY, MESSAGEBIRD_API_ENDPOINT: url }), options);
    expect(empty).toEqual([{ status: "problem", text: expect.stringMatching(/prepaid balance is empty/) }]);
    const missing = await smsCheck.run(realServices({}), options);
    expect(missing).toEqual([{ status: "problem", text: expect.stringMatching(/^MESSAGEBIRD_ACCESS_KEY is not set/) }]);
  });

  it("says an unreachable provider, and is not run with the local services", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await smsCheck.run(realServices({ MESSAGEBIRD_ACCESS_KEY: GOOD_KEY, MESSAGEBIRD_API_ENDPOINT: `http://127.0.0.1:${port}` }), options);
    expect(unreachable).toEqual([{ status: "problem", text: expect.stringMatching(/^cannot reach MessageBird at http:\/\/127\.0\.0\.1:\d+: .*ECONNREFUSED/) }]);
    const local = await smsCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", MESSAGEBIRD_ACCESS_KEY: GOOD_KEY }), options);
    expect(local).toEqual([{ status: "skipped", text: expect.stringMatching(/^LOCAL_SERVICES=1/) }]);
  });
});
