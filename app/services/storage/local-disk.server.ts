import { access, mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type Storage } from "./storage";

/** Files on local disk, served by the server under `urlPrefix` with long cache headers. */
export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly urlPrefix = "/media",
  ) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename would be atomic, but keys are never rewritten with other content.
    await writeFile(file, data);
  }

  async has(key: string): Promise<boolean> {
    try {
      await access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${this.urlPrefix}/${key}`;
  }
}
