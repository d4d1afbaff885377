import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ZodIssue } from "zod";
import { TenantRegistry } from "./registry";
import { tenantSchema, type Tenant } from "./schema";

/** A tenant file that cannot be served. The message is one line naming the file and the field. */
export class TenantConfigError extends Error {
  constructor(file: string, detail: string) {
    super(`Tenant file ${file}: ${detail}`);
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

export function parseTenantFile(file: string, text: string): Tenant {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TenantConfigError(file, `not valid JSON (${(error as Error).message})`);
  }
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
  const tenants: Tenant[] = [];
  const domainOwner = new Map<string, string>();
  for (const name of tenantFileNames(dir)) {
    const file = path.join(dir, name);
    const tenant = parseTenantFile(file, readFileSync(file, "utf8"));
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
