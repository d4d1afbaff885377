import { closeDatabase, databaseHandle } from "../db/database.server";
import { demoLoginsPresent, seedDemoAccounts } from "../db/seed/demo-accounts.server";
import { seedIfEmpty } from "../db/seed/seed.server";
import { env } from "~/env.server";
import { startJobRunner, type JobRunner } from "~/jobs/job-runner.server";
import { scheduledJobList } from "~/jobs/jobs.server";
import { i18nInstances } from "~/i18n/i18next.server";
import { tenants } from "~/tenancy/tenants.server";
import { mailService } from "~/services/mail/mail.server";
import { vapidKeys } from "~/services/push/vapid.server";
import { storage } from "~/services/storage/storage.server";
import { eventHub } from "~/services/realtime/event-hub.server";
import { rememberAttentionWhileListening } from "~/web/member-attention.server";
import { startPushWorker, type PushWorker } from "~/jobs/push-worker.server";
import { sendPush } from "~/services/push/web-push.server";
import { PUSH_QUEUED_CHANNEL } from "~/models/notifications/push-delivery.server";

/**
 * Everything the server checks and prepares before it accepts a request: the tenant files
 * (a broken one stops start-up), the catalogues, the database schema, and on a database
 * without members the demo data.
 */
export async function startup(log: (line: string) => void = console.log): Promise<void> {
  const registry = tenants();
  const defaultTenant = env().DEFAULT_TENANT;
  if (defaultTenant && !registry.get(defaultTenant)) {
    throw new Error(`DEFAULT_TENANT: no tenant file tenants/${defaultTenant}.json`);
  }
  log(`brands: ${registry.tenants.map((t) => t.id).join(", ")}`);
  await i18nInstances();
  // Outside services must be configured before the first request needs them.
  mailService();
  vapidKeys();
  const database = databaseHandle();
  await database.migrate();
  log(`database: ${database.kind}, migrated`);
  if (env().seedOnStart) {
    const seeded = await seedIfEmpty(database.db, registry, storage(), { perPool: env().DEMO_PROFILES_PER_POOL, log });
    if (seeded) log("database: demo data seeded");
    // Known logins only on a fresh demo database, when asked for, with the local services.
    if (seeded && env().seedDemoLogins) await seedDemoAccounts(database.db, registry);
  }
  // Known passwords and a code for everyone have no place where real members pay.
  if (!env().localServices && (await demoLoginsPresent(database.db))) {
    throw new Error("database: the demo logins or the DEMO10 code exist; remove them (members with seed_ref 'demo-account:%', staff members @demo.invalid, discount code DEMO10) before running with real services");
  }
  await eventHub().start();
  rememberAttentionWhileListening();
  if (env().runJobs) jobRunner = startJobRunner(database.db, scheduledJobList(registry), { log });
  // A push queued by any server process (a message, a like, after its commit) goes out at once, not at the next tick.
  const pushes = startPushWorker(database.db, registry, sendPush);
  stopListeningForPushes = await database.listen(PUSH_QUEUED_CHANNEL, () => pushes.kick());
  pushWorker = pushes;
}

let jobRunner: JobRunner | undefined;
let pushWorker: PushWorker | undefined;
let stopListeningForPushes: (() => Promise<void>) | undefined;

export async function shutdown(): Promise<void> {
  await stopListeningForPushes?.();
  await pushWorker?.stop();
  await jobRunner?.stop();
  await eventHub().stop();
  await closeDatabase();
}
