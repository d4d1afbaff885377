import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./local-disk.server";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "storage-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("LocalDiskStorage", () => {
  it("stores, finds and removes files by key, leaving no temporary files", async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp");
    expect(await storage.has("photos/ab/cd.webp")).toBe(true);
    expect(readdirSync(path.join(root, "photos/ab"))).toEqual(["cd.webp"]);
    expect(storage.publicUrl("photos/ab/cd.webp")).toBe("/media/photos/ab/cd.webp");
    await storage.remove("photos/ab/cd.webp");
    expect(await storage.has("photos/ab/cd.webp")).toBe(false);
  });

  it("refuses keys that could leave its directory", async () => {
    const storage = new LocalDiskStorage(root);
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.has("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.publicUrl("a//b.webp")).toThrow(/Invalid storage key/);
  });
});
