import path from "node:path";
import { env } from "~/env.server";
import { LocalDiskStorage } from "./local-disk.server";
import type { Storage } from "./storage";

let instance: Storage | undefined;

/** Local disk under DATA_DIR/storage; object storage arrives with the photo-upload work. */
export function storage(): Storage {
  instance ??= new LocalDiskStorage(localStorageRoot());
  return instance;
}

export function localStorageRoot(): string {
  return path.resolve(env().DATA_DIR, "storage");
}
