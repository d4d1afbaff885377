// Measures pages of the built server under load: `npm run build && npm run bench`.
// Starts server.mjs on its own port and data directory, runs autocannon against each page with
// 20 connections, and prints a table; results are recorded by hand in bench/RESULTS.md.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import autocannon from "autocannon";

const PORT = 3288;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const HOST = "flirtpunt.localhost";
const PAGES = ["/healthz", "/pages/cookies", "/", "/pages/terms"];

const dataDir = ".data/bench";
if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ["server.mjs"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, DEV_TENANT_HOSTS: "1", LOCAL_SERVICES: "1" },
  stdio: ["ignore", "pipe", "inherit"],
});

await new Promise<void>((resolve, reject) => {
  server.stdout!.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("listening on")) resolve();
  });
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const rows: string[] = [];
for (const path of PAGES) {
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}${path}`,
    headers: { host: HOST, cookie: "site_entry=MTc2MzY4MzIwMDAwMA%3D%3D" },
    connections: 20,
    duration: DURATION,
  });
  rows.push(
    `| ${path} | ${result.requests.average.toFixed(0)} | ${result.latency.average.toFixed(1)} | ${result.latency.p99} | ${result.non2xx} |`,
  );
}
server.kill("SIGTERM");

console.log(`\n${DURATION}s per page, 20 connections, one server process\n`);
console.log("| page | requests/s | mean latency ms | p99 ms | non-2xx |\n|---|---|---|---|---|");
console.log(rows.join("\n"));
