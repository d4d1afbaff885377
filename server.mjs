// Starts the HTTP server: one process, or — with several cores and PostgreSQL — a primary that
// keeps WEB_CONCURRENCY server processes running on one port (docs/scaling.md#processes).
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { processCount } from "./server/process-count.mjs";

const { count, note } = processCount(process.env, availableParallelism());
if (cluster.isPrimary && note) console.log(note);
if (cluster.isPrimary && count > 1) {
  const { runPrimary } = await import("./server/cluster.mjs");
  runPrimary(count);
} else {
  await import("./server/serve.mjs");
}
