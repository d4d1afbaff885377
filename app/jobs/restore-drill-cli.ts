import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD } from "../../db/seed/demo-accounts.server";
import { SettingError } from "~/env.server";
import { loadTenants } from "~/tenancy/load-tenants.server";
import type { DrillMessage } from "./restore-drill/drill-message";
import { startBuiltServer, type DrillServer } from "./restore-drill/drill-server";
import { conversationShows, logIn } from "./restore-drill/member-visit";
import { createDatabase, databaseUrl, dropDatabase, dump, restore, serverVersion, toolMajorVersion, toolPath } from "./restore-drill/postgres-tools";

const usage = `npm run drill:restore [-- --brand <id>] [-- --per-pool <n>] [-- --bin-dir /usr/lib/postgresql/16/bin]
    on the PostgreSQL server of DATABASE_URL (a role that may create databases): seeds a new database with
    the demo data, dumps it with pg_dump, restores it with pg_restore into another new database, starts the
    built server on that one (npm run build:local first), logs in as a demo member and reads their
    conversation; drops both databases (docs/operations.md#backups-and-restores)`;

const { values } = parseArgs({
  options: {
    brand: { type: "string" },
    "per-pool": { type: "string", default: "50" },
    "bin-dir": { type: "string" },
    help: { type: "boolean" },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new SettingError("DATABASE_URL", "the restore drill needs a PostgreSQL server (postgres://user@host:5432/postgres) where it may create databases");
if (!existsSync("build/index.js")) {
  console.error("No build found: run `npm run build:local` first (the drill starts the built server).");
  process.exit(2);
}
const tenantsDir = process.env.TENANTS_DIR ?? "tenants";
const registry = loadTenants(tenantsDir);
const tenant = registry.get(values.brand ?? process.env.DEFAULT_TENANT ?? "flirtpunt") ?? registry.tenants[0]!;

// Unique per run: several drills (CI, a person) may share the server.
const run = `restore_drill_${process.pid}_${randomBytes(3).toString("hex")}`;
const seededName = `${run}_seeded`;
const restoredName = `${run}_restored`;
const work = mkdtempSync(path.join(tmpdir(), "restore-drill-"));
const dumpFile = path.join(work, `${seededName}.dump`);
// One secret for the seed and the server, as a deployment has one SESSION_SECRETS.
const secret = randomBytes(32).toString("base64url");
const started = Date.now();
let stepNumber = 0;
let server: DrillServer | undefined;
const created: string[] = [];

/** Runs a step and prints it with its time, and what it found. */
async function step<T>(title: string, work: () => Promise<T>, detail?: (result: T) => string): Promise<T> {
  stepNumber += 1;
  const from = Date.now();
  const result = await work();
  const seconds = ((Date.now() - from) / 1000).toFixed(1).padStart(6);
  console.log(`${String(stepNumber).padStart(2)}. ${title.padEnd(68)} ${seconds} s${detail ? `  ${detail(result)}` : ""}`);
  return result;
}

/** One of the project's commands in a process of its own, with the settings a deployment would give it; answers its output. */
function command(args: string[], databaseName: string): Promise<string> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl(serverUrl!, databaseName),
    DATA_DIR: path.join(work, "data-seed"),
    TENANTS_DIR: tenantsDir,
    LOCAL_SERVICES: "1",
    SESSION_SECRETS: secret,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(" ")} ended with code ${code}:\n${output}${errors}`))));
  });
}

let passed = false;
try {
  const [postgresVersion, dumpVersion, restoreVersion] = await Promise.all([serverVersion(serverUrl), toolMajorVersion(toolPath(values["bin-dir"], "pg_dump")), toolMajorVersion(toolPath(values["bin-dir"], "pg_restore"))]);
  console.log(`restore drill on PostgreSQL ${postgresVersion.text} at ${new URL(serverUrl).host}, ${dumpVersion.text}, brand ${tenant.id}`);
  // pg_dump refuses a server newer than itself; a dump from an older pg_dump may miss what the newer server has.
  if (dumpVersion.major < postgresVersion.major || restoreVersion.major < postgresVersion.major) {
    throw new Error(`pg_dump/pg_restore ${dumpVersion.major} are older than the server (${postgresVersion.major}): install the client of version ${postgresVersion.major} or newer, or give --bin-dir`);
  }
  await step(`create database ${seededName}`, async () => {
    await createDatabase(serverUrl, seededName);
    created.push(seededName);
  });
  await step("migrate it (npm run db:migrate)", () => command(["db/migrate.ts"], seededName));
  await step(`seed the demo data (npm run db:seed -- --demo --per-pool ${values["per-pool"]})`, () => command(["app/jobs/command.ts", "seed", "--demo", "--per-pool", values["per-pool"]!], seededName));
  const message = await step(
    `write a message as the demo login premium.${tenant.id}`,
    async () => JSON.parse(await command(["app/jobs/restore-drill/write-message-cli.ts", tenant.id], seededName)) as DrillMessage,
    (written) => `conversation ${written.conversationId}: "${written.text}"`,
  );
  await step("pg_dump --format=custom", () => dump(toolPath(values["bin-dir"], "pg_dump"), databaseUrl(serverUrl, seededName), dumpFile), () => `${(statSync(dumpFile).size / 1024 / 1024).toFixed(1)} MB`);
  await step(`create database ${restoredName}`, async () => {
    await createDatabase(serverUrl, restoredName);
    created.push(restoredName);
  });
  await step("pg_restore into it", () => restore(toolPath(values["bin-dir"], "pg_restore"), databaseUrl(serverUrl, restoredName), dumpFile));
  // The seeded database goes before the server starts: nothing can be read from it by mistake.
  await step(`drop database ${seededName}`, async () => {
    await dropDatabase(serverUrl, seededName);
    created.splice(created.indexOf(seededName), 1);
  });
  server = await step(
    "start the built server on the restored database",
    () =>
      startBuiltServer({
        DATABASE_URL: databaseUrl(serverUrl, restoredName),
        DATA_DIR: path.join(work, "data-server"),
        TENANTS_DIR: tenantsDir,
        SESSION_SECRETS: secret,
        // The demo logins exist, which a server with real services refuses (app/startup.server.ts).
        LOCAL_SERVICES: "1",
        RUN_JOBS: "0",
        LOG_LEVEL: "warn",
      }),
    (started) => `port ${started.port}`,
  );
  const host = tenant.domains[0]!;
  const cookie = await step(`log in as ${message.email} over HTTP (${host})`, () => logIn(server!.port, host, message.email, DEMO_PASSWORD));
  const shown = await step(`read conversation ${message.conversationId}`, () => conversationShows(server!.port, host, cookie, message.conversationId, message.text), (found) => (found ? "the message is there" : "the message is MISSING"));
  if (!shown) throw new Error(`conversation ${message.conversationId} does not show "${message.text}" after the restore`);
  passed = true;
} catch (error) {
  console.error(`restore drill FAILED: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await server?.stop();
  for (const name of created) await step(`drop database ${name}`, () => dropDatabase(serverUrl, name)).catch((error: unknown) => console.error(`could not drop ${name}: ${String(error)}`));
  rmSync(work, { recursive: true, force: true });
}
if (passed) console.log(`restore drill passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(passed ? 0 : 1);
