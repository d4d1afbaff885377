import path from "node:path";
import { env } from "~/env.server";
import { LocalDiskStorage } from "./local-disk.server";
import { S3Storage } from "./s3.server";
import type { Storage } from "./storage";

let instance: Storage | undefined;

/**
 * S3-compatible object storage when S3_BUCKET is set (files load from S3_PUBLIC_URL);
 * otherwise the local disk under DATA_DIR/storage, served by the server under /media.
 */
export function storage(): Storage {
  if (!instance) {
    const s3 = env().s3;
    instance = s3 ? new S3Storage(s3) : new LocalDiskStorage(localStorageRoot());
  }
  return instance;
}

export function localStorageRoot(): string {
  return path.resolve(env().DATA_DIR, "storage");
}
