import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeTempDirs, send, startServer, waitForListening } from "../fixtures/server-process";

// The browser build goes out compressed at build time (docs/decisions/039-precompressed-build.md).
const HOST = "www.flirtpunt.nl";

interface Raw {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is kept as bytes (the test's `send` reads text). */
function fetchBytes(port: number, url: string, acceptEncoding: string | null): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: HOST };
    if (acceptEncoding !== null) headers["accept-encoding"] = acceptEncoding;
    request({ host: "127.0.0.1", port, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

describe("the browser build as the server sends it", () => {
  let server: ReturnType<typeof startServer>;
  let assets: string[];
  beforeAll(async () => {
    server = startServer("tenants");
    await waitForListening(server);
    const home = await send(server.port, HOST, "/");
    // The page's stylesheet and its scripts: what a browser fetches first.
    assets = [...new Set([...home.body.matchAll(/(?:href|src)="(\/build\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!))];
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  const onDisk = (url: string) => readFileSync(path.join("public", url));

  it("is Brotli to a browser that takes it, the file's own bytes once decoded", async () => {
    expect(assets.some((url) => url.endsWith(".css"))).toBe(true);
    expect(assets.filter((url) => url.endsWith(".js")).length).toBeGreaterThan(3);
    for (const url of assets) {
      const answer = await fetchBytes(server.port, url, "gzip, deflate, br, zstd");
      const file = onDisk(url);
      // A file that Brotli makes no smaller has no copy (server/precompress.mjs) and goes as it is.
      if (!existsSync(path.join("public", `${url}.br`))) {
        expect(brotliCompressSync(file, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length, url).toBeGreaterThanOrEqual(file.length);
        expect(answer.headers["content-encoding"], url).toBeUndefined();
        expect(answer.body.equals(file), url).toBe(true);
        continue;
      }
      expect(answer.headers["content-encoding"], url).toBe("br");
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
      expect(answer.headers["content-type"], url).toMatch(url.endsWith(".css") ? /^text\/css/ : /^application\/javascript/);
      expect(answer.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["x-content-type-options"], url).toBe("nosniff");
      // The copy made at build time, with its length: nothing was compressed for this request.
      expect(answer.body.equals(onDisk(`${url}.br`)), url).toBe(true);
      expect(answer.headers["content-length"], url).toBe(String(answer.body.length));
      expect(brotliDecompressSync(answer.body).equals(file), url).toBe(true);
      expect(answer.body.length, url).toBeLessThan(file.length);
    }
  });

  it("is gzip to a client that takes only gzip, and the file itself to one that takes neither", async () => {
    const url = assets.find((asset) => asset.endsWith(".js") && onDisk(asset).length > 1024)!;
    const gzip = await fetchBytes(server.port, url, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(onDisk(`${url}.gz`))).toBe(true);
    expect(gunzipSync(gzip.body).equals(onDisk(url))).toBe(true);
    for (const accept of [null, "identity"]) {
      const plain = await fetchBytes(server.port, url, accept);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(onDisk(url))).toBe(true);
    }
  });
});
