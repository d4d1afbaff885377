import { describe, expect, it } from "vitest";
import { isPrivateMediaKey, signedMediaUrl, verifyMediaLink } from "./signed-media.server";

function parts(url: string) {
  const parsed = new URL(url, "https://site.example");
  return { key: parsed.pathname.replace(/^\/private-media\//, ""), e: parsed.searchParams.get("e"), s: parsed.searchParams.get("s") };
}

describe("signed links to private photos (review L-3)", () => {
  const now = new Date("2026-11-25T10:20:00Z");

  it("work for their own file until the end of the next full hour, and stay the same within the hour", () => {
    const url = signedMediaUrl("chat/ab/photo.webp", now);
    expect(url).toBe(signedMediaUrl("chat/ab/photo.webp", new Date("2026-11-25T10:59:00Z")));
    const { key, e, s } = parts(url);
    expect(key).toBe("chat/ab/photo.webp");
    expect(verifyMediaLink(key, e, s, now)).toBe(100 * 60);
    expect(verifyMediaLink(key, e, s, new Date("2026-11-25T12:00:01Z"))).toBeNull();
  });

  it("do not work for another file, a changed expiry or a changed signature", () => {
    const { key, e, s } = parts(signedMediaUrl("chat/ab/photo.webp", now));
    expect(verifyMediaLink("chat/ab/other.webp", e, s, now)).toBeNull();
    expect(verifyMediaLink(key, String(Number(e) + 3600), s, now)).toBeNull();
    // A different first character: the last one of base64url carries only some bits, and may already be "A".
    expect(verifyMediaLink(key, e, `${s!.startsWith("A") ? "B" : "A"}${s!.slice(1)}`, now)).toBeNull();
    expect(verifyMediaLink(key, e, null, now)).toBeNull();
  });

  it("are made only for the files /private-media serves: every kind of photo the site keeps, demo members' too", () => {
    for (const key of ["chat/ab/abcdef-thumb.webp", "photos/ab/abcdef.webp", "seed/flirtpunt-9-1-thumb.webp", "seed/bulk-3.webp"]) {
      expect(isPrivateMediaKey(key), key).toBe(true);
      const link = parts(signedMediaUrl(key, now));
      expect(link.key).toBe(key);
      expect(verifyMediaLink(link.key, link.e, link.s, now)).not.toBeNull();
    }
    for (const key of ["exports/ab/data.zip", "photos/ab/photo.jpg", "photos/../secret.key", "photos//ab.webp", "tenants/flirtpunt.webp"]) expect(isPrivateMediaKey(key), key).toBe(false);
    expect(() => signedMediaUrl("exports/ab/data.zip", now)).toThrow();
  });
});
