import { randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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
    await rm(this.pathOf(key), { force: true });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertStorageKey(key);
    return `${this.urlPrefix}/${key}`;
  }
}
