import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Headers every HTML and data response carries. With a nonce (HTML documents) the content
 * security policy allows only our own scripts and styles and those carrying the nonce; images
 * also from `imageOrigins` (the object storage's public URL, when photos live there). `tagOrigins`
 * are the hosts of the brand's third-party tags (docs/product/site.md#consent-and-tags): their
 * scripts, calls and pixels are admitted on that brand only, and load only after consent.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string, imageOrigins: readonly string[] = [], tagOrigins: readonly string[] = []): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (nonce) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        [`script-src 'self' 'nonce-${nonce}'`, ...tagOrigins].join(" "),
        `style-src 'self' 'nonce-${nonce}'`,
        ["img-src 'self' data: blob:", ...imageOrigins, ...tagOrigins].join(" "),
        ["connect-src 'self'", ...tagOrigins].join(" "),
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  }
}

/** A year: browsers then reach the site over HTTPS only, also when a link says http. */
const HSTS = "max-age=31536000";

/**
 * What every answer of the app gets on its way out (docs/product/safety.md#headers), whatever
 * route made it: the basic security headers where a route set none (resource routes), no caching
 * of anything a member sees (pages, data and script calls answered for a session), and HSTS when
 * the visitor came over HTTPS.
 */
export function finishHeaders(headers: Headers, request: { member: boolean; https: boolean; staffArea?: boolean }): void {
  if (!headers.has("X-Content-Type-Options")) applySecurityHeaders(headers);
  // The staff area is never kept by any cache nor listed by any search engine, logged in or not.
  if (request.staffArea) {
    headers.set("Cache-Control", "private, no-store");
    headers.set("X-Robots-Tag", "noindex, nofollow");
  }
  if (request.member && !headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (request.https) headers.set("Strict-Transport-Security", HSTS);
}
