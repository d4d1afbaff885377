// The built server as the page benchmarks start it (bench/run.ts, bench/landers.ts): production
// mode, the embedded database in a data directory of the benchmark's own, seeded with the demo
// brands, and `<brand>.localhost` hosts (DEV_TENANT_HOSTS) so one server answers for every brand.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { DEMO_PASSWORD, demoAccountEmail, type DemoAccountKind } from "../db/seed/demo-accounts.server";

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
  // BENCH_NODE_ARGS: options for the server's Node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    env: { ...serverEnv(port, dataDir), WEB_CONCURRENCY: process.env.BENCH_PROCESSES ?? "1", SEED_ON_START: "1", SEED_DEMO_LOGINS: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return listening(server);
}

/**
 * The environment of every benchmark server: production mode, the local services, one server for
 * every brand, members' own addresses trusted from this machine, no load shedding, and no
 * scheduled jobs — on a freshly seeded million they take minutes of CPU, which would count against
 * the measured page.
 */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  // No load shedding: the page benchmarks load a process to its capacity on a shared machine, and
  // measure the pages, not busy answers (bench:shedding turns it on for its own server).
  return { ...process.env, NODE_ENV: "production", WEB_CONCURRENCY: "1", PORT: String(port), DATA_DIR: dataDir, DEV_TENANT_HOSTS: "1", LOCAL_SERVICES: "1", TRUSTED_PROXIES: "loopback", RUN_JOBS: "0", SHED_MAX_IN_FLIGHT: "0", SHED_EVENT_LOOP_DELAY_MS: "0" };
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
export async function listening(server: ChildProcess): Promise<ChildProcess> {
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

export interface Answer {
  status: number;
  /** `name=value` of each Set-Cookie. */
  cookies: string[];
  location: string | null;
  body: string;
}

/**
 * One request to a brand on the benchmark server, through node:http (fetch() does not let the
 * caller choose the Host header that picks the brand). A form is posted as a browser posts it
 * from a page of the site (the request guard checks Sec-Fetch-Site).
 */
export async function ask(port: number, tenant: string, path: string, options: { cookie?: string; form?: Record<string, string> } = {}): Promise<Answer> {
  const { request } = await import("node:http");
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string | number> = { host: brandHost(tenant) };
  if (options.cookie) headers.cookie = options.cookie;
  if (body !== undefined) Object.assign(headers, { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), "sec-fetch-site": "same-origin" });
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method: body === undefined ? "GET" : "POST", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          cookies: (res.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]!),
          location: res.headers.location ?? null,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Logs in the brand's demo member of that kind (SEED_DEMO_LOGINS) and returns its session cookie (`sid=…`). */
export async function demoMemberCookie(port: number, tenant: string, kind: DemoAccountKind = "free"): Promise<string> {
  const answer = await ask(port, tenant, "/login", { form: { email: demoAccountEmail(tenant, kind), password: DEMO_PASSWORD } });
  const sid = answer.cookies.find((cookie) => cookie.startsWith("sid="));
  if (!sid) throw new Error(`login failed with ${answer.status}`);
  return sid;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ). */
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** User + system CPU of these processes so far, in ms. */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile (a PostgreSQL backend of a closed connection).
    }
  }
  return ticks * TICK_MS;
}
