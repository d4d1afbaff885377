import { readFileSync } from "node:fs";
import path from "node:path";
import { loadCompanies, loadTenants, parseTenantFile, tenantFileNames } from "~/tenancy/load-tenants.server";
import { ok, problem, type Check, type Finding } from "./check";

/** The tenant and company files (docs/decisions/002-tenants-as-validated-files.md): every broken one, not only the first. */
export const tenantsCheck: Check = {
  name: "tenant files",
  settings: ["TENANTS_DIR", "DEFAULT_TENANT"],
  async run(env) {
    const dir = env.TENANTS_DIR;
    let companies;
    try {
      companies = loadCompanies(dir);
    } catch (error) {
      return [problem(`${message(error)}: fix the file; the server does not start with it`)];
    }
    let names: string[];
    try {
      names = tenantFileNames(dir);
    } catch (error) {
      return [problem(`cannot read TENANTS_DIR ${dir}: ${message(error)}`)];
    }
    const broken: Finding[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        parseTenantFile(file, readFileSync(file, "utf8"), companies);
      } catch (error) {
        broken.push(problem(`${message(error)}: fix the file; the server does not start with it`));
      }
    }
    if (broken.length > 0) return broken;
    try {
      const registry = loadTenants(dir);
      const ids = registry.tenants.map((tenant) => tenant.id);
      if (env.DEFAULT_TENANT && !ids.includes(env.DEFAULT_TENANT)) {
        return [problem(`DEFAULT_TENANT ${env.DEFAULT_TENANT} has no tenant file in ${dir} (brands: ${ids.join(", ")})`)];
      }
      return [ok(`${ids.length} brand${ids.length === 1 ? "" : "s"} in ${dir}: ${ids.join(", ")}`)];
    } catch (error) {
      return [problem(`${message(error)}: fix the file; the server does not start with it`)];
    }
  },
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
