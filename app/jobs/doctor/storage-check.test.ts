import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { startS3Server, type S3Server } from "../../../tests/fixtures/s3-server";
import { storageCheck } from "./storage-check";

const OPTIONS = { timeoutMs: 5000, paymentMode: "test" as const };

describe("the storage check on S3", () => {
  let s3: S3Server;
  let privateOnly: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: "media", publicBucket: "media-public", accessKeyId: "AKIADOCTOR", publicRead: true });
    privateOnly = await startS3Server({ bucket: "media", publicBucket: "media-public", accessKeyId: "AKIADOCTOR" });
  });
  beforeEach(() => s3.reset());
  afterAll(async () => {
    await s3?.close();
    await privateOnly?.close();
  });
  const settings = (server: S3Server, extra: Record<string, string> = {}) =>
    parseEnv({
      NODE_ENV: "development",
      LOCAL_SERVICES: "1",
      S3_ENDPOINT: server.endpoint,
      S3_BUCKET: "media",
      S3_PUBLIC_BUCKET: "media-public",
      S3_ACCESS_KEY_ID: "AKIADOCTOR",
      S3_SECRET_ACCESS_KEY: "doctor-secret",
      S3_FORCE_PATH_STYLE: "1",
      S3_PUBLIC_URL: server.publicUrl,
      ...extra,
    });

  it("writes, reads, publishes and deletes a probe in both buckets, and loads the copy from S3_PUBLIC_URL", async () => {
    const findings = await storageCheck.run(settings(s3), OPTIONS);
    expect(findings.map((finding) => finding.status)).toEqual(["ok", "ok"]);
    expect(findings[1]!.text).toMatch(/bucket media-public \(public\): a probe copy made, loaded from S3_PUBLIC_URL/);
    const methods = s3.requests.map((request) => `${request.method} ${request.url.split("/")[1]}`);
    expect(methods).toEqual(expect.arrayContaining(["PUT media", "GET media", "PUT media-public", "DELETE media", "DELETE media-public"]));
    // Nothing is left behind.
    expect(s3.objects.size + s3.publicObjects.size).toBe(0);
  });

  it("says which bucket refused, for a key the store does not know or a missing bucket", async () => {
    const [refused] = await storageCheck.run(settings(s3, { S3_ACCESS_KEY_ID: "AKIAOTHER" }), OPTIONS);
    expect(refused).toMatchObject({ status: "problem", text: expect.stringMatching(/could not write a file into the private bucket media: .*403/) });
    const [missing] = await storageCheck.run(settings(s3, { S3_PUBLIC_BUCKET: "faces" }), OPTIONS);
    expect(missing).toMatchObject({ status: "problem", text: expect.stringMatching(/could not copy the file into the public bucket faces/) });
  });

  it("says when the public copies do not load from S3_PUBLIC_URL", async () => {
    const findings = await storageCheck.run(settings(privateOnly), OPTIONS);
    expect(findings.map((finding) => finding.status)).toEqual(["ok", "problem"]);
    expect(findings[1]!.text).toMatch(/does not load from S3_PUBLIC_URL .*status 403/);
  });
});

describe("the storage check on local disk", () => {
  it("says when DATA_DIR cannot be written", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "doctor-storage-"));
    try {
      const ok = await storageCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", DATA_DIR: dataDir }), OPTIONS);
      expect(ok).toEqual([{ status: "ok", text: expect.stringMatching(/storage \(private\) and .*public-media \(public\) are writable$/) }]);
      // A file where the folder should be: no user, root included, can write into it.
      rmSync(path.join(dataDir, "storage"), { recursive: true });
      writeFileSync(path.join(dataDir, "storage"), "");
      const [refused] = await storageCheck.run(parseEnv({ NODE_ENV: "development", LOCAL_SERVICES: "1", DATA_DIR: dataDir }), OPTIONS);
      expect(refused).toMatchObject({ status: "problem", text: expect.stringMatching(/could not write a file into .*storage: .*ENOTDIR/) });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
