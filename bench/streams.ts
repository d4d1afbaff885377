// How many open event streams one server process holds while chat flows: `npm run build:local &&
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:streams`.
// Starts one built server on a fresh PostgreSQL database of its own (dropped afterwards) and, for
// each step of BENCH_STREAMS (1000,2500,5000,10000), opens event streams until that many are held,
// every one a member of its own from an address of its own (the caps allow 8 per member and 100
// per address: bench/README.md), then measures:
// - memory: the server's RSS and its heap after a full collection (asked through the inspector,
//   `--inspect` on a port of its own), against the same with no stream open, divided by the streams;
// - idle CPU: the server's CPU over BENCH_IDLE_SECONDS with the streams open and nothing sent (each
//   stream's heartbeat every 25 s and session check every 50 s);
// - delivery: BENCH_RATE messages/s sent between members for BENCH_SECONDS through the same process
//   (as the composer posts them), each from its scheduled moment until the recipient's stream (one
//   of the open ones) announces it; p50/p95/p99, with the CPU of the server, of PostgreSQL (every
//   postgres process of the machine) and of this client over the same time.
// The client (this process) holds every stream itself on the same two cores as the server.
import { request as httpRequest, type ClientRequest } from "node:http";
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import WebSocket from "ws";
import { createBenchDatabase } from "./bench-database";
import { messageEventReader } from "./message-events";
import { messagesPerSender, sendRefusal } from "./chat-sends";
import { loadTenants } from "../app/tenancy/load-tenants.server";
import { createMember } from "../tests/fixtures/members";
import { freePorts, send } from "../tests/fixtures/server-process";
import { brandHost, cpuMs, listening, serverEnv } from "./server";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("bench:streams needs DATABASE_URL (the server runs on PostgreSQL, as in production)");
const STEPS = (process.env.BENCH_STREAMS ?? "1000,2500,5000,10000").split(",").map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
/** Streams being opened at once. */
const OPENING = Number(process.env.BENCH_OPENING ?? 50);
const MAX_STREAMS = Math.max(...STEPS);
const tenant = loadTenants("tenants").get("flirtpunt")!;
// Enough senders that none meets the rate limit or the brand's daily credit limit.
const totalMessages = STEPS.length * (WARMUP + RATE * SECONDS) + WARMUP;
const SENDERS = Math.max(20, Math.ceil(totalMessages / messagesPerSender(tenant)));
if (SENDERS > MAX_STREAMS) throw new Error(`the senders' recipients are stream holders: ${SENDERS} senders need at least as many streams`);

// The bench signs its members' session cookies itself, with the server's secret (tens of thousands
// of logins through the form would spend minutes hashing passwords).
const SECRET = "bench-streams-secret-of-32-characters-or-more";
process.env.SESSION_SECRETS = SECRET;
const { startSession } = await import("../app/models/accounts/sessions.server");

const database = await createBenchDatabase(url, `bench_streams_${process.pid}`, 8);

const host = brandHost("flirtpunt");
const [port, inspectPort] = (await freePorts(2)) as [number, number];
// BENCH_SERVER_DIR: another checkout's build to measure (a worktree of the commit before a change).
const serverDir = process.env.BENCH_SERVER_DIR ?? ".";
const server = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "server.mjs"], {
  env: { ...serverEnv(port, `.data/bench-streams-${process.pid}`), DATABASE_URL: database.url, SESSION_SECRETS: SECRET, SEED_ON_START: "1", DEMO_PROFILES_PER_POOL: "3" },
  stdio: ["ignore", "pipe", "inherit"],
  cwd: serverDir,
});
const open: ClientRequest[] = [];
// The server's own account of an error goes to the bench's output.
server.stdout!.on("data", (chunk: Buffer) => {
  if (/error/i.test(chunk.toString())) process.stderr.write(chunk);
});

/** `fn` over `items`, `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await fn(items[i]!, i);
    }),
  );
  return results;
}

/** A member with a live session; returns the member's id and session cookie. */
async function memberWithSession(label: string, extra: Parameters<typeof createMember>[1] = {}): Promise<{ id: number; cookie: string }> {
  const { id } = await createMember(database.db, { tenant, email: `${label}@bench.invalid`, name: "Bench", ...extra });
  const setCookie = await startSession(database.db, { memberId: id, siteId: tenant.id, userAgent: "bench:streams" });
  return { id, cookie: setCookie.split(";")[0]! };
}

/** An address of its own for stream `i` (TRUSTED_PROXIES=loopback: the server takes X-Forwarded-For). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Waiters for the next message event of each conversation, in order, over all streams. */
const waiting = new Map<number, (() => void)[]>();
let failedOpens = 0;
let endedByServer = 0;

/** Opens one stream and resolves once its first line arrived; a recipient's stream is read for message events. */
function openStream(cookie: string, i: number, recipient: boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/events", agent: false, headers: { host, cookie, accept: "text/event-stream", "x-forwarded-for": addressOf(i) } }, (res) => {
      if (res.statusCode !== 200) {
        failedOpens++;
        res.resume();
        return resolve();
      }
      res.setEncoding("utf8");
      res.once("data", () => resolve());
      res.on("end", () => endedByServer++);
      if (!recipient) return res.on("data", () => undefined);
      res.on("data", messageEventReader((conversation) => waiting.get(conversation)?.shift()?.()));
    });
    req.on("error", () => {
      failedOpens++;
      resolve();
    });
    req.end();
    open.push(req);
  });
}

interface Sender {
  cookie: string;
  conversation: number;
}

let failedSends = 0;
let lostMessages = 0;
const LOST_MS = 30_000;

/** Sends one message; resolves with the milliseconds from `from` until the recipient's stream announced it, or null when it was refused or lost. */
async function deliver(sender: Sender, text: string, from: number): Promise<number | null> {
  const queue = waiting.get(sender.conversation) ?? [];
  waiting.set(sender.conversation, queue);
  let wake = () => undefined as void;
  const arrived = new Promise<void>((resolve) => queue.push((wake = resolve)));
  const reply = await send(port, host, `/chats/${sender.conversation}.data`, { cookie: sender.cookie, fields: { intent: "text", body: text }, headers: { "sec-fetch-dest": "empty" } });
  const refused = sendRefusal(reply);
  if (refused) {
    failedSends++;
    queue.splice(queue.indexOf(wake), 1);
    console.error(`send refused: ${refused}`);
    return null;
  }
  // A message not announced within LOST_MS counts as lost (it would hold the run forever).
  const lost = await Promise.race([arrived.then(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, LOST_MS, true))]);
  if (lost) {
    lostMessages++;
    queue.splice(queue.indexOf(wake), 1);
    return null;
  }
  return performance.now() - from;
}

/** The sender of the next message: round robin over the whole run, so no sender sends more than its share (messagesPerSender). */
let sent = 0;

/** `count` messages at RATE per second, round robin over the senders, each timed from its scheduled moment. */
async function steady(senders: Sender[], count: number): Promise<{ latencies: number[]; seconds: number }> {
  const start = performance.now();
  const first = sent;
  sent += count;
  const latencies = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = start + (i * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      return deliver(senders[(first + i) % senders.length]!, `Bericht ${i}`, due);
    }),
  );
  return { latencies: latencies.filter((latency) => latency !== null), seconds: (performance.now() - start) / 1000 };
}

/** A session on the server's inspector: `call` sends one DevTools protocol command and resolves with its result. */
async function inspector() {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let id = 0;
  const call = <T = Record<string, unknown>>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const mine = ++id;
      socket.on("message", function answer(data) {
        const message = JSON.parse(String(data)) as { id?: number; result: T };
        if (message.id !== mine) return;
        socket.off("message", answer);
        resolve(message.result);
      });
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  /** Every notification of `method` the server sends until the session closes. */
  const on = (method: string, listener: (params: Record<string, unknown>) => void) =>
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { method?: string; params: Record<string, unknown> };
      if (message.method === method) listener(message.params);
    });
  return { call, on, close: () => socket.close() };
}

/** The server's memory after a full garbage collection; with BENCH_PROFILE, its heap snapshot as `name`.heapsnapshot too. */
async function serverMemory(name: string): Promise<{ rss: number; heap: number }> {
  const session = await inspector();
  await session.call("HeapProfiler.collectGarbage");
  const reply = await session.call<{ result: { value: string } }>("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())" });
  const folder = process.env.BENCH_PROFILE;
  if (folder) {
    const chunks: string[] = [];
    session.on("HeapProfiler.addHeapSnapshotChunk", (params) => chunks.push(params.chunk as string));
    await session.call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}/${name}.heapsnapshot`, chunks.join(""));
  }
  session.close();
  const usage = JSON.parse(reply.result.value) as { rss: number; heapUsed: number };
  return { rss: usage.rss, heap: usage.heapUsed };
}

/** `work`, with the server's CPU profiled while it runs when BENCH_PROFILE names a folder (a .cpuprofile per step and phase, for DevTools). */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const session = await inspector();
  await session.call("Profiler.enable");
  await session.call("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.call<{ profile: object }>("Profiler.stop");
    session.close();
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}/${name}.cpuprofile`, JSON.stringify(profile));
  }
}

function postgresPids(): number[] {
  try {
    return execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).trim().split("\n").map(Number);
  } catch {
    return [];
  }
}

/** CPU of the server, of PostgreSQL and of this client while `work` runs, as % of one core. */
async function cpuDuring<T>(work: () => Promise<T>): Promise<{ value: T; server: number; database: number; client: number; seconds: number }> {
  const pg = postgresPids();
  const [server0, pg0, client0, t0] = [cpuMs([serverPid]), cpuMs(pg), process.cpuUsage(), performance.now()];
  const value = await work();
  const ms = performance.now() - t0;
  const client = process.cpuUsage(client0);
  const percent = (used: number) => (100 * used) / ms;
  return { value, server: percent(cpuMs([serverPid]) - server0), database: percent(cpuMs(pg) - pg0), client: percent((client.user + client.system) / 1000), seconds: ms / 1000 };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const fdCount = (pid: number) => Number(execFileSync("sh", ["-c", `ls /proc/${pid}/fd | wc -l`], { encoding: "utf8" }).trim());
const serverPid = server.pid!;
const rows: string[] = [];

try {
  await listening(server);
  const started = performance.now();
  // Members: one per stream; the first SENDERS of them also receive, each from a sender of its own.
  const holders = await inParallel(Array.from({ length: MAX_STREAMS }, (_, i) => i), 8, (i) => memberWithSession(`holder${i}`));
  const senders = await inParallel(holders.slice(0, SENDERS), 8, async (recipient, i): Promise<Sender> => {
    const { cookie } = await memberWithSession(`sender${i}`, { credits: 10_000_000, paidUser: true });
    const first = await send(port, host, `/members/${recipient.id}/chat`, { cookie, fields: { intent: "text", body: "Hallo!" } });
    const conversation = Number(/\/chats\/(\d+)/.exec(first.headers.location ?? "")?.[1]);
    if (!conversation) throw new Error(`the first message of sender ${i} was not sent (${first.status})`);
    return { cookie, conversation };
  });
  console.log(`${MAX_STREAMS} members and ${SENDERS} senders made in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const before = await serverMemory("memory-0");
  console.log(`no streams: RSS ${mb(before.rss)} MB, heap ${mb(before.heap)} MB, ${fdCount(serverPid)} file descriptors`);

  let held = 0;
  for (const streams of STEPS) {
    const opened = streams - held;
    const opening = await cpuDuring(() =>
      profiled(`opening-${streams}`, () => inParallel(holders.slice(held, streams), OPENING, (holder, i) => openStream(holder.cookie, held + i, held + i < SENDERS))),
    );
    held = streams;
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const memory = await serverMemory(`memory-${streams}`);
    const idle = await cpuDuring(() => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
    await steady(senders, WARMUP);
    const flow = await cpuDuring(() => profiled(`messages-${streams}`, () => steady(senders, RATE * SECONDS)));
    const sorted = [...flow.value.latencies].sort((a, b) => a - b);
    const fds = fdCount(serverPid);
    const row = [
      streams - failedOpens - endedByServer,
      // A step where no message arrived within LOST_MS still gets its row: that is its finding.
      sorted.length === 0 ? "none delivered" : `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)}`,
      (sorted.length / flow.value.seconds).toFixed(0),
      `${mb(memory.rss)} (+${mb(memory.rss - before.rss)})`,
      `${mb(memory.heap)} (+${mb(memory.heap - before.heap)})`,
      `${((memory.rss - before.rss) / 1024 / streams).toFixed(1)} / ${((memory.heap - before.heap) / 1024 / streams).toFixed(1)}`,
      `${idle.server.toFixed(1)} %`,
      `${flow.server.toFixed(0)} % / ${flow.database.toFixed(0)} % / ${flow.client.toFixed(0)} %`,
      // CPU per message holds better than latency when the machine is busy with other work.
      ((flow.server * flow.seconds * 10) / Math.max(1, sorted.length)).toFixed(1),
      `${opening.seconds.toFixed(0)} s, ${((opening.server * opening.seconds * 10) / opened).toFixed(2)}`,
      fds,
    ].join(" | ");
    rows.push(`| ${row} |`);
    console.log(`| ${row} |  (failed opens ${failedOpens}, ended by the server ${endedByServer}, failed sends ${failedSends}, lost ${lostMessages})`);
  }
  console.log(`\n${new Date().toISOString()}, ${RATE} messages/s for ${SECONDS} s per step after ${WARMUP} warm-up; idle CPU over ${IDLE_SECONDS} s; load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}\n`);
  console.log("| streams held | delivery p50 / p95 / p99 ms | messages/s | server RSS MB | heap MB | KB per stream (RSS / heap) | idle server CPU | CPU with messages (server / PostgreSQL / client) | server CPU ms per message | opening (time, server CPU ms per stream) | server fds |");
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
} finally {
  for (const req of open) req.destroy();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await database.drop();
  execFileSync("rm", ["-rf", `${serverDir}/.data/bench-streams-${process.pid}`]);
}
