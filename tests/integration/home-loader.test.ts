import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { setDatabaseHandle } from "../../db/database.server";
import { seedDemo } from "../../db/seed/seed.server";
import { loader } from "../../app/routes/_default._index";
import { LocalDiskStorage } from "../../app/services/storage/local-disk.server";
import { TenantRegistry } from "../../app/tenancy/registry";
import { tenantSchema } from "../../app/tenancy/schema";
import { createTestDatabase } from "../fixtures/database";
import { tenantFixture } from "../fixtures/tenant";

const alpha = tenantSchema.parse(tenantFixture({ id: "alpha", domains: ["alpha.example"], niche: 2, countries: ["GB"], domain_language: "en-GB" }));
const beta = tenantSchema.parse(tenantFixture({ id: "beta", domains: ["beta.example"], niche: 7, countries: ["PL"], domain_language: "pl-PL" }));
const betaTwin = tenantSchema.parse(tenantFixture({ id: "betatwin", domains: ["betatwin.example"], pool: "beta" }));

let handle: DatabaseHandle;
let storageDir: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  setDatabaseHandle(handle);
  storageDir = mkdtempSync(path.join(tmpdir(), "storage-"));
  await seedDemo(handle.db, new TenantRegistry([alpha, beta, betaTwin]), new LocalDiskStorage(storageDir, path.join(storageDir, "public-media")), { perPool: 30 });
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await handle.close();
  rmSync(storageDir, { recursive: true, force: true });
});

async function home(tenant: typeof alpha, language: "en" | "pl" | "nl") {
  const page = await loader({ request: new Request(`http://${tenant.domains[0]}/`), context: { tenant, language, country: null, member: null, sessionId: null, host: null, clientIp: null, fromThisMachine: false }, params: {} });
  if (page.kind !== "visitor") throw new Error("a visitor got a member's start page");
  return page;
}

describe("home page loader", () => {
  it("shows the brand's own pool only, in its language and niche", async () => {
    const [a, b] = await Promise.all([home(alpha, "en"), home(beta, "pl")]);
    expect(a.memberCount).toBe(30);
    expect(a.niche).toBe("she");
    expect(b.niche).toBe("gay");
    const aIds = new Set(a.members.map((m) => m.id));
    expect(b.members.some((m) => aIds.has(m.id))).toBe(false);
    expect(a.title).toContain("Test Site");
  });

  it("shows a brand the members of the pool it shares with another brand", async () => {
    const [b, twin] = await Promise.all([home(beta, "pl"), home(betaTwin, "nl")]);
    expect(twin.memberCount).toBe(b.memberCount);
    expect(twin.members.map((m) => m.id)).toEqual(b.members.map((m) => m.id));
  });

  it("marks fictional profiles with the brand's label", async () => {
    const b = await home(beta, "pl");
    expect(b.fictional).toEqual({ label: "Fikcyjny profil" });
  });
});
