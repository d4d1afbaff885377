import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ZodIssue } from "zod";
import { TenantRegistry } from "./registry";
import { companyFileSchema, tenantSchema, type Tenant } from "./schema";

/** A tenant or company file that cannot be served. The message is one line naming the file and the field. */
export class TenantConfigError extends Error {
  constructor(file: string, detail: string, kind: "Tenant file" | "Company file" = "Tenant file") {
    super(`${kind} ${file}: ${detail}`);
    this.name = "TenantConfigError";
  }
}

function describeIssue(issue: ZodIssue): string {
  const field = issue.path.length > 0 ? issue.path.join(".") : "(file)";
  if (issue.code === "unrecognized_keys") {
    return `field ${[field === "(file)" ? "" : `${field}.`, issue.keys.join(", ")].join("")} is not allowed`;
  }
  return `field ${field}: ${issue.message}`;
}

/** Tenant files are `<id>.json`; files starting with `_` (like the published JSON Schema) are not brands. */
export function tenantFileNames(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !name.startsWith("_"))
    .sort();
}

/** The folder of the company files beside the tenant files. */
export function companiesDir(tenantsDir: string): string {
  return path.join(tenantsDir, "companies");
}

/** A company file's fields as written (each checked), by company id. */
export type CompanyRecords = ReadonlyMap<string, Record<string, unknown>>;

function readJson(file: string, text: string, kind: "Tenant file" | "Company file"): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new TenantConfigError(file, `not valid JSON (${(error as Error).message})`, kind);
  }
}

export function parseCompanyFile(file: string, text: string): Record<string, unknown> {
  const json = readJson(file, text, "Company file");
  const parsed = companyFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TenantConfigError(file, issue ? describeIssue(issue) : "invalid", "Company file");
  }
  const { $schema: _schema, ...fields } = json as Record<string, unknown>;
  return fields;
}

/** The company files `tenants/companies/<id>.json` (none when the folder does not exist). */
export function loadCompanies(tenantsDir: string): CompanyRecords {
  const dir = companiesDir(tenantsDir);
  const companies = new Map<string, Record<string, unknown>>();
  if (!existsSync(dir)) return companies;
  for (const name of tenantFileNames(dir)) {
    const file = path.join(dir, name);
    companies.set(path.basename(name, ".json"), parseCompanyFile(file, readFileSync(file, "utf8")));
  }
  return companies;
}

/**
 * A brand with `company_id` gets the company file's fields, overridden by its own `company` block
 * (docs/product/site.md#company-info); the merged record is then checked like any company block.
 */
function withCompany(file: string, json: unknown, companies: CompanyRecords): unknown {
  if (typeof json !== "object" || json === null || !("company_id" in json)) return json;
  const brand = json as Record<string, unknown>;
  const id = brand.company_id;
  if (typeof id !== "string") return json; // the schema names the field
  const company = companies.get(id);
  if (!company) throw new TenantConfigError(file, `field company_id: no company "${id}" (expected a file companies/${id}.json beside the tenant files)`);
  const own = brand.company;
  if (own !== undefined && (typeof own !== "object" || own === null || Array.isArray(own))) return json;
  return { ...brand, company: { ...company, ...(own as Record<string, unknown> | undefined) } };
}

export function parseTenantFile(file: string, text: string, companies: CompanyRecords = new Map()): Tenant {
  const json = withCompany(file, readJson(file, text, "Tenant file"), companies);
  const parsed = tenantSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TenantConfigError(file, issue ? describeIssue(issue) : "invalid");
  }
  const expectedId = path.basename(file, ".json");
  if (parsed.data.id !== expectedId) {
    throw new TenantConfigError(file, `field id: must be "${expectedId}", the file's name`);
  }
  return parsed.data;
}

export function loadTenants(dir: string): TenantRegistry {
  const companies = loadCompanies(dir);
  const tenants: Tenant[] = [];
  const domainOwner = new Map<string, string>();
  for (const name of tenantFileNames(dir)) {
    const file = path.join(dir, name);
    const tenant = parseTenantFile(file, readFileSync(file, "utf8"), companies);
    for (const domain of tenant.domains) {
      const owner = domainOwner.get(domain);
      if (owner) throw new TenantConfigError(file, `field domains: ${domain} is already claimed by ${owner}`);
      domainOwner.set(domain, file);
    }
    tenants.push(tenant);
  }
  if (tenants.length === 0) throw new TenantConfigError(dir, "no tenant files found");
  return new TenantRegistry(tenants);
}
