import { describe, expect, it } from "vitest";
import { applySecurityHeaders, createNonce, finishHeaders } from "./security-headers.server";

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

describe("finishHeaders", () => {
  it("gives a resource route's answer the basic headers, keeps a member's answers out of caches, and adds HSTS over HTTPS", () => {
    const resource = new Headers({ "Content-Type": "application/json" });
    finishHeaders(resource, { member: true, https: true });
    expect(resource.get("X-Content-Type-Options")).toBe("nosniff");
    expect(resource.get("Cache-Control")).toBe("private, no-store");
    expect(resource.get("Strict-Transport-Security")).toBe("max-age=31536000");

    // A visitor's cacheable answer keeps its own caching; plain HTTP gets no HSTS.
    const visitor = new Headers({ "Cache-Control": "public, max-age=3600" });
    finishHeaders(visitor, { member: false, https: false });
    expect(visitor.get("Cache-Control")).toBe("public, max-age=3600");
    expect(visitor.has("Strict-Transport-Security")).toBe(false);
    const page = new Headers();
    finishHeaders(page, { member: false, https: false });
    expect(page.has("Cache-Control")).toBe(false);
  });

  it("keeps the staff area out of every cache and search engine, whatever a route said", () => {
    const staffPage = new Headers({ "Cache-Control": "public, max-age=3600" });
    finishHeaders(staffPage, { member: false, https: false, staffArea: true });
    expect(staffPage.get("Cache-Control")).toBe("private, no-store");
    expect(staffPage.get("X-Robots-Tag")).toBe("noindex, nofollow");
  });
});
