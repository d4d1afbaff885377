import { describe, expect, it } from "vitest";
import { applySecurityHeaders, createNonce } from "./security-headers.server";

describe("applySecurityHeaders", () => {
  it("allows only our own scripts and those carrying this response's nonce", () => {
    const nonce = createNonce();
    const headers = new Headers();
    applySecurityHeaders(headers, nonce);
    const policy = headers.get("Content-Security-Policy")!;
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("allows images from the object storage's origin only when one is given", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, createNonce(), ["https://cdn.example.com"]);
    expect(headers.get("Content-Security-Policy")).toContain("img-src 'self' data: blob: https://cdn.example.com;");
    const plain = new Headers();
    applySecurityHeaders(plain, createNonce());
    expect(plain.get("Content-Security-Policy")).toContain("img-src 'self' data: blob:;");
  });

  it("makes a new nonce every time", () => {
    expect(createNonce()).not.toBe(createNonce());
  });

  it("sends no policy on data responses, which run no scripts", () => {
    const headers = new Headers();
    applySecurityHeaders(headers);
    expect(headers.has("Content-Security-Policy")).toBe(false);
    expect(headers.get("X-Frame-Options")).toBe("DENY");
  });
});
