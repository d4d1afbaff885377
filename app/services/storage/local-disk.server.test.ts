import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./local-disk.server";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "storage-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function diskStorage() {
  return new LocalDiskStorage(path.join(root, "private"), path.join(root, "public"));
}

describe("LocalDiskStorage", () => {
  it("stores, finds and removes files by key, leaving no temporary files", async () => {
    const storage = diskStorage();
    await storage.put("photos/ab/cd.webp", Buffer.from("image"), "image/webp");
    expect(await storage.has("photos/ab/cd.webp")).toBe(true);
    expect(readdirSync(path.join(root, "private/photos/ab"))).toEqual(["cd.webp"]);
    expect(storage.publicUrl("photos/ab/cd.webp")).toBe("/media/photos/ab/cd.webp");
    await storage.remove("photos/ab/cd.webp");
    expect(await storage.has("photos/ab/cd.webp")).toBe(false);
  });

  it("keeps a file private until it is published, and removes both copies (review L-3)", async () => {
    const storage = diskStorage();
    await storage.put("photos/ab/cd.webp", Buffer.from("face"), "image/webp");
    expect(existsSync(path.join(root, "public/photos/ab/cd.webp"))).toBe(false);
    await storage.publish("photos/ab/cd.webp");
    await storage.publish("photos/ab/cd.webp");
    expect(readFileSync(path.join(root, "public/photos/ab/cd.webp"), "utf8")).toBe("face");
    expect(readdirSync(path.join(root, "public/photos/ab"))).toEqual(["cd.webp"]);
    await storage.unpublish("photos/ab/cd.webp");
    expect(existsSync(path.join(root, "public/photos/ab/cd.webp"))).toBe(false);
    expect(await storage.has("photos/ab/cd.webp")).toBe(true);
    await storage.publish("photos/ab/cd.webp");
    await storage.remove("photos/ab/cd.webp");
    expect(existsSync(path.join(root, "public/photos/ab/cd.webp"))).toBe(false);
    expect(await storage.has("photos/ab/cd.webp")).toBe(false);
  });

  it("refuses keys that could leave its directory", async () => {
    const storage = diskStorage();
    await expect(storage.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.has("/etc/passwd")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.publish("../escape.webp")).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.publicUrl("a//b.webp")).toThrow(/Invalid storage key/);
  });
});
