import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint } from "./web-push.server";

describe("push endpoints", () => {
  it("accepts the browsers' push services over HTTPS", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
      "https://web.push.apple.com/QGx1",
      "https://wns2-par02p.notify.windows.com/w/?token=BQY",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
    }
  });

  it("refuses any other address, plain HTTP, odd ports and look-alikes", () => {
    for (const endpoint of [
      "https://evil.example/push",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilpush.services.mozilla.com.example/x",
      "https://169.254.169.254/latest/meta-data",
      "not a url",
    ]) {
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
    }
  });

  it("accepts the hosts PUSH_ENDPOINT_HOSTS adds, on HTTP too", () => {
    expect(isAllowedPushEndpoint("http://127.0.0.1:4000/push/1", ["127.0.0.1"])).toBe(true);
    expect(isAllowedPushEndpoint("https://push.internal.example/x", ["push.internal.example"])).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:4000/push/1", [])).toBe(false);
  });
});
