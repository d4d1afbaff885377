// Two builds, the same pages, the same data: `npx tsx bench/compare.ts <checkout A> <checkout B>
// <page numbers> [requests per turn] [turns]` starts the built server of each checkout (each
// `npm run build:local` first) on the benchmark's data and loads each chosen page of
// bench/pages.ts in alternating turns, measuring the CPU each server used per request. Taking
// turns makes the comparison fair on a machine whose speed drifts (bench/README.md#comparing-two-builds).
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { benchMembers, memberRequests, pageHeaders, PAGES, pageLabel } from "./pages";
import { cpuMs, listening, serverEnv } from "./server";

const [first, second, pageList, amount = "600", turns = "5"] = process.argv.slice(2);
const pages = (pageList ?? "").split(",").filter(Boolean).map((n) => PAGES[Number(n)]);
if (!first || !second || !pages.length || pages.some((page) => !page || page.floor)) {
  throw new Error(`usage: compare.ts <checkout A> <checkout B> <page numbers: ${PAGES.map((page, i) => `${i} ${pageLabel(page)}`).join(", ")}> [requests] [turns]`);
}
const REQUESTS = Number(amount);
/** COMPARE_PORT moves both servers (A on it, B on the next), for two comparisons on one machine. */
const PORT = Number(process.env.COMPARE_PORT ?? 3296);
const PORTS = [PORT, PORT + 1];

/** Node options of each server: `COMPARE_NODE_ARGS_A`, `COMPARE_NODE_ARGS_B` (a flag's effect on one build). */
const nodeArgs = (which: "A" | "B") => process.env[`COMPARE_NODE_ARGS_${which}`]?.split(" ").filter(Boolean) ?? [];

function start(checkout: string, port: number, which: "A" | "B"): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...nodeArgs(which), "server.mjs"], {
    cwd: checkout,
    env: serverEnv(port, path.resolve(".data/bench")),
    stdio: ["ignore", "pipe", "inherit"],
  });
  return listening(server);
}

const servers = [await start(path.resolve(first), PORTS[0]!, "A"), await start(path.resolve(second), PORTS[1]!, "B")];
const members = pages.some((page) => page!.member) ? await benchMembers(PORTS[0]!) : [];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`| page | A: CPU ms/request | B: CPU ms/request | B ÷ A | B ÷ A, median of the turns | A, each turn | B, each turn |\n|---|---|---|---|---|---|---|`);
for (const page of pages) {
  const options = (which: number) => ({
    url: `http://127.0.0.1:${PORTS[which]}${page!.path}`,
    headers: pageHeaders(page!),
    requests: page!.member ? [{ setupRequest: memberRequests(members)(page!) }] : undefined,
    connections: 10,
  });
  for (const which of [0, 1]) await autocannon({ ...options(which), amount: REQUESTS / 2 });
  const perTurn: number[][] = [[], []];
  for (let turn = 0; turn < Number(turns); turn++) {
    for (const which of turn % 2 ? [1, 0] : [0, 1]) {
      const before = cpuMs([servers[which]!.pid!]);
      const result = await autocannon({ ...options(which), amount: REQUESTS });
      if (result.non2xx) throw new Error(`${pageLabel(page!)}: ${result.non2xx} answers not 2xx`);
      perTurn[which]!.push((cpuMs([servers[which]!.pid!]) - before) / REQUESTS);
    }
  }
  const [a, b] = perTurn.map(median) as [number, number];
  const turnsOf = (values: number[]) => values.map((value) => value.toFixed(1)).join(", ");
  // Each turn measures A and B back to back, so the ratio within a turn leaves out the drift between turns.
  const paired = median(perTurn[1]!.map((value, turn) => value / perTurn[0]![turn]!));
  console.log(`| ${pageLabel(page!)} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${(b / a).toFixed(2)} | ${paired.toFixed(2)} | ${turnsOf(perTurn[0]!)} | ${turnsOf(perTurn[1]!)} |`);
}
for (const server of servers) server.kill("SIGTERM");
