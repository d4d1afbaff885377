import { describe, expect, it } from "vitest";
import { bearerMatches } from "./metrics-endpoint.server";

describe("the metrics token", () => {
  const token = "a-metrics-token-of-some-length";
  it("is accepted only as the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    for (const header of [undefined, "", token, `bearer ${token}`, `Bearer ${token} `, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, "Bearer ", `Basic ${token}`]) {
      expect(bearerMatches(header, token), String(header)).toBe(false);
    }
  });
});
