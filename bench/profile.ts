// Where a page's server CPU goes: `npx tsx bench/profile.ts <page numbers> [requests]` starts the
// built server with Node's CPU profiler, loads each chosen page of bench/pages.ts (numbered from 0
// in PAGES) with 10 connections, stops the server and prints the profile's heaviest functions
// (bench/README.md#profiling).
import autocannon from "autocannon";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { benchMembers, memberRequests, pageHeaders, PAGES, pageLabel } from "./pages";
import { startServer } from "./server";

/** PROFILE_PORT moves the server off 3295, for two profiles on one machine. */
const PORT = Number(process.env.PROFILE_PORT ?? 3295);
const pages = (process.argv[2] ?? "").split(",").filter(Boolean).map((n) => PAGES[Number(n)]);
if (!pages.length || pages.some((page) => !page || page.floor)) throw new Error(`pages by number: ${PAGES.map((page, i) => `${i} ${pageLabel(page)}`).join(", ")}`);
const REQUESTS = Number(process.argv[3] ?? 2000);
const dir = mkdtempSync(path.join(tmpdir(), "profile-"));

process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
const server = await startServer(PORT, ".data/bench");
const members = pages.some((page) => page!.member) ? await benchMembers(PORT) : [];
for (const page of pages) {
  const options = { url: `http://127.0.0.1:${PORT}${page!.path}`, headers: pageHeaders(page!), requests: page!.member ? [{ setupRequest: memberRequests(members)(page!) }] : undefined, connections: 10 };
  const result = await autocannon({ ...options, amount: REQUESTS });
  console.log(`${pageLabel(page!)}: ${REQUESTS} requests, ${result.non2xx} not 2xx`);
}
server.kill("SIGTERM");
await new Promise((resolve) => server.on("exit", resolve));

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = path.join(dir, readdirSync(dir)[0]!);
const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
const name = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) =>
  `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/build\//, "build/")}:${lineNumber}`;
// Self time per function, and time with callees (each function counted once per sample).
const own = new Map<string, number>();
const total = new Map<string, number>();
let busy = 0;
profile.samples.forEach((id, i) => {
  const node = nodes.get(id)!;
  if (node.callFrame.functionName === "(idle)") return;
  const time = profile.timeDeltas[i] ?? 0;
  busy += time;
  own.set(name(node), (own.get(name(node)) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const key = name(nodes.get(at)!);
    if (!seen.has(key)) total.set(key, (total.get(key) ?? 0) + time);
    seen.add(key);
  }
});
const top = (times: Map<string, number>) =>
  [...times].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([key, time]) => `${((100 * time) / busy).toFixed(1).padStart(5)} %  ${key}`).join("\n");
console.log(`\nBusy CPU ${(busy / 1000).toFixed(0)} ms (start-up included); the profile: ${file}\n\nSelf time:\n${top(own)}\n\nWith callees:\n${top(total)}`);
