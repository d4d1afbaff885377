import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_DATA_DIR_VARIABLE } from "../fixtures/database-template";
import { removeTempDirs, send, startServer, tempDir, waitForListening } from "../fixtures/server-process";

// Files on the local disk as the built server serves them under /media (review L-3).
const HOST = "www.flirtpunt.nl";
const CHAT = "chat/ab/abcdef0123456789.webp";
const PUBLIC = "photos/ab/abcdef0123456789.webp";
const LOCKED = "photos/cd/abcdef0123456789.webp";

describe("stored files under /media", () => {
  let server: ReturnType<typeof startServer>;
  beforeAll(async () => {
    const dataDir = tempDir("media-");
    const migrated = process.env[SERVER_DATA_DIR_VARIABLE];
    if (migrated) cpSync(migrated, path.join(dataDir, "pglite"), { recursive: true });
    // Every file is in the private area; only the face is published (review L-3).
    for (const [area, key, text] of [["storage", CHAT, "private chat photo"], ["storage", PUBLIC, "public profile photo"], ["storage", LOCKED, "locked profile photo"], ["public-media", PUBLIC, "public profile photo"]] as const) {
      mkdirSync(path.dirname(path.join(dataDir, area, key)), { recursive: true });
      writeFileSync(path.join(dataDir, area, key), text);
    }
    server = startServer("tenants", { DATA_DIR: dataDir });
    await waitForListening(server);
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  it("serves a published file, cached for a day", async () => {
    const reply = await send(server.port, HOST, `/media/${PUBLIC}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toBe("public profile photo");
    expect(reply.headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("never serves a file of the private area, such as a locked profile photo (review L-3 b)", async () => {
    const reply = await send(server.port, HOST, `/media/${LOCKED}`);
    expect(reply.status).toBe(404);
    expect(reply.body).not.toContain("locked profile photo");
  });

  it("never serves a chat photo without its signed link, however the path is spelled", async () => {
    const spellings = [
      `/media/${CHAT}`,
      `/media//${CHAT}`,
      `/media///${CHAT}`,
      `/media/%63hat/${CHAT.slice(5)}`,
      `/media/./${CHAT}`,
      `/media/photos/../${CHAT}`,
      `/media/photos/%2e%2e/${CHAT}`,
      `/media/%2F${CHAT}`,
      `/media/Chat/${CHAT.slice(5)}`,
    ];
    for (const spelling of spellings) {
      const reply = await send(server.port, HOST, spelling);
      expect(reply.status, spelling).toBe(404);
      expect(reply.body, spelling).not.toContain("private chat photo");
      expect(reply.headers["cache-control"] ?? "", spelling).not.toContain("max-age=31536000");
    }
  });
});
