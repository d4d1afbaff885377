// One server process: static files, then every other request through Remix with the brand of its
// host. Started by server.mjs, alone or as one of several (server/cluster.mjs).
import cluster from "node:cluster";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { broadcastDevReady } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { mediaFiles } from "./media-files.mjs";

const BUILD_PATH = path.resolve("build/index.js");
if (!existsSync(BUILD_PATH)) {
  console.error("No build found: run `npm run build` first (or `npm run quickstart`).");
  process.exit(1);
}
// A process whose primary has gone stops too, instead of serving on unwatched; until it listens
// there is nothing to finish.
let stop = () => process.exit(1);
if (cluster.isWorker) process.on("disconnect", () => void stop("primary gone"));

/** A setting that is missing or wrong (app/env.server.ts SettingError): one line naming it, no stack trace. */
function exitOnSettingError(error) {
  if (error?.name !== "SettingError") throw error;
  console.error(error.message);
  process.exit(1);
}

const build = await import(BUILD_PATH).catch(exitOnSettingError);
const { createAppHandler, createMetricsHandler, startup, shutdown, endEventStreams, MEMBER_EVENTS_PATH } = build.entry.module;
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT ?? 3000);
// Only this machine reaches a server nobody configured (docs/product/safety.md#fail-closed); a
// proxy or container sets HOST=0.0.0.0.
const host = process.env.HOST || "127.0.0.1";
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

try {
  await startup();
} catch (error) {
  // A broken tenant file or database stops the server with one clear line.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

/** Files get the same basic security headers as pages (docs/product/safety.md#headers). */
function fileHeaders(res) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", false);
app.use(compression());
// Prometheus's scrape, before the site: with METRICS_TOKEN and its bearer token only, otherwise on
// to the site's 404; never counted as a request of a brand (docs/operations.md#metrics).
const handleMetrics = createMetricsHandler();
app.get("/metrics", (req, res, next) => void handleMetrics(req, res, next).catch(next));
// The browser build goes out as compressed at build time (server/precompress.mjs): Brotli to every
// browser that takes it, gzip to the rest, the file itself to a client that takes neither; nothing is
// compressed per request (docs/decisions/039-precompressed-build.md). `remix dev` rebuilds without
// them, so there the compression middleware compresses.
const buildFiles = { immutable: true, maxAge: "1y", setHeaders: fileHeaders };
app.use("/build", production ? expressStaticGzip("public/build", { enableBrotli: true, orderPreference: ["br", "gz"], serveStatic: buildFiles }) : express.static("public/build", buildFiles));
// The public storage area only: members' faces (docs/decisions/045-media-private-and-public-storage-areas.md).
// Every other file is in DATA_DIR/storage, which only the signed links (/private-media/…) read.
// A day, not a year: a face taken down (another main photo, a deleted account) leaves the
// browsers' and any proxy's cache within a day.
app.use("/media", mediaFiles(path.join(dataDir, "public-media"), { maxAge: "1d", setHeaders: fileHeaders }));
// Catalogue URLs carry a version (see catalogueVersion), so a year is safe in production.
app.use("/locales", express.static("public/locales", { maxAge: production ? "1y" : 0, setHeaders: fileHeaders }));
// The other public files are known at start: a page's path goes straight on to Remix instead of
// costing a disk lookup on every request (docs/decisions/028-request-path.md).
const publicFiles = new Set(
  readdirSync("public", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${path.relative("public", path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join("/")}`)
    .filter((file) => !file.startsWith("/build/") && !file.startsWith("/locales/")),
);
const publicFile = express.static("public", { maxAge: "1h", index: false, setHeaders: fileHeaders });
app.use((req, res, next) => (publicFiles.has(req.path) ? publicFile(req, res, next) : next()));
// The methods Remix hands to a route; any other (TRACE, PROPFIND…) is one no page or call of the
// site implements, and some of them the Fetch API refuses to make a request of (a 500 before).
const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
app.use((req, res, next) => (ROUTED_METHODS.has(req.method) ? next() : res.status(501).set("Cache-Control", "no-store").end()));
// Every other request: the brand and member of the request, the one request guard (cross-site
// posts, body size), then Remix.
const handleApp = createAppHandler(build);
// Requests still being worked on, also after their client went away: stopping waits for them
// before it closes the database.
let working = 0;
let idle = () => undefined;
function answer(req, res, next) {
  working++;
  handleApp(req, res, next).finally(() => {
    if (--working === 0) idle();
  });
}
app.all("*", answer);

/** What Express would do with an error on a request it never saw: a 500 if nothing was sent yet. */
function failed(res) {
  return (error) => {
    console.error(error);
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end("Internal Server Error");
  };
}

// The members' event streams go straight to the app's handler, past Express and its middleware:
// a stream is held for hours by every member with a page open, and all it needs is that handler
// (docs/scaling.md, "Open event streams").
const server = createServer((req, res) => (req.url?.split("?", 1)[0] === MEMBER_EVENTS_PATH ? answer(req, res, failed(res)) : app(req, res)));
server.listen(port, host, () => {
  // Alone it says where it listens; one of several leaves that to the primary, once all listen.
  if (cluster.isWorker) console.log(`server process ${process.pid} ready`);
  else console.log(`listening on http://${host.includes(":") ? `[${host}]` : host}:${port}`);
  if (!production) broadcastDevReady(build);
});
// A client gets this long to send its headers, and its whole request (a photo upload on a slow
// line included); the answer may take longer (the event stream stays open for hours).
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;

/** How long the requests being answered may take to finish once the process stops. */
const DRAIN_MS = 20_000;
let stopping = false;
/**
 * Stops taking connections, lets every request being answered finish (up to DRAIN_MS), and only
 * then closes the database: a restart or deploy drops no request. Open event streams end at once —
 * the browser reconnects, to another process — as they would otherwise hold the process for hours.
 */
stop = async (reason) => {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: closing`);
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  endEventStreams();
  const deadline = setTimeout(() => {
    server.closeAllConnections();
    idle();
  }, DRAIN_MS);
  await closed;
  if (working > 0) await new Promise((resolve) => (idle = resolve));
  clearTimeout(deadline);
  try {
    await shutdown();
  } finally {
    process.exit(0);
  }
};
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
