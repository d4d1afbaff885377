import { beforeEach, describe, expect, it } from "vitest";
import { httpDuration, httpInFlight, httpRequests, requestStarted, statusClass } from "./http.server";

const inFlight = async () => (await httpInFlight.get()).values[0]?.value ?? 0;
const counted = async (labels: Partial<Record<"route" | "method" | "status" | "kind", string>>) =>
  (await httpRequests.get()).values.filter((value) => (Object.entries(labels) as [keyof typeof labels, string][]).every(([key, wanted]) => value.labels[key] === wanted)).reduce((sum, value) => sum + value.value, 0);

beforeEach(() => {
  httpRequests.reset();
  httpDuration.reset();
  httpInFlight.reset();
});

describe("HTTP series", () => {
  it("label a status by its class", () => {
    expect([statusClass(200), statusClass(204), statusClass(302), statusClass(404), statusClass(503), statusClass(42)]).toEqual(["2xx", "2xx", "3xx", "4xx", "5xx", "other"]);
  });

  it("count a request in flight until it is finished, then by route, method, status class and kind, with its duration", async () => {
    const request = requestStarted(1_000);
    expect(await inFlight()).toBe(1);
    request.finished({ route: "routes/_default.members._index", method: "GET", status: 200, kind: "document" }, 1_250);
    request.finished({ route: "routes/_default.members._index", method: "GET", status: 200, kind: "document" }, 1_500);
    expect(await inFlight()).toBe(0);
    expect(await counted({ route: "routes/_default.members._index", method: "GET", status: "2xx", kind: "document" })).toBe(1);
    const duration = (await httpDuration.get()).values.find((value) => value.metricName === "dating_http_request_duration_seconds_sum");
    expect(duration?.value).toBe(0.25);
  });

  it("take an event stream out of the in-flight count once its headers are sent, and count it when it ends", async () => {
    const stream = requestStarted(0);
    const page = requestStarted(0);
    stream.streaming();
    stream.streaming();
    expect(await inFlight()).toBe(1);
    stream.finished({ route: "routes/api.events", method: "GET", status: 200, kind: "resource" }, 60_000);
    page.finished({ route: null, method: "POST", status: 404, kind: "document" }, 5);
    expect(await inFlight()).toBe(0);
    expect(await counted({ route: "routes/api.events", kind: "resource" })).toBe(1);
    // A path no route answers counts as "none", never as its raw path.
    expect(await counted({ route: "none", method: "POST", status: "4xx" })).toBe(1);
  });
});
