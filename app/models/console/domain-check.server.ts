import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";

export interface DomainAnswer {
  url: string;
  /** The HTTP status of /healthz, or null when nothing answered in time. */
  status: number | null;
  ms: number;
}

/**
 * Asks a brand's address for /healthz (docs/product/console.md#tenant-check): does the domain reach
 * a server of ours with a working database? A development host (<id>.localhost) is asked on this
 * server's own port with that Host header, since Node does not resolve *.localhost.
 */
export function checkDomain(target: { url: string; connectTo?: { host: string; port: number } }, timeoutMs = 3000): Promise<DomainAnswer> {
  const started = Date.now();
  const url = new URL("/healthz", target.url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const done = (status: number | null) => resolve({ url: target.url, status, ms: Date.now() - started });
    const request = send(
      {
        host: target.connectTo?.host ?? url.hostname,
        port: target.connectTo?.port ?? (url.port || undefined),
        path: url.pathname,
        method: "GET",
        headers: { host: url.host, accept: "application/json" },
        timeout: timeoutMs,
        servername: url.hostname,
      },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? null));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => done(null));
    request.end();
  });
}
