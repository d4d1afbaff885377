// Starts the built server for the end-to-end tests on a database of its own: a fresh PostgreSQL
// database when DATABASE_URL is set (CI), otherwise a fresh embedded one under .data/e2e.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import postgres from "postgres";

const port = process.env.E2E_PORT ?? "3199";
const dataDir = `.data/e2e-${port}`;
rmSync(dataDir, { recursive: true, force: true });

// The demo brands, two of them telling the network "e2e-net" of its conversions through the test's
// own postback receiver on this machine (tests/fixtures/postback-receiver.ts).
const tenantsDir = `${dataDir}/tenants`;
mkdirSync(tenantsDir, { recursive: true });
const postbackPort = Number(port) + 11;
// The company files the brands name (docs/product/site.md#company-info).
cpSync("tenants/companies", `${tenantsDir}/companies`, { recursive: true });
for (const name of readdirSync("tenants").filter((file) => file.endsWith(".json"))) {
  const tenant = JSON.parse(readFileSync(`tenants/${name}`, "utf8"));
  if (tenant.id === "flirtpunt" || tenant.id === "fesselnd") {
    tenant.tracking = {
      ...tenant.tracking,
      postbacks: [
        {
          network: "e2e-net",
          url: `http://127.0.0.1:${postbackPort}/postback/${tenant.id}?click={click_id}&event={event}&amount={amount}&currency={currency}&network={network}&ref={ref}&sub1={sub1}`,
          events: ["signup", "confirmed", "first_purchase", "purchase"],
        },
      ],
    };
  }
  // The suites sign up and log straight in on the she, plus-size, gilf and milf brands; their
  // shipped files take the niche's default (they never tell whether an address has an account,
  // docs/product/safety.md#account-enumeration), which the bdsm and gay brands' tests cover.
  if (["herchoice", "kraglosci", "silverflirt", "cougarclub"].includes(tenant.id)) {
    tenant.settings = { ...tenant.settings, reveal_accounts: true };
  }
  writeFileSync(`${tenantsDir}/${name}`, JSON.stringify(tenant, null, 2));
}

const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  DATA_DIR: dataDir,
  DEV_TENANT_HOSTS: "1",
  LOCAL_SERVICES: "1",
  SEED_ON_START: "1",
  SEED_DEMO_LOGINS: "1",
  DEFAULT_TENANT: "flirtpunt",
  DEMO_PROFILES_PER_POOL: "24",
  // The browsers reach the server as if through a proxy on this machine, each test's visitor with
  // an address of its own (tests/e2e/helpers.ts), as real visitors have: the per-address limits
  // then apply to each of them, not to the whole suite at once.
  TRUSTED_PROXIES: "loopback",
  // …and they still read the local outboxes and pay at the simulated checkout (the /dev pages).
  DEV_PAGES_FORWARDED: "1",
  // The push tests run a push service of their own on this machine (tests/fixtures/push-service.ts).
  PUSH_ENDPOINT_HOSTS: "127.0.0.1",
  TENANTS_DIR: tenantsDir,
  POSTBACK_HOSTS: "127.0.0.1",
  // A test machine shared with other work runs its event loop late at a browser test's load; a
  // busy page instead of the page under test would be a false failure (docs/operations.md#load-shedding).
  SHED_EVENT_LOOP_DELAY_MS: "0",
};

if (process.env.DATABASE_URL) {
  const name = `e2e_${port}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, ["server.mjs"], { env, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
