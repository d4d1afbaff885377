// Measures chat delivery across two server processes: `npm run build:local && DATABASE_URL=… npm run bench:chat`.
// Starts two built servers on a fresh PostgreSQL database of its own, logs in BENCH_PAIRS pairs of
// members, opens each recipient's event stream on the second process and sends messages through
// the first, as the page's composer does (the action alone; the page reloads its data apart).
// Two runs:
// - at a steady rate (BENCH_RATE messages/s, spread over the pairs, each sent at its scheduled
//   moment whether or not the one before was delivered): the time from that moment until the
//   recipient's stream announces the message, p50/p95/p99 over BENCH_MESSAGES messages;
// - flat out: every pair sends its next message as soon as the last one arrived, which shows the
//   most this machine delivers and the latency when it is saturated.
// A warm-up of BENCH_WARMUP messages is not counted. Results are recorded by hand in bench/RESULTS.md.
import { request as httpRequest, type ClientRequest } from "node:http";
import path from "node:path";
import { createBenchDatabase } from "./bench-database";
import { messageEventReader } from "./message-events";
import { messagesPerSender, sendRefusal } from "./chat-sends";
import { loadTenants } from "../app/tenancy/load-tenants.server";
import { createMember } from "../tests/fixtures/members";
import { logIn, removeTempDirs, send, startServer, waitForListening } from "../tests/fixtures/server-process";

const url = process.env.DATABASE_URL;
if (!url) throw new Error("bench:chat needs DATABASE_URL (two processes share only a PostgreSQL database)");
const PAIRS = Number(process.env.BENCH_PAIRS ?? 40);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);

const tenant = loadTenants("tenants").get("flirtpunt")!;
// Each pair's sender stays under the rate limit and the brand's daily credit limit: past them a
// send is refused and its delivery would never come.
const perSender = Math.ceil((WARMUP + 2 * MESSAGES) / PAIRS);
if (perSender > messagesPerSender(tenant)) {
  throw new Error(`${PAIRS} pairs would send ${perSender} messages each; a member may send ${messagesPerSender(tenant)}: raise BENCH_PAIRS to ${Math.ceil((WARMUP + 2 * MESSAGES) / messagesPerSender(tenant))} or more`);
}

const database = await createBenchDatabase(url, `bench_chat_${process.pid}`, 4);
const host = tenant.domains[0]!;
const servers = [0, 1].map(() => startServer(path.resolve("tenants"), { DATABASE_URL: database.url }));
const openStreams: ClientRequest[] = [];

/** A recipient's event stream: `next(conversation)` resolves when that conversation's next message event arrives (in order). */
function eventStream(port: number, cookie: string) {
  const waiting = new Map<number, (() => void)[]>();
  const opened = new Promise<void>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/events", headers: { host, cookie } }, (res) => {
      res.setEncoding("utf8");
      res.on("data", messageEventReader((conversation) => waiting.get(conversation)?.shift()?.()));
      resolve();
    });
    req.on("error", reject);
    req.end();
    openStreams.push(req);
  });
  return {
    opened,
    next: (conversation: number) =>
      new Promise<void>((resolve) => {
        const queue = waiting.get(conversation) ?? [];
        queue.push(resolve);
        waiting.set(conversation, queue);
      }),
  };
}

interface Pair {
  senderCookie: string;
  stream: ReturnType<typeof eventStream>;
  conversation: number;
}

/** Sends one message and resolves with the milliseconds from `from` until it was announced on the recipient's stream. */
async function deliver(pair: Pair, sendPort: number, text: string, from: number): Promise<number> {
  const arrived = pair.stream.next(pair.conversation);
  const reply = await send(sendPort, host, `/chats/${pair.conversation}.data`, {
    cookie: pair.senderCookie,
    fields: { intent: "text", body: text },
    // What the browser's fetch sends: the page's script, not a page load.
    headers: { "sec-fetch-dest": "empty" },
  });
  const refused = sendRefusal(reply);
  if (refused) throw new Error(`send refused: ${refused}`);
  await arrived;
  return performance.now() - from;
}

function summary(label: string, values: number[], seconds: number): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(1);
  return `| ${label} | ${sorted.length} | ${(sorted.length / seconds).toFixed(0)} | ${at(50)} | ${at(95)} | ${at(99)} | ${sorted.at(-1)!.toFixed(1)} |`;
}

/** Messages at a steady rate, round robin over the pairs. */
async function steady(pairs: Pair[], sendPort: number, count: number): Promise<{ latencies: number[]; seconds: number }> {
  const start = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const due = start + (i * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      // Measured from the scheduled moment: a late start counts as waiting.
      return deliver(pairs[i % pairs.length]!, sendPort, `Bericht ${i}`, due);
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000 };
}

/** Every pair sends its next message as soon as the last one arrived. */
async function flatOut(pairs: Pair[], sendPort: number, count: number): Promise<{ latencies: number[]; seconds: number }> {
  const start = performance.now();
  const latencies: number[] = [];
  await Promise.all(
    pairs.map(async (pair, p) => {
      for (let n = p; n < count; n += pairs.length) latencies.push(await deliver(pair, sendPort, `Snel ${n}`, performance.now()));
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000 };
}

try {
  await Promise.all(servers.map(waitForListening));
  const [sendPort, streamPort] = servers.map((server) => server.port) as [number, number];
  const pairs = await Promise.all(
    Array.from({ length: PAIRS }, async (_, i): Promise<Pair> => {
      const [, { id: to }] = await Promise.all([
        createMember(database.db, { tenant, email: `sender${i}@bench.invalid`, password: "bench-password-sender", credits: 10_000_000, paidUser: true }),
        createMember(database.db, { tenant, email: `recipient${i}@bench.invalid`, password: "bench-password-recipient" }),
      ]);
      const [senderCookie, recipientCookie] = await Promise.all([
        logIn(sendPort, host, `sender${i}@bench.invalid`, "bench-password-sender"),
        logIn(streamPort, host, `recipient${i}@bench.invalid`, "bench-password-recipient"),
      ]);
      const stream = eventStream(streamPort, recipientCookie);
      await stream.opened;
      // The first message starts the conversation.
      const first = await send(sendPort, host, `/members/${to}/chat`, { cookie: senderCookie, fields: { intent: "text", body: "Hallo!" } });
      const conversation = Number(/\/chats\/(\d+)/.exec(first.headers.location ?? "")?.[1]);
      if (!conversation) throw new Error(`the first message of pair ${i} was not sent (${first.status})`);
      return { senderCookie, stream, conversation };
    }),
  );

  // The first messages' events pass before anything is measured.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await steady(pairs, sendPort, WARMUP);
  const atRate = await steady(pairs, sendPort, MESSAGES);
  const saturated = await flatOut(pairs, sendPort, MESSAGES);
  console.log(`\n${PAIRS} pairs; messages sent through one server process, announced on the other's streams; ${WARMUP} warm-up messages not counted\n`);
  console.log("| load | messages | delivered/s | p50 ms | p95 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|");
  console.log(summary(`steady ${RATE} messages/s`, atRate.latencies, atRate.seconds));
  console.log(summary("flat out (each pair sends on delivery)", saturated.latencies, saturated.seconds));
} finally {
  for (const stream of openStreams) stream.destroy();
  await Promise.all(servers.map((server) => server.stop()));
  removeTempDirs();
  await database.drop();
}
