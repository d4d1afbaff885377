// The built server as the page benchmarks start it (bench/run.ts, bench/landers.ts): production
// mode, the embedded database in a data directory of the benchmark's own, seeded with the demo
// brands, and `<brand>.localhost` hosts (DEV_TENANT_HOSTS) so one server answers for every brand.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";

/** The Host header that reaches a brand on the benchmark server. */
export const brandHost = (tenant: string) => `${tenant}.localhost`;

/**
 * Starts server.mjs on `port` and resolves once it listens. The data directory starts empty
 * (unless BENCH_KEEP_DATA is set, to measure a pool filled beforehand). The server is stopped
 * when this process exits, so a benchmark that throws leaves no server holding the port. It
 * trusts X-Forwarded-For from this machine: the benchmark's members each have an address.
 */
export async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  const server = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", WEB_CONCURRENCY: process.env.BENCH_PROCESSES ?? "1", PORT: String(port), DATA_DIR: dataDir, DEV_TENANT_HOSTS: "1", LOCAL_SERVICES: "1", SEED_ON_START: "1", SEED_DEMO_LOGINS: "1", TRUSTED_PROXIES: "loopback" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return listening(server);
}

/**
 * Builds and starts the floor (bench/floor: a bare Remix page of 24 cards on the project's Remix,
 * React, express and compression) on `port`, to be measured in the same run as the pages.
 */
export async function startFloor(port: number): Promise<ChildProcess> {
  execFileSync("npx", ["remix", "build"], { cwd: "bench/floor", stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
  const floor = spawn(process.execPath, ["bench/floor/server.mjs"], { env: { ...process.env, NODE_ENV: "production", PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  return listening(floor);
}

/** Resolves once the process says it listens; it is stopped when this process exits. */
async function listening(server: ChildProcess): Promise<ChildProcess> {
  process.on("exit", () => server.kill("SIGTERM"));
  await new Promise<void>((resolve, reject) => {
    // The listener stays attached: it keeps draining the server's output so its pipe never fills.
    server.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening on")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}
