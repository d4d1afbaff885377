import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { logIn, openEventStream, removeTempDirs, send, startServer, tempDir, waitForListening } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

afterEach(removeTempDirs);

// Two processes can share only a PostgreSQL database (PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)("chat across server processes", () => {
  it("delivers a message sent through one process to the member's stream on the other, and replays it after a reconnect", async () => {
    const database = await createTestDatabase();
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const tenant = demoTenant("flirtpunt");
    const [, { id: bas }] = await Promise.all([
      createMember(database.db, { tenant, email: "anna@example.com", password: "anna-password-kite", name: "Anna", credits: 100, paidUser: true }),
      createMember(database.db, { tenant, email: "bas@example.com", password: "bas-password-kite", name: "Bas" }),
    ]);
    // The second listens through a connection of its own, as behind a pooler (docs/scaling.md#pooler).
    const direct = new URL(database.url!);
    direct.searchParams.set("application_name", "direct");
    const servers = [startServer(dir, { DATABASE_URL: database.url! }), startServer(dir, { DATABASE_URL: database.url!, DATABASE_DIRECT_URL: direct.toString() })];
    const host = tenant.domains[0]!;
    try {
      await Promise.all(servers.map(waitForListening));
      const [first, second] = servers.map((server) => server.port) as [number, number];
      const [annaCookie, basCookie] = await Promise.all([
        logIn(first, host, "anna@example.com", "anna-password-kite"),
        logIn(second, host, "bas@example.com", "bas-password-kite"),
      ]);

      // Bas listens on the second process; Anna writes through the first.
      const stream = openEventStream(second, host, basCookie);
      expect(await stream.ready).toBe(200);
      await stream.waitFor(/retry: 5000/);
      const sent = await send(first, host, `/members/${bas}/chat`, { cookie: annaCookie, fields: { intent: "text", body: "Geheime inhoud" } });
      expect(sent.status).toBe(302);
      const conversation = Number(/\/chats\/(\d+)/.exec(sent.headers.location ?? "")?.[1]);
      const delivered = await stream.waitFor(/id: (\d+)\nevent: message\ndata: (\{.*\})\n\n/);
      expect(JSON.parse(delivered[2]!)).toEqual({ conversation, message: expect.any(Number) as number });
      // Ids only: the text itself never travels through the stream.
      expect(stream.text).not.toContain("Geheime inhoud");
      stream.close();

      // Away for a while: a reconnect with the last id gets what it missed, from either process.
      const missed = await send(first, host, `/chats/${conversation}`, { cookie: annaCookie, fields: { intent: "text", body: "Nog een" } });
      // Posted as a page (no script): sent, then a fresh page, so a reload does not send it again.
      expect([missed.status, missed.headers.location]).toEqual([302, `/chats/${conversation}`]);
      const again = openEventStream(first, host, basCookie, `/api/events?since=${delivered[1]}`);
      expect(await again.ready).toBe(200);
      const replayed = await again.waitFor(/id: (\d+)\nevent: message\n/);
      expect(Number(replayed[1])).toBeGreaterThan(Number(delivered[1]));
      again.close();

      // No session, no stream.
      expect((await send(second, host, "/api/events")).status).toBe(403);

      // The second process stops: its stream ends, telling the browser when to come back (to the
      // first), spread by the number of streams the process held (here one: within 5 ms).
      const held = openEventStream(second, host, basCookie);
      expect(await held.ready).toBe(200);
      await held.waitFor(/retry: 5000\n\n/);
      // Not waited for here: the stream ends at once, the process a few seconds later (finally).
      void servers[1]!.stop();
      await held.end;
      expect(held.text).toMatch(/retry: 500[0-4]\n\n$/);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.close();
    }
  });
});
