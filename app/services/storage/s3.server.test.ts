import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../../tests/fixtures/s3-server";
import { objectUrl, S3Storage, type S3Config } from "./s3.server";

/** The tests' S3-compatible store: objects by key, every request recorded. */
let s3: S3Server;

beforeAll(async () => {
  s3 = await startS3Server({ bucket: "bucket", publicBucket: "public", accessKeyId: "AKIAEXAMPLE" });
});

afterAll(() => s3.close());

beforeEach(() => s3.reset());

const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

function config(overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint: s3.endpoint,
    bucket: "bucket",
    publicBucket: "public",
    region: "us-east-1",
    accessKeyId: "AKIAEXAMPLE",
    secretAccessKey: SECRET,
    forcePathStyle: true,
    publicUrl: "https://cdn.example.com/media/",
    ...overrides,
  };
}

describe("S3Storage", () => {
  it("puts, finds and removes objects by key", async () => {
    const storage = new S3Storage(config());
    expect(await storage.has("photos/ab/cd.webp")).toBe(false);
    await storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp");
    expect(s3.objects.get("photos/ab/cd.webp")?.data.toString()).toBe("image");
    expect(await storage.has("photos/ab/cd.webp")).toBe(true);
    expect(storage.publicUrl("photos/ab/cd.webp")).toBe("https://cdn.example.com/media/photos/ab/cd.webp");
    await storage.remove("photos/ab/cd.webp");
    expect(await storage.has("photos/ab/cd.webp")).toBe(false);
    // Removing what is already gone is fine; a removal takes the file from both buckets.
    await storage.remove("photos/ab/cd.webp");
    expect(s3.requests.map((request) => `${request.method} ${request.url}`).sort()).toEqual([
      "DELETE /bucket/photos/ab/cd.webp",
      "DELETE /bucket/photos/ab/cd.webp",
      "DELETE /public/photos/ab/cd.webp",
      "DELETE /public/photos/ab/cd.webp",
      "HEAD /bucket/photos/ab/cd.webp",
      "HEAD /bucket/photos/ab/cd.webp",
      "HEAD /bucket/photos/ab/cd.webp",
      "PUT /bucket/photos/ab/cd.webp",
    ]);
  });

  it("gets an object's bytes, and null for a key that is not there", async () => {
    const storage = new S3Storage(config());
    await storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp");
    expect((await storage.get("photos/ab/cd.webp"))?.toString()).toBe("image");
    expect(await storage.get("photos/ab/ef.webp")).toBeNull();
    expect(s3.objects.get("photos/ab/cd.webp")?.contentType).toBe("image/webp");
  });

  it("names the store's refusal of a key it does not know", async () => {
    const storage = new S3Storage(config({ accessKeyId: "AKIAOTHER" }), { retries: 0 });
    await expect(storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp")).rejects.toThrow(/PUT photos\/ab\/cd\.webp failed with status 403 \(InvalidAccessKeyId\)/);
    expect(s3.objects.size).toBe(0);
  });

  it("puts every file into the private bucket only, with private cache headers (review L-3)", async () => {
    const storage = new S3Storage(config());
    await storage.put("chat/ab/cd.webp", Buffer.from("chat photo"), "image/webp");
    expect(s3.objects.get("chat/ab/cd.webp")?.cacheControl).toBe("private, no-store");
    expect(s3.publicObjects.size).toBe(0);
  });

  it("publishes a copy into the public bucket with public cache headers, and takes it away again", async () => {
    const storage = new S3Storage(config());
    await storage.put("photos/ab/cd.webp", Buffer.from("face"), "image/webp");
    await storage.publish("photos/ab/cd.webp");
    const copy = s3.requests.at(-1)!;
    expect(copy.method).toBe("PUT");
    expect(copy.url).toBe("/public/photos/ab/cd.webp");
    // A server-side copy: the bytes do not travel through the app.
    expect(copy.headers["x-amz-copy-source"]).toBe("/bucket/photos/ab/cd.webp");
    expect(copy.body.length).toBe(0);
    expect(copy.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\//);
    expect(s3.publicObjects.get("photos/ab/cd.webp")).toEqual({ data: Buffer.from("face"), contentType: "image/webp", cacheControl: "public, max-age=86400" });
    // The private file stays as it was.
    expect(s3.objects.get("photos/ab/cd.webp")?.cacheControl).toBe("private, no-store");
    expect(storage.publicUrl("photos/ab/cd.webp")).toBe("https://cdn.example.com/media/photos/ab/cd.webp");

    await storage.unpublish("photos/ab/cd.webp");
    expect(s3.publicObjects.has("photos/ab/cd.webp")).toBe(false);
    expect(s3.objects.has("photos/ab/cd.webp")).toBe(true);
  });

  it("names the key when a copy fails", async () => {
    const storage = new S3Storage(config(), { retries: 0 });
    await expect(storage.publish("photos/ab/missing.webp")).rejects.toThrow(/S3 COPY photos\/ab\/missing\.webp failed with status 404 \(NoSuchKey\)/);
  });

  it("sends a signed PUT with the content type to the path-style URL", async () => {
    await new S3Storage(config()).put("photos/ab/cd.webp", Buffer.from("image"), "image/webp");
    const [put] = s3.requests;
    expect(put?.method).toBe("PUT");
    expect(put?.url).toBe("/bucket/photos/ab/cd.webp");
    expect(put?.headers["content-type"]).toBe("image/webp");
    expect(put?.headers["cache-control"]).toBe("private, no-store");
    expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, /);
    // The payload hash is signed, so the store can reject a changed body.
    expect(put?.headers["x-amz-content-sha256"]).toBe("6105d6cc76af400325e94d588ce511be5bfdbb73b437dc51eca43917d7a43e3d");
    expect(put?.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(JSON.stringify(put?.headers)).not.toContain(SECRET);
  });

  it("signs HEAD and DELETE too", async () => {
    const storage = new S3Storage(config());
    await storage.has("photos/ab/cd.webp");
    await storage.remove("photos/ab/cd.webp");
    for (const request of s3.requests) {
      expect(request.url).toMatch(/^\/(bucket|public)\/photos\/ab\/cd\.webp$/);
      expect(request.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\//);
      expect(request.headers["x-amz-content-sha256"]).toBeDefined();
    }
  });

  it("rejects invalid keys without sending anything", async () => {
    const storage = new S3Storage(config());
    await expect(storage.put("../x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.has("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.remove("photos//x.webp")).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.publicUrl("a/../b.webp")).toThrow(/Invalid storage key/);
    expect(s3.requests).toHaveLength(0);
  });

  it("names the status and key of a failed request but never the secret", async () => {
    s3.failWith = 500;
    const storage = new S3Storage(config(), { retries: 1 });
    const error = await storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp").then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/500/);
    expect(message).toContain("photos/ab/cd.webp");
    expect(message).toContain("InternalError");
    expect(message).not.toContain(SECRET);
    // 5xx answers are retried as many times as configured.
    expect(s3.requests).toHaveLength(2);
  });

  it("throws on unexpected HEAD and DELETE answers", async () => {
    s3.failWith = 403;
    const storage = new S3Storage(config());
    await expect(storage.has("photos/ab/cd.webp")).rejects.toThrow(/HEAD photos\/ab\/cd\.webp failed with status 403/);
    await expect(storage.remove("photos/ab/cd.webp")).rejects.toThrow(/DELETE photos\/ab\/cd\.webp failed with status 403/);
  });

  it("names the key and the reason when the store cannot be reached", async () => {
    // A port that was free a moment ago refuses the connection.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const storage = new S3Storage(config({ endpoint: `http://127.0.0.1:${port}` }), { retries: 0 });
    const error = await storage.has("photos/ab/cd.webp").catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/^S3 HEAD photos\/ab\/cd\.webp failed: .*ECONNREFUSED/);
    expect((error as Error).message).not.toContain(SECRET);
  });

  it("gives up after the timeout", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const storage = new S3Storage(config({ endpoint: `http://127.0.0.1:${port}` }), { timeoutMs: 200, retries: 0 });
      await expect(storage.has("photos/ab/cd.webp")).rejects.toThrow(/S3 HEAD photos\/ab\/cd\.webp failed: .*(timeout|aborted)/i);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe("objectUrl", () => {
  const base = { bucket: "media", forcePathStyle: false };

  it("puts the bucket in the host name in virtual-host style", () => {
    expect(objectUrl({ ...base, endpoint: "https://s3.eu-central-1.amazonaws.com" }, "photos/ab/cd.webp")).toBe(
      "https://media.s3.eu-central-1.amazonaws.com/photos/ab/cd.webp",
    );
    expect(objectUrl({ ...base, endpoint: "https://s3.fr-par.scw.cloud/" }, "a.webp")).toBe("https://media.s3.fr-par.scw.cloud/a.webp");
  });

  it("puts the bucket in the path in path style, keeping port and base path", () => {
    expect(objectUrl({ ...base, forcePathStyle: true, endpoint: "http://127.0.0.1:9000" }, "photos/ab/cd.webp")).toBe(
      "http://127.0.0.1:9000/media/photos/ab/cd.webp",
    );
    expect(objectUrl({ ...base, forcePathStyle: true, endpoint: "https://minio.example.com/s3/" }, "a.webp")).toBe(
      "https://minio.example.com/s3/media/a.webp",
    );
  });

  it("refuses invalid keys", () => {
    expect(() => objectUrl({ ...base, endpoint: "https://s3.example.com" }, "../x.webp")).toThrow(/Invalid storage key/);
  });
});
