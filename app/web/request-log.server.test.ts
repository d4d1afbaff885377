import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createRouteMatcher, opaqueId, requestIdFor } from "./request-log.server";

describe("the request id", () => {
  it("is a trusted proxy's X-Request-Id when it is plain, else a new one", () => {
    const headers = new Headers({ "x-request-id": "edge-42.abc" });
    expect(requestIdFor(headers, true)).toBe("edge-42.abc");
    expect(requestIdFor(headers, false)).not.toBe("edge-42.abc");
    const forged = requestIdFor(new Headers({ "x-request-id": "x\"},{\"status\":200" }), true);
    expect(forged).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the opaque id", () => {
  it("is the same for one member in every line, differs between members and kinds, and shows no number", () => {
    expect(opaqueId("member", 42)).toBe(opaqueId("member", 42));
    expect(opaqueId("member", 42)).not.toBe(opaqueId("member", 43));
    expect(opaqueId("member", 42)).not.toBe(opaqueId("staff", 42));
    expect(opaqueId("member", 42)).not.toContain("42");
  });
});

describe("the route of a path", () => {
  const route = (id: string, parentId: string | undefined, path: string | undefined, extra: Record<string, unknown> = {}) => ({ id, parentId, path, module: { default: () => null }, ...extra });
  const routes = {
    root: route("root", undefined, ""),
    "routes/_default": route("routes/_default", "root", undefined),
    "routes/_default._index": route("routes/_default._index", "routes/_default", undefined, { index: true }),
    "routes/_default.members.$id": route("routes/_default.members.$id", "routes/_default", "members/:id"),
    "routes/api.events": { ...route("routes/api.events", "root", "api/events"), module: { loader: () => null } },
  } as unknown as ServerBuild["routes"];
  const routeOf = createRouteMatcher(routes);

  it("is the answering route's id, never the raw path, for documents, data requests and resources", () => {
    expect(routeOf("/members/123")).toEqual({ route: "routes/_default.members.$id", kind: "document" });
    expect(routeOf("/members/123.data")).toEqual({ route: "routes/_default.members.$id", kind: "data" });
    expect(routeOf("/")).toEqual({ route: "routes/_default._index", kind: "document" });
    expect(routeOf("/_root.data")).toEqual({ route: "routes/_default._index", kind: "data" });
    expect(routeOf("/api/events")).toEqual({ route: "routes/api.events", kind: "resource" });
    expect(routeOf("/nowhere/at/all").route).toBeNull();
  });
});
