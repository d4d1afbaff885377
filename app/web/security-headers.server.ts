import { randomBytes } from "node:crypto";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Headers every HTML and data response carries. With a nonce (HTML documents) the content
 * security policy allows only our own scripts and styles and those carrying the nonce; images
 * also from `imageOrigins` (the object storage's public URL, when photos live there).
 */
export function applySecurityHeaders(headers: Headers, nonce?: string, imageOrigins: readonly string[] = []): void {
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
        `script-src 'self' 'nonce-${nonce}'`,
        `style-src 'self' 'nonce-${nonce}'`,
        ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  }
}
