import { createHmac, randomUUID } from "node:crypto";
import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { signingKey } from "~/services/secrets/keys.server";

/*
 * One JSON line per request (docs/operations.md#logs): time, request id, brand, route id, method,
 * status, duration, and who asked as an opaque id. Never an address, a token, an e-mail address,
 * a message or a raw path (it may carry a token or a member's name).
 */

/** A request id a proxy of ours may hand on: short, plain characters only, so it cannot forge log lines. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The proxy's X-Request-Id when a trusted proxy sent one, else a new one. */
export function requestIdFor(headers: Headers, viaTrustedProxy: boolean): string {
  const forwarded = viaTrustedProxy ? headers.get("x-request-id")?.trim() : undefined;
  return forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/**
 * Who made the request, as an id that is the same in every line about them but says nothing by
 * itself: a keyed hash, which only someone with the secrets can tie back to a member.
 */
export function opaqueId(kind: "member" | "staff", id: number): string {
  return createHmac("sha256", signingKey("log-id")).update(`${kind}:${id}`).digest("base64url").slice(0, 16);
}

type Kind = "document" | "data" | "resource";

/**
 * The Remix route that answers a path (its id, e.g. `routes/_default.members.$id`), so figures
 * and lines group by route and not by raw path; `.data` requests count as their page's route.
 */
export function createRouteMatcher(routes: ServerBuild["routes"], answeredBeforeRemix: Record<string, { route: string; kind: Kind }> = {}): (pathname: string) => { route: string | null; kind: Kind } {
  const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as AgnosticRouteObject;
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), object]);
  }
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => (route.index ? route : { ...route, children: tree(route.id) }));
  const roots = tree(undefined);
  // matchRoutes ranks the whole route tree on every call (about 0.3 ms here), too much for every
  // request: paths are matched once per shape, ids and tokens standing in as one placeholder.
  const byShape = new Map<string, { route: string | null; kind: Kind }>();
  const fixedRoutes = new Map(Object.entries(answeredBeforeRemix));
  return (pathname) => {
    const fixed = fixedRoutes.get(pathname);
    if (fixed) return fixed;
    const shape = pathname.replace(/\/(?:\d+|[^/]{21,})(?=\/|\.data$|$)/g, "/0");
    let found = byShape.get(shape);
    if (!found) {
      const data = shape.endsWith(".data");
      const path = data ? (shape === "/_root.data" ? "/" : shape.slice(0, -".data".length)) : shape;
      const leaf = matchRoutes(roots, path)?.at(-1)?.route;
      const module = leaf?.id ? routes[leaf.id]?.module : undefined;
      found = { route: leaf?.id ?? null, kind: data ? "data" : module && !("default" in module) ? "resource" : "document" };
      // Unknown paths have endless shapes: the cache stays bounded.
      if (byShape.size >= SHAPES_KEPT) byShape.clear();
      byShape.set(shape, found);
    }
    return found;
  };
}

const SHAPES_KEPT = 2000;
