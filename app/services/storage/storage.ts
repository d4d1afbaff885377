/**
 * Where uploaded and generated files live. Keys are relative paths like `photos/ab/cd.webp`.
 *
 * Two areas (docs/decisions/045-media-private-and-public-storage-areas.md): the private area holds
 * every file and is read only by the server (`get`, and the signed links of /private-media); the
 * public area holds copies of the files anyone may load without a link — a member's face — and
 * is what `publicUrl` points into.
 */
export interface Storage {
  /** Writes a file into the private area. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Whether the private area holds the file. */
  has(key: string): Promise<boolean>;
  /** The file's bytes from the private area, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file from both areas (nothing happens for a key that is not there). */
  remove(key: string): Promise<void>;
  /** Copies a private file into the public area (again, when it is there already). */
  publish(key: string): Promise<void>;
  /** Takes the public copy away; the private file stays. */
  unpublish(key: string): Promise<void>;
  /** The URL a browser loads the file's public copy from: only for published files. */
  publicUrl(key: string): string;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("//") || key.includes("..")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", zip: "application/zip", json: "application/json" };

/** The content type of a stored file by its extension (a published copy is sent with it). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
