import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { vapidProblem } from "./push-check";

describe("VAPID keys", () => {
  const pair = webpush.generateVAPIDKeys();
  const other = webpush.generateVAPIDKeys();

  it("accept a pair made together", () => {
    expect(vapidProblem(pair.publicKey, pair.privateKey)).toBeNull();
  });

  it("refuse a public key of another pair", () => {
    expect(vapidProblem(other.publicKey, pair.privateKey)).toMatch(/^VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY/);
  });

  it("refuse keys that are not P-256 keys in base64url", () => {
    expect(vapidProblem("not-a-key", pair.privateKey)).toMatch(/^VAPID_PUBLIC_KEY is not a P-256 public key/);
    expect(vapidProblem(pair.publicKey.replace(/^./, "+"), pair.privateKey)).toMatch(/^VAPID_PUBLIC_KEY is not/);
    expect(vapidProblem(pair.publicKey, pair.privateKey.slice(0, 20))).toMatch(/^VAPID_PRIVATE_KEY is not a P-256 private key/);
    // 32 bytes, but not a scalar below the curve's order.
    expect(vapidProblem(pair.publicKey, Buffer.alloc(32, 0xff).toString("base64url"))).toMatch(/^VAPID_PRIVATE_KEY is not a valid P-256 private key/);
  });
});
