// The restore drill's message, written by a process with the settings of the seeded database
// (app/jobs/restore-drill-cli.ts): one JSON line on stdout.
import { closeDatabase, databaseHandle } from "../../../db/database.server";
import { tenants } from "~/tenancy/tenants.server";
import { writeDrillMessage } from "./drill-message";

const brand = process.argv[2] ?? "";
const tenant = tenants().get(brand);
if (!tenant) throw new Error(`unknown brand ${brand}`);
try {
  console.log(JSON.stringify(await writeDrillMessage(databaseHandle().db, tenant)));
} finally {
  await closeDatabase();
}
