import { parseArgs } from "node:util";
import { env } from "../../app/env.server";
import { storage } from "../../app/services/storage/storage.server";
import { tenants } from "../../app/tenancy/tenants.server";
import { closeDatabase, databaseHandle } from "../database.server";
import { seedBulk } from "./bulk.server";
import { seedBulkActivity } from "./bulk-activity.server";
import { BENCH_ACCOUNTS, seedBenchAccounts, seedDemoAccounts } from "./demo-accounts.server";
import { DEMO_PROFILES_PER_POOL, seedDemo } from "./seed.server";

const usage = `npm run db:seed                              demo members for every pool (${DEMO_PROFILES_PER_POOL} each)
npm run db:seed -- --per-pool 500             more demo members per pool
npm run db:seed -- --demo                     also the demo logins (premium.<brand>@demo.invalid) and the DEMO10 code
npm run db:seed -- --profiles 1000000 [--tenant flirtpunt]   bulk profiles for benchmarks, with likes, conversations and messages among them and for the demo logins`;

const { values } = parseArgs({
  options: {
    "per-pool": { type: "string" },
    profiles: { type: "string" },
    tenant: { type: "string" },
    demo: { type: "boolean" },
    help: { type: "boolean" },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const handle = databaseHandle();
try {
  await handle.migrate();
  const registry = tenants();
  // Known logins only when asked for: a real database seeded by mistake must not get them.
  if (values.demo) await seedDemoAccounts(handle.db, registry);
  if (values.profiles) {
    const total = Number(values.profiles);
    const tenant = registry.get(values.tenant ?? env().DEFAULT_TENANT ?? registry.tenants[0]!.id);
    if (!Number.isInteger(total) || total <= 0 || !tenant) throw new Error(`Bad arguments.\n${usage}`);
    const started = Date.now();
    await seedBulk(handle.db, storage(), tenant, total, console.log);
    await seedBenchAccounts(handle.db, tenant, BENCH_ACCOUNTS);
    await seedBulkActivity(handle.db, tenant, console.log);
    console.log(`seeded ${total} profiles into pool ${tenant.pool} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    const perPool = Number(values["per-pool"] ?? DEMO_PROFILES_PER_POOL);
    await seedDemo(handle.db, registry, storage(), { perPool, log: console.log });
  }
} finally {
  await closeDatabase();
}
