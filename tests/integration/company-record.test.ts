import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadTenants, TenantConfigError } from "../../app/tenancy/load-tenants.server";
import type { Tenant } from "../../app/tenancy/schema";
import { staticPageData } from "../../app/models/site/static-page.server";
import { loader as companyInfo } from "../../app/routes/api.companyinfo[.php]";
import { contextFor } from "../fixtures/context";
import { demoTenant } from "../fixtures/demo-tenants";
import { tenantFixture } from "../fixtures/tenant";

/*
 * One company record shared by brands (docs/product/site.md#company-info): `company_id` names
 * `tenants/companies/<id>.json`; a brand's own `company` fields override it; start-up refuses an
 * unknown company or a bad field with the file and the field. Every reader (the static pages,
 * /api/companyinfo) sees the merged record.
 */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "companies-"));
  mkdirSync(path.join(dir, "companies"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const GROUP = {
  $schema: "./_schema.json",
  name: "Groep Media B.V.",
  address: "Herengracht 1",
  kvk: "99887766",
  city: "Amsterdam",
  country: "Nederland",
  vat_numbers: ["NL999888777B01"],
  support_phone: "+31 20-999 88 77",
  support_email: "support@groep.example",
  added: "2024-05-01T00:00:00Z",
};

function writeBrand(id: string, extra: Record<string, unknown>) {
  const { company: _inline, ...brand } = tenantFixture({ id, domains: [`${id}.example`] });
  writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ ...brand, ...extra }));
}

function writeCompany(id: string, content: unknown) {
  writeFileSync(path.join(dir, "companies", `${id}.json`), JSON.stringify(content));
}

function loadError(): string {
  try {
    loadTenants(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return (error as Error).message;
  }
  throw new Error("loadTenants accepted a broken tenant directory");
}

async function companyAnswer(tenant: Tenant): Promise<Record<string, unknown>> {
  const response = await companyInfo({ request: new Request(`https://${tenant.domains[0]}/api/companyinfo.php`), context: contextFor(tenant) });
  return (await response.json()) as Record<string, unknown>;
}

describe("a company file shared by brands", () => {
  it("gives two brands the same legal details on their static pages and in /api/companyinfo", async () => {
    writeCompany("groep", GROUP);
    writeBrand("one", { company_id: "groep" });
    writeBrand("two", { company_id: "groep" });
    const registry = loadTenants(dir);
    const [one, two] = [registry.get("one")!, registry.get("two")!];
    expect(one.company).toEqual(two.company);
    expect(one.company).toMatchObject({ name: "Groep Media B.V.", kvk: "99887766", vat_numbers: ["NL999888777B01"], tradenames: [], delete_discount: 0 });
    const [pageOne, pageTwo] = [await staticPageData("terms", one, "nl"), await staticPageData("terms", two, "nl")];
    for (const field of ["company", "address", "city", "country", "kvk", "vat", "supportPhone"] as const) expect(pageOne.vars[field]).toBe(pageTwo.vars[field]);
    expect(pageOne.vars).toMatchObject({ company: "Groep Media B.V.", address: "Herengracht 1", vat: "NL999888777B01" });
    expect(pageOne.version).toBe(pageTwo.version);
    expect(await companyAnswer(one)).toEqual(await companyAnswer(two));
    expect(await companyAnswer(one)).toMatchObject({ name: "Groep Media B.V.", kvk: "99887766", support_email: "support@groep.example" });
  });

  it("lets a brand's own company fields win over the company file's", async () => {
    writeCompany("groep", GROUP);
    writeBrand("one", { company_id: "groep" });
    writeBrand("two", { company_id: "groep", company: { support_email: "help@two.example", tradenames: ["Two"], delete_discount: 40, added: "2025-02-01T00:00:00Z" } });
    const registry = loadTenants(dir);
    const two = registry.get("two")!;
    expect(two.company).toMatchObject({ name: "Groep Media B.V.", kvk: "99887766", support_email: "help@two.example", tradenames: ["Two"], delete_discount: 40 });
    expect(registry.get("one")!.company.support_email).toBe("support@groep.example");
    expect((await staticPageData("terms", two, "en")).vars).toMatchObject({ company: "Groep Media B.V.", supportEmail: "help@two.example", tradenames: "Two" });
    expect(await companyAnswer(two)).toMatchObject({ name: "Groep Media B.V.", support_email: "help@two.example", delete_discount: 40, added: "2025-02-01T00:00:00Z" });
  });

  it("refuses at start-up an unknown company id, naming the brand file and the field", () => {
    writeCompany("groep", GROUP);
    writeBrand("lost", { company_id: "elders" });
    expect(loadError()).toMatch(/^Tenant file .*lost\.json: field company_id: no company "elders" \(expected a file companies\/elders\.json beside the tenant files\)$/);
  });

  it("refuses a bad field in a company file, naming the company file and the field", () => {
    writeCompany("groep", { ...GROUP, support_email: "not an address" });
    writeBrand("one", { company_id: "groep" });
    expect(loadError()).toMatch(/^Company file .*companies\/groep\.json: field support_email: Invalid email$/);
    writeCompany("groep", { ...GROUP, vat: "NL1" });
    expect(loadError()).toMatch(/^Company file .*groep\.json: field vat is not allowed$/);
    writeFileSync(path.join(dir, "companies", "groep.json"), "{ not json");
    expect(loadError()).toMatch(/^Company file .*groep\.json: not valid JSON/);
  });

  it("refuses a bad override and a record left incomplete, naming the brand file and the field", () => {
    writeCompany("groep", GROUP);
    writeBrand("one", { company_id: "groep", company: { delete_discount: 150 } });
    expect(loadError()).toMatch(/^Tenant file .*one\.json: field company\.delete_discount: Number must be less than or equal to 100$/);
    const { kvk: _kvk, ...withoutKvk } = GROUP;
    writeCompany("groep", withoutKvk);
    writeBrand("one", { company_id: "groep" });
    expect(loadError()).toMatch(/^Tenant file .*one\.json: field company\.kvk: Required$/);
    writeBrand("one", { company_id: "groep", company: { kvk: "11223344" } });
    expect(loadTenants(dir).get("one")!.company.kvk).toBe("11223344");
  });

  it("the shipped brands of one company show the same legal details; each keeps its own support address", () => {
    const [flirtpunt, herchoice, fesselnd] = ["flirtpunt", "herchoice", "fesselnd"].map(demoTenant) as [Tenant, Tenant, Tenant];
    expect(flirtpunt.company_id).toBe(herchoice.company_id);
    for (const field of ["name", "address", "kvk", "city", "country", "vat_numbers"] as const) expect(herchoice.company[field]).toEqual(flirtpunt.company[field]);
    expect(herchoice.company.support_email).not.toBe(flirtpunt.company.support_email);
    expect(fesselnd.company.name).toBe("Nachtfalter Medien GmbH");
  });
});
