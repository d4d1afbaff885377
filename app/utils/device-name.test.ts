import { describe, expect, it } from "vitest";
import { deviceName } from "./device-name";

describe("deviceName", () => {
  it("names common browsers and systems", () => {
    expect(deviceName("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toEqual({ browser: "Firefox", system: "Windows" });
    expect(deviceName("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")).toEqual({ browser: "Safari", system: "iOS" });
    expect(deviceName("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36")).toEqual({ browser: "Chrome", system: "Android" });
    expect(deviceName("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0")).toEqual({ browser: "Edge", system: "macOS" });
  });

  it("says nothing it does not know", () => {
    expect(deviceName(null)).toEqual({ browser: null, system: null });
    expect(deviceName("curl/8.5.0")).toEqual({ browser: null, system: null });
  });
});
