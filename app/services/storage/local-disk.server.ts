import { randomUUID } from "node:crypto";
import { access, copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type Storage } from "./storage";

/**
 * Files on local disk: every file under `root` (the private area, read only by the server), the
 * published copies under `publicRoot`, which the server serves under `urlPrefix`
 * (server/serve.mjs, docs/decisions/045-media-private-and-public-storage-areas.md).
 */
export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    readonly publicRoot: string,
    private readonly urlPrefix = "/media",
  ) {}

  private pathOf(key: string, root = this.root): string {
    assertStorageKey(key);
    return path.join(root, key);
  }

  /** Local files need no content type: the static file server derives it from the extension. */
  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, file);
  }

  async has(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      await access(file);
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await Promise.all([rm(this.pathOf(key), { force: true }), rm(this.pathOf(key, this.publicRoot), { force: true })]);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async publish(key: string): Promise<void> {
    const target = this.pathOf(key, this.publicRoot);
    await mkdir(path.dirname(target), { recursive: true });
    // Copy then rename, so the file server never sends half a copy.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await copyFile(this.pathOf(key), temporary);
    await rename(temporary, target);
  }

  async unpublish(key: string): Promise<void> {
    await rm(this.pathOf(key, this.publicRoot), { force: true });
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${this.urlPrefix}/${key}`;
  }
}
