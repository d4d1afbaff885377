// Published files under /media (the public area of the local disk storage, DATA_DIR/public-media:
// members' faces, docs/decisions/045-media-private-and-public-storage-areas.md). Only keys in the shape
// storage writes them (app/services/storage/storage.ts) are looked up, checked as the file system
// will see them: `/media//chat/…`, `/media/%63hat/…` or `/media/./chat/…` would otherwise reach
// a private file past a check of the raw path, as express.static decodes and normalises it
// (review L-3).
import express from "express";

/** The folders whose files only their signed links serve (/private-media/…, app/services/storage/signed-media.server.ts). */
const PRIVATE_FOLDERS = new Set(["chat"]);
/** A storage key: lower-case letters, digits, `/`, `_`, `-`, one extension; no dot segment, no `%`. */
const KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** The key a request under /media asks for, or null when no stored public file can have that name. */
export function publicMediaKey(path) {
  const key = path.slice(1);
  if (!path.startsWith("/") || !KEY.test(key) || key.includes("//")) return null;
  return PRIVATE_FOLDERS.has(key.slice(0, key.indexOf("/"))) ? null : key;
}

/** The /media handler: public stored files with the options of express.static, 404 for the rest. */
export function mediaFiles(root, options) {
  const files = express.static(root, { ...options, index: false, fallthrough: false });
  return (req, res, next) => {
    if (publicMediaKey(req.path) === null) return res.status(404).set("Cache-Control", "no-store").end();
    return files(req, res, next);
  };
}
