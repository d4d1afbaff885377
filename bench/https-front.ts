// The front a member's browser meets in production (a reverse proxy, README's TRUSTED_PROXIES):
// TLS and HTTP/2, passing each request on to the server over HTTP/1.1 with X-Forwarded-Proto and
// X-Forwarded-For. Browsers speak HTTP/2 only over TLS, so a page measured straight from the
// server's plain port loads its ~30 module files six at a time, as no member gets it
// (bench/README.md#lighthouse-for-member-pages).
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request, type IncomingHttpHeaders } from "node:http";
import { createSecureServer, type Http2SecureServer } from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

/** Headers that belong to one connection (RFC 9110, 7.6.1) and HTTP/2's own pseudo-headers: never passed on. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "http2-settings"]);

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":") && !HOP_BY_HOP.has(name)));
}

export interface HttpsFront {
  server: Http2SecureServer;
  /** The certificate's public key hash, for Chromium's `--ignore-certificate-errors-spki-list`: the browser then trusts this certificate alone. */
  spki: string;
}

/** A certificate for `localhost` and `*.localhost`, made for this run with openssl (a day, then thrown away). */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-tls-"));
  try {
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,DNS:*.localhost", "-keyout", key, "-out", cert],
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on `port` (127.0.0.1) with TLS and HTTP/2 (HTTP/1.1 for clients without it) and passes every request to `upstreamPort`. */
export async function startHttpsFront(port: number, upstreamPort: number): Promise<HttpsFront> {
  const { key, cert } = certificate();
  const publicKey = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
  const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
    const headers = passedOn(req.headers);
    headers.host = req.headers[":authority"] ?? req.headers.host;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
    const upstream = request({ host: "127.0.0.1", port: upstreamPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    // A browser that goes away (the member's event stream is never finished by the server).
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { server, spki: createHash("sha256").update(publicKey).digest("base64") };
}
