import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import { brandAndLanguageWithoutMember, createRequestContext, staffAreaOpen } from "~/context.server";
import { env } from "~/env.server";
import { logger } from "~/services/logging/logger.server";
import { httpShed, reportShedding, requestStarted } from "~/services/metrics/http.server";
import { createRouteMatcher, opaqueId, requestIdFor } from "./request-log.server";
import { clientAddress, isFromThisMachine, nearestValue, parseTrustedProxies, peerIsTrusted, warnUntrustedForwarding } from "./client-address.server";
import { wholeDocumentBody } from "./document-body.server";
import { finishHeaders } from "./security-headers.server";
import { guardRequest } from "./request-guard.server";
import { isStaffPath } from "~/models/staff/staff-paths";
import { MEMBER_EVENTS_PATH, MEMBER_EVENTS_ROUTE, serveMemberEvents } from "./member-events-endpoint.server";
import { busyAnswerKind, busyHealth, prepareBusyAnswers, sheddingRule, startLoadShedding, type BusyAnswer, type SheddingRule } from "./load-shedding.server";

/** A Node request's headers as Fetch headers. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The Fetch request Remix sees. Aborted when the client goes away before the answer is complete,
 * so a loader or an open event stream stops working for nobody.
 */
function fetchRequest(req: IncomingMessage, res: ServerResponse, headers: Headers): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", `http://${headers.get("host") ?? "localhost"}`);
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  const document = wholeDocumentBody(response);
  if (document) res.end(document);
  else if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Every request that is not a static file (server/serve.mjs): the brand, member and language of the
 * request, then the one request guard (docs/product/safety.md#request-guard), then Remix.
 */
export function createAppHandler(build: ServerBuild) {
  const handleRemix = createRequestHandler(build, build.mode);
  const routeOf = createRouteMatcher(build.routes, { [MEMBER_EVENTS_PATH]: MEMBER_EVENTS_ROUTE });
  const trust = parseTrustedProxies(env().TRUSTED_PROXIES);
  const devPagesForwarded = env().devPagesForwarded;
  // Load shedding (docs/decisions/051-load-shedding.md): refused before anything is looked up.
  const shedder = startLoadShedding(env().shedding);
  reportShedding(() => shedder.reading().shedding);
  const busyAnswers = prepareBusyAnswers(env().shedding.retryAfterSeconds);
  busyAnswers.catch(() => undefined);
  const healthBusy = busyHealth(env().shedding.retryAfterSeconds);

  /** A quick 503 with Retry-After: the busy page in the visitor's language, or its short form for scripts and page data. */
  async function refuse(req: IncomingMessage, res: ServerResponse, rule: SheddingRule, pathname: string, started: number): Promise<void> {
    const headers = headersOf(req);
    const viaTrustedProxy = peerIsTrusted(req, trust);
    const requestId = requestIdFor(headers, viaTrustedProxy);
    const kind = busyAnswerKind(req.method ?? "GET", pathname, headers.get("accept"));
    let answer: BusyAnswer = healthBusy;
    let brand: string | null = null;
    if (rule !== "health") {
      const { tenant, language } = await brandAndLanguageWithoutMember(headers, viaTrustedProxy, pathname);
      brand = tenant?.id ?? null;
      answer = (await busyAnswers)(kind, language);
    }
    httpShed.inc();
    res.writeHead(503, { ...answer.headers, "X-Request-Id": requestId });
    res.end(answer.body);
    const route = routeOf(pathname);
    logger().info({ req: requestId, brand, route: route.route, kind: route.kind, method: req.method, status: 503, ms: Math.round(performance.now() - started), shed: true });
  }

  return async (req: IncomingMessage, res: ServerResponse, next: (error: unknown) => void): Promise<void> => {
    const started = performance.now();
    // Counted by route id, never the raw path (docs/operations.md#metrics).
    const counted = requestStarted(started);
    const pathname = new URL(req.url ?? "/", "http://path.invalid").pathname;
    res.once("close", () => counted.finished({ ...routeOf(pathname), method: req.method ?? "GET", status: res.statusCode }));
    try {
      const rule = sheddingRule(pathname);
      if (shedder.refuses(rule)) return await refuse(req, res, rule, pathname, started);
      if (shedder.counts(rule)) {
        shedder.began();
        res.once("close", () => shedder.ended());
      }
      const headers = headersOf(req);
      const viaTrustedProxy = peerIsTrusted(req, trust);
      warnUntrustedForwarding(req, viaTrustedProxy);
      const requestId = requestIdFor(headers, viaTrustedProxy);
      res.setHeader("X-Request-Id", requestId);
      const context = await createRequestContext(headers, { clientIp: clientAddress(req, trust), viaTrustedProxy, fromThisMachine: isFromThisMachine(req, devPagesForwarded) }, pathname);
      context.requestId = requestId;
      res.once("close", () => {
        const { route, kind } = routeOf(pathname);
        logger().info({
          req: requestId,
          brand: context.tenant?.id ?? null,
          route,
          kind,
          method: req.method,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          ...(context.member ? { member: opaqueId("member", context.member.id) } : {}),
          ...(context.staff ? { staff: opaqueId("staff", context.staff.id) } : {}),
        });
      });
      // Over HTTPS: TLS here, or at our proxy, which says so in X-Forwarded-Proto.
      const https = "encrypted" in req.socket || (viaTrustedProxy && nearestValue(headers, "x-forwarded-proto") === "https");
      if (pathname === MEMBER_EVENTS_PATH) {
        return await serveMemberEvents(req, res, context, {
          finish: (answer) => finishHeaders(answer, { member: context.member !== null, https }),
          send: (response) => sendResponse(res, response),
          streaming: () => counted.streaming(),
        });
      }
      const staffArea = isStaffPath(pathname);
      // With STAFF_HOST set, a staff path elsewhere is a 404 before Remix: documents, data requests and actions alike (review N-M-2).
      const guarded = staffArea && !staffAreaOpen(context.host) ? { refused: new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } }) } : await guardRequest(fetchRequest(req, res, headers), context.host, context.language);
      const response = "refused" in guarded ? guarded.refused : await handleRemix(guarded.request, context);
      finishHeaders(response.headers, { member: context.member !== null, https, staffArea });
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
