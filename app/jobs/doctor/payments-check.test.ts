import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { startMollieApi, type MollieApi } from "../../../tests/fixtures/mollie-api";
import { mollieKeyMode, paymentsCheck } from "./payments-check";

const TEST_KEY = `test_${"a".repeat(30)}`;
const LIVE_KEY = `live_${"b".repeat(30)}`;
const realServices = (extra: Record<string, string>) => parseEnv({ NODE_ENV: "development", SESSION_SECRETS: "s".repeat(40), LOCAL_SERVICES: "0", ...extra });

describe("the payment provider check", () => {
  let api: MollieApi;
  let empty: MollieApi;
  beforeAll(async () => {
    api = await startMollieApi();
    empty = await startMollieApi({ methods: [] });
  });
  afterAll(async () => {
    await api?.close();
    await empty?.close();
  });

  it("tells live and test keys from anything else", () => {
    expect(mollieKeyMode(TEST_KEY)).toBe("test");
    expect(mollieKeyMode(LIVE_KEY)).toBe("live");
    expect(mollieKeyMode("access_abc")).toBeNull();
    expect(mollieKeyMode("pfl_abcdefghij")).toBeNull();
  });

  it("reads the active payment methods with the key, and says ok", async () => {
    const findings = await paymentsCheck.run(realServices({ MOLLIE_API_KEY: TEST_KEY, MOLLIE_API_ENDPOINT: api.url }), { timeoutMs: 5000, paymentMode: "test" });
    expect(findings).toEqual([{ status: "ok", text: "Mollie accepts the test key; payment methods active: ideal, creditcard" }]);
    expect(api.requests.at(-1)).toMatchObject({ method: "GET", path: "/v2/methods" });
  });

  it("says a test key where a live key is expected, and a refused key", async () => {
    const findings = await paymentsCheck.run(realServices({ MOLLIE_API_KEY: TEST_KEY, MOLLIE_API_ENDPOINT: api.url }), { timeoutMs: 5000, paymentMode: "live" });
    expect(findings.map((finding) => finding.status)).toEqual(["problem", "ok"]);
    expect(findings[0]!.text).toMatch(/^MOLLIE_API_KEY is a test key where a live key is expected/);
    // The simulated API accepts test keys only, as Mollie's test mode refuses a key it does not know.
    const refused = await paymentsCheck.run(realServices({ MOLLIE_API_KEY: LIVE_KEY, MOLLIE_API_ENDPOINT: api.url }), { timeoutMs: 5000, paymentMode: "live" });
    expect(refused).toEqual([{ status: "problem", text: expect.stringMatching(/^Mollie refused MOLLIE_API_KEY \(401/) }]);
  });

  it("says so when no payment method is active, or the key is missing", async () => {
    const none = await paymentsCheck.run(realServices({ MOLLIE_API_KEY: TEST_KEY, MOLLIE_API_ENDPOINT: empty.url }), { timeoutMs: 5000, paymentMode: "test" });
    expect(none).toEqual([{ status: "problem", text: expect.stringMatching(/no payment method is active/) }]);
    const missing = await paymentsCheck.run(realServices({}), { timeoutMs: 5000, paymentMode: "test" });
    expect(missing).toEqual([{ status: "problem", text: expect.stringMatching(/^MOLLIE_API_KEY is not set/) }]);
  });

  it("is not run against Mollie with the local services", async () => {
    const findings = await paymentsCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", MOLLIE_API_KEY: TEST_KEY }), { timeoutMs: 5000, paymentMode: "test" });
    expect(findings).toEqual([{ status: "skipped", text: expect.stringMatching(/^LOCAL_SERVICES=1/) }]);
  });
});
