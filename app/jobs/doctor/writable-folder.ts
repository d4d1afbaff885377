import { randomBytes } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Null when a file can be written into the folder (made if missing), read back and removed;
 * otherwise what went wrong, in words.
 */
export async function writableFolder(folder: string): Promise<string | null> {
  const probe = path.join(folder, `.doctor-probe-${randomBytes(6).toString("hex")}`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, "probe");
    if ((await readFile(probe, "utf8")) !== "probe") return `${folder} did not give back what was written to it`;
    return null;
  } catch (error) {
    return `${folder} is not writable: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; give the server's user write access`;
  } finally {
    await rm(probe, { force: true }).catch(() => undefined);
  }
}
