import { afterEach, describe, expect, it } from "vitest";
import { mailQueue } from "../../db/schema/index";
import { createTestDatabase } from "../fixtures/database";
import { removeTempDirs, send, startServer, tempDir, waitForListening } from "../fixtures/server-process";
import { copyDemoTenant, demoTenant } from "../fixtures/demo-tenants";

afterEach(removeTempDirs);

const TOKEN = "metrics-test-token-0123456789";

/** A sample's value in the text format, or undefined. */
function value(text: string, sample: string): number | undefined {
  const line = text.split("\n").find((row) => row.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

// Several processes can share only a PostgreSQL database (PGlite belongs to one process).
describe.skipIf(!process.env.DATABASE_URL)("/metrics of several server processes (docs/operations.md#metrics)", () => {
  it("answers the sum over the processes, whichever one is asked, and the database's figures once", async () => {
    const database = await createTestDatabase();
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const host = demoTenant("flirtpunt").domains[0]!;
    const mail = { from: "a@b.nl", to: "c@d.nl", subject: "s", html: "h", text: "t" };
    await database.db.insert(mailQueue).values([1, 2, 3].map(() => ({ siteId: "flirtpunt", mail, nextAttemptAt: new Date() })));
    const primary = startServer(dir, { DATABASE_URL: database.url!, WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN });
    try {
      await waitForListening(primary);
      // New connections are handed to the processes in turn: the requests are spread over both.
      const asked = 10;
      for (let i = 0; i < asked; i++) expect((await send(primary.port, host, "/login", { headers: { connection: "close" } })).status).toBe(200);

      const scrapes = [];
      for (let i = 0; i < 2; i++) {
        const reply = await send(primary.port, host, "/metrics", { headers: { authorization: `Bearer ${TOKEN}`, connection: "close" } });
        expect(reply.status).toBe(200);
        scrapes.push(reply.body);
      }
      for (const text of scrapes) {
        expect(value(text, 'dating_http_requests_total{route="routes/_default.login",method="GET",status="2xx",kind="document"}')).toBe(asked);
        // Each process has a pool of ten connections and listens on the database.
        expect(value(text, "dating_db_pool_size")).toBe(20);
        expect(value(text, "dating_realtime_listen_up")).toBe(2);
        expect(value(text, "dating_db_up")).toBe(1);
        // Read from the database by both: the highest, not the sum.
        expect(value(text, 'dating_queue_depth{queue="mail"}')).toBe(3);
      }
      // Without the token, through either process: the site's 404.
      for (let i = 0; i < 2; i++) expect((await send(primary.port, host, "/metrics", { headers: { connection: "close" } })).status).toBe(404);
    } finally {
      await primary.stop();
      await database.close();
    }
  }, 120_000);
});
