import path from "node:path";
import { env } from "~/env.server";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";
import type { Storage } from "./storage";

let instance: Storage | undefined;

/**
 * S3-compatible object storage when S3_BUCKET is set (every file in S3_BUCKET, the published
 * copies in S3_PUBLIC_BUCKET, loaded from S3_PUBLIC_URL); otherwise the local disk: every file
 * under DATA_DIR/storage, the published copies under DATA_DIR/public-media, which the server
 * serves under /media.
 */
export function storage(): Storage {
  if (!instance) {
    const s3 = env().s3;
    instance = s3 ? new S3Storage(s3) : new LocalDiskStorage(localStorageRoot(), localPublicRoot());
  }
  return instance;
}

export function localStorageRoot(): string {
  return path.resolve(env().DATA_DIR, "storage");
}

/** The published copies on local disk (server/serve.mjs serves this folder under /media). */
export function localPublicRoot(): string {
  return path.resolve(env().DATA_DIR, "public-media");
}
