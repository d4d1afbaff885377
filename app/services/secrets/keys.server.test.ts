import { describe, expect, it } from "vitest";
import { purposeKeys, signingKey } from "./keys.server";

describe("keys per purpose (review I-3)", () => {
  it("derives a different key for each purpose from the same secret", () => {
    const purposes = ["session-cookie", "unsubscribe-link", "sms-code", "photo-url"] as const;
    const keys = purposes.map((purpose) => signingKey(purpose));
    expect(new Set(keys).size).toBe(purposes.length);
    for (const key of keys) expect(Buffer.from(key, "base64url")).toHaveLength(32);
  });

  it("gives the same key every time, newest secret first", () => {
    expect(purposeKeys("sms-code")[0]).toBe(signingKey("sms-code"));
    expect(signingKey("sms-code")).toBe(signingKey("sms-code"));
  });
});
