import { parseArgs } from "node:util";
import { databaseHandle } from "../../db/database.server";
import { LANGUAGES } from "~/domain/languages";
import { createStaff, disableStaff } from "~/models/staff/staff-accounts.server";
import { STAFF_ROLES, type StaffRole } from "~/models/staff/staff-roles";
import { env, requireSessionSecrets } from "~/env.server";
import { runCommandWork } from "./command-work";
import { tenants } from "~/tenancy/tenants.server";

const usage = `npm run staff -- create --email <address> --name <name> --role operator [--role admin …] --brands all|<id,id> [--languages all|nl,de] [--ui en|nl]
    prints a one-time link to choose a password (valid 72 hours) and the TOTP secret for an authenticator app
npm run staff -- disable --email <address>
    ends every session of that staff member; no login works any more`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", multiple: true },
    brands: { type: "string" },
    languages: { type: "string" },
    ui: { type: "string" },
    help: { type: "boolean" },
  },
});

/** "all" (or nothing) is every one; otherwise a comma-separated list that must all be known. */
function listOption(value: string | undefined, known: readonly string[], what: string): string[] {
  if (!value || value === "all") return [];
  const items = value.split(",").map((item) => item.trim()).filter(Boolean);
  const unknown = items.filter((item) => !known.includes(item));
  if (unknown.length > 0) throw new Error(`unknown ${what}: ${unknown.join(", ")} (known: ${known.join(", ")})`);
  return items;
}

const [command] = positionals;
const handle = databaseHandle();
await runCommandWork(async () => {
  let failed = false;
  if (values.help || !command) {
    console.log(usage);
  } else if (command === "create" && values.email && values.role?.length && values.brands) {
    // The TOTP secret is sealed with a key of the server's secrets: without them, stop before any work.
    requireSessionSecrets(env());
    const roles = listOption(values.role.join(","), STAFF_ROLES, "role") as StaffRole[];
    const registry = tenants();
    const brands = listOption(values.brands, registry.tenants.map((tenant) => tenant.id), "brand");
    const languages = listOption(values.languages, LANGUAGES, "language");
    await handle.migrate();
    const created = await createStaff(handle.db, {
      email: values.email,
      name: values.name ?? values.email.split("@")[0]!,
      roles,
      brands,
      languages,
      uiLanguage: values.ui === "nl" ? "nl" : "en",
    });
    if ("error" in created) {
      console.error(`${values.email}: a staff member with this address exists already`);
      failed = true;
    } else {
      const host = env().STAFF_HOST ?? (registry.get(brands[0] ?? "") ?? registry.tenants[0])?.domains[0] ?? "localhost";
      console.log(`staff member ${created.id} created (${roles.join(", ")}; brands: ${brands.join(", ") || "all"}; languages: ${languages.join(", ") || "all"})`);
      console.log(`password setup link (once, 72 hours): https://${host}/staff/setup/${created.setupToken}`);
      console.log(`  (the path works on every brand's host, e.g. http://<brand>.localhost:3000/staff/setup/${created.setupToken} locally)`);
      console.log(`TOTP for the authenticator app: ${created.totpUri}`);
    }
  } else if (command === "disable" && values.email) {
    await handle.migrate();
    failed = !(await disableStaff(handle.db, values.email));
    console.log(failed ? `${values.email}: no active staff member with this address` : `${values.email}: disabled, every session ended`);
  } else {
    console.log(usage);
    failed = true;
  }
  return !failed;
});
