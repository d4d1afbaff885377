import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../fixtures/database";
import { createMember } from "../fixtures/members";
import { removeTempDirs, send, startServer, tempDir, waitForListening } from "../fixtures/server-process";
import { copyCompanies, copyDemoTenant, demoTenant, demoTenantFile } from "../fixtures/demo-tenants";

afterEach(removeTempDirs);

const request = (port: number, host: string) => send(port, host, "/");
const postForm = (port: number, host: string, path: string, fields: Record<string, string>) => send(port, host, path, { fields });

describe("server start-up", () => {
  it("serves a brand whose file was just added, by its domain", async () => {
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const added = JSON.parse(readFileSync("tenants/herchoice.json", "utf8")) as Record<string, unknown>;
    writeFileSync(
      path.join(dir, "nightowls.json"),
      JSON.stringify({ ...added, id: "nightowls", name: "Night Owls", domains: ["nightowls.example"], pool: "nightowls" }),
    );
    const server = startServer(dir);
    try {
      await waitForListening(server);
      const page = await request(server.port, "www.nightowls.example");
      expect(page.status).toBe(200);
      expect(page.body).toContain("Night Owls");
      expect(page.body).not.toContain("Flirtpunt");

      const unknown = await request(server.port, "unknown.example");
      expect(unknown.status).toBe(404);
      expect(unknown.body).not.toContain("Night Owls");
      expect(unknown.body).toContain("<title>Deze pagina kon niet worden gevonden</title>");

      // Production: the localhost developer names reach nothing.
      const devHost = await request(server.port, "nightowls.localhost");
      expect(devHost.status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(server.output()).toContain("SIGTERM: closing");
  });

  it("stops with one line naming the file and the field when a tenant file is broken", async () => {
    const dir = tempDir("tenants-");
    const tenant = JSON.parse(readFileSync("tenants/fesselnd.json", "utf8")) as { settings: Record<string, unknown> };
    tenant.settings.refund_days = "fourteen";
    writeFileSync(path.join(dir, "fesselnd.json"), JSON.stringify(tenant));
    copyCompanies(dir);
    const server = startServer(dir);
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines.at(-1)).toMatch(/^Tenant file .*fesselnd\.json: field settings\.refund_days: Expected number, received string$/);
  });

  it("stops with one line naming the file and the field when a brand names a company that has no file", async () => {
    const dir = tempDir("tenants-");
    writeFileSync(path.join(dir, "fesselnd.json"), JSON.stringify({ ...demoTenantFile("fesselnd"), company_id: "nobody-gmbh" }));
    copyCompanies(dir);
    const server = startServer(dir);
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split("\n").at(-1)).toMatch(/^Tenant file .*fesselnd\.json: field company_id: no company "nobody-gmbh" \(expected a file companies\/nobody-gmbh\.json beside the tenant files\)$/);
  });

  it("stops when DEFAULT_TENANT names no brand", async () => {
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const server = startServer(dir, { DEFAULT_TENANT: "nobody" });
    expect(await server.exited).toBe(1);
    expect(server.output().trim().split("\n").at(-1)).toBe("DEFAULT_TENANT: no tenant file tenants/nobody.json");
  });

  // Two processes can share only a PostgreSQL database (PGlite belongs to one process).
  it.skipIf(!process.env.DATABASE_URL)("shares the login throttle between two server processes on one database", async () => {
    const database = await createTestDatabase();
    const dir = tempDir("tenants-");
    copyDemoTenant("flirtpunt", dir);
    const tenant = demoTenant("flirtpunt");
    await createMember(database.db, { tenant, email: "twice@example.com", password: "right-password-heron" });
    const servers = [startServer(dir, { DATABASE_URL: database.url! }), startServer(dir, { DATABASE_URL: database.url! })];
    try {
      await Promise.all(servers.map(waitForListening));
      const host = tenant.domains[0]!;
      const blockedText = /Te veel foute pogingen, account voor 1[45] min geblokkeerd\./;
      for (let attempt = 1; attempt <= 5; attempt++) {
        const wrong = await postForm(servers[attempt % 2]!.port, host, "/login", { email: "twice@example.com", password: `wrong-${attempt}`, redirectTo: "/" });
        // The fifth failure, counted across both processes, blocks the account.
        if (attempt < 5) expect(wrong.body).toContain("Login mislukt, probeer opnieuw");
        else expect(wrong.body).toMatch(blockedText);
      }
      // The right password, on either process, now meets the block the other one counted.
      for (const server of servers) {
        const blocked = await postForm(server.port, host, "/login", { email: "twice@example.com", password: "right-password-heron", redirectTo: "/" });
        expect(blocked.status).toBe(400);
        expect(blocked.body).toMatch(blockedText);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.close();
    }
  });
});
