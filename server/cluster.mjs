// The primary of a multi-process server (docs/scaling.md#processes): it serves no request itself.
// It starts one server process first — that one checks the tenant files and migrates and seeds
// the database — then the others; replaces a process that dies; on SIGHUP replaces them one at a
// time (a new one listens before an old one stops: a deploy drops no request); on SIGTERM or
// SIGINT lets each finish what it is answering and then exits.
import cluster from "node:cluster";
import { AggregatorRegistry } from "prom-client";

/** This many processes ending unasked (or failing to start) within the window stop the server. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES_IN_WINDOW = 5;
/** The pause before another try when a replacement did not start. */
const RETRY_MS = 1_000;
/** How long a stopping process may take before it is killed. */
const STOP_DEADLINE_MS = 30_000;

/** @param {number} count */
export function runPrimary(count, log = console.log) {
  /** Processes that serve, and those being replaced or stopped (their exit is expected). */
  const serving = new Set();
  const retiring = new Set();
  const crashes = [];
  let stopping = false;
  let restarting = false;

  /** @returns {Promise<import("node:cluster").Worker>} */
  function start() {
    const worker = cluster.fork();
    return new Promise((resolve, reject) => {
      worker.once("listening", () => {
        serving.add(worker);
        resolve(worker);
      });
      worker.once("exit", (code, signal) => reject(new Error(`server process ${worker.process.pid} ended before listening (${signal ?? `exit code ${code}`})`)));
    });
  }

  /** Stops a process gracefully and resolves when it has ended. */
  function retire(worker) {
    serving.delete(worker);
    retiring.add(worker);
    const ended = new Promise((resolve) => worker.once("exit", resolve));
    worker.process.kill("SIGTERM");
    const deadline = setTimeout(() => worker.process.kill("SIGKILL"), STOP_DEADLINE_MS);
    deadline.unref();
    return ended.finally(() => {
      clearTimeout(deadline);
      retiring.delete(worker);
    });
  }

  /** Counts an unasked end; true when there were too many to go on. */
  function tooManyCrashes() {
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length < MAX_CRASHES_IN_WINDOW) return false;
    log(`${crashes.length} server processes ended within a minute: stopping`);
    void stopAll(1);
    return true;
  }

  /** Starts a process in place of one that ended, trying again while it fails to start. */
  function replace() {
    if (stopping) return;
    start().catch((error) => {
      log(error.message);
      if (!stopping && !tooManyCrashes()) setTimeout(replace, RETRY_MS);
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    if (stopping || retiring.has(worker) || !serving.has(worker)) return;
    serving.delete(worker);
    log(`server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`})`);
    if (!tooManyCrashes()) replace();
  });

  async function restartAll() {
    if (restarting || stopping) return;
    restarting = true;
    log(`SIGHUP: replacing ${serving.size} server processes one at a time`);
    try {
      for (const old of [...serving]) {
        await start();
        await retire(old);
      }
      log("SIGHUP: every server process replaced");
    } catch (error) {
      // A new build that does not start leaves the old processes serving.
      log(`SIGHUP: ${error.message}; the running processes stay`);
    } finally {
      restarting = false;
    }
  }

  async function stopAll(exitCode) {
    if (stopping) return;
    stopping = true;
    // Every process, the ones still starting included.
    const all = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(all.map((worker) => (retiring.has(worker) ? new Promise((resolve) => worker.once("exit", resolve)) : retire(worker))));
    process.exit(exitCode);
  }

  // A server process asked for /metrics asks here for the sum over all processes
  // (app/web/metrics-endpoint.server.ts, docs/operations.md#metrics).
  const metrics = new AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== "dating:metrics-request") return;
    const answer = (fields) => worker.isConnected() && worker.send({ type: "dating:metrics-answer", id: message.id, ...fields });
    metrics.clusterMetrics().then(
      (text) => answer({ text }),
      (error) => answer({ error: error.message }),
    );
  });

  process.on("SIGHUP", () => void restartAll());
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      log(`${signal}: closing ${serving.size} server processes`);
      void stopAll(0);
    });
  }

  (async () => {
    // The first one alone: start-up checks, migrations and the demo seed run once.
    await start();
    await Promise.all(Array.from({ length: count - 1 }, start));
    const host = process.env.HOST || "127.0.0.1";
    log(`listening on http://${host.includes(":") ? `[${host}]` : host}:${process.env.PORT ?? 3000} with ${count} server processes`);
  })().catch((error) => {
    log(error.message);
    void stopAll(1);
  });
}
