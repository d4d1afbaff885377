import { randomBytes } from "node:crypto";
import path from "node:path";
import { LocalDiskStorage } from "~/services/storage/local-disk.server";
import { S3Storage, type S3Config } from "~/services/storage/s3.server";
import type { Storage } from "~/services/storage/storage";
import { ok, problem, reasonOf, type Check, type Finding } from "./check";

/** A key no upload ever has, removed again at once. */
const probeKey = () => `doctor/probe-${randomBytes(8).toString("hex")}.txt`;
const PROBE = Buffer.from("npm run doctor: a probe, removed again\n");

/**
 * What the server does with a file, once, with the real adapter: write it into the private area,
 * read it back, publish a copy into the public area. Answers the step that failed (and then
 * removes what was written); on success the caller removes the file.
 */
async function writeReadPublish(storage: Storage, key: string): Promise<{ failed: string; error: unknown } | null> {
  let step = "write a file into";
  try {
    await storage.put(key, PROBE, "text/plain");
    step = "read the file back from";
    const back = await storage.get(key);
    if (!back?.equals(PROBE)) throw new Error("the file read back differs from the one written");
    step = "copy the file into";
    await storage.publish(key);
    return null;
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    return { failed: step, error };
  }
}

async function checkS3(s3: S3Config, timeoutMs: number): Promise<Finding[]> {
  const storage = new S3Storage(s3, { timeoutMs, retries: 0 });
  const key = probeKey();
  const where = `S3 at ${new URL(s3.endpoint).host}`;
  // Put into the private bucket, copy into the public one: both buckets, with the rights the server uses.
  const failure = await writeReadPublish(storage, key);
  if (failure) {
    const bucket = failure.failed === "copy the file into" ? `the public bucket ${s3.publicBucket}` : `the private bucket ${s3.bucket}`;
    return [problem(`${where}: could not ${failure.failed} ${bucket}: ${reasonOf(failure.error)}; check the bucket names, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE and that the key may put, get, copy and delete in both buckets`)];
  }
  const findings = [ok(`${where}: bucket ${s3.bucket} (private): a probe file written, read and deleted`)];
  // Browsers load the published copies from S3_PUBLIC_URL, which must serve the public bucket.
  const url = storage.publicUrl(key);
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    findings.push(
      response.ok
        ? ok(`${where}: bucket ${s3.publicBucket} (public): a probe copy made, loaded from S3_PUBLIC_URL and deleted`)
        : problem(`${where}: the copy in ${s3.publicBucket} does not load from S3_PUBLIC_URL (${url}: status ${response.status}): the public bucket needs public read access, and S3_PUBLIC_URL must point at it`),
    );
  } catch (error) {
    findings.push(problem(`${where}: the copy in ${s3.publicBucket} does not load from S3_PUBLIC_URL (${url}): ${reasonOf(error)}`));
  } finally {
    await storage.remove(key).catch(() => undefined);
  }
  return findings;
}

async function checkLocal(dataDir: string): Promise<Finding[]> {
  const root = path.resolve(dataDir, "storage");
  const publicRoot = path.resolve(dataDir, "public-media");
  const storage = new LocalDiskStorage(root, publicRoot);
  const key = probeKey();
  let failure = await writeReadPublish(storage, key);
  if (!failure) failure = await storage.remove(key).then(() => null, (error: unknown) => ({ failed: "remove the file from", error }));
  if (failure) return [problem(`local storage: could not ${failure.failed} ${failure.failed === "copy the file into" ? publicRoot : root}: ${reasonOf(failure.error)}; give the server's user write access to DATA_DIR`)];
  return [ok(`local storage: ${root} (private) and ${publicRoot} (public) are writable`)];
}

/** Where uploads go (docs/decisions/045-media-private-and-public-storage-areas.md): both areas reachable and writable. */
export const storageCheck: Check = {
  name: "storage",
  settings: ["S3_", "DATA_DIR"],
  async run(env, options) {
    return env.s3 ? checkS3(env.s3, options.timeoutMs) : checkLocal(env.DATA_DIR);
  },
};
