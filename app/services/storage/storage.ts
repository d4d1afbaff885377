/** Where uploaded and generated files live. Keys are relative paths like `photos/ab/cd.webp`. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  has(key: string): Promise<boolean>;
  /** The file's bytes, or null when there is none (a member's data export reads their photos). */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.includes("//") || key.includes("..")) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
