import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AgnosticRouteObject, matchPath as MatchPath, matchRoutes as MatchRoutes } from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";

// The server loads @remix-run/router's CommonJS build, the one patched (docs/decisions/030-route-matching-cache.md).
const require = createRequire(import.meta.url);
const { matchPath, matchRoutes } = require("@remix-run/router") as { matchPath: typeof MatchPath; matchRoutes: typeof MatchRoutes };

type Route = AgnosticRouteObject;

const tree = (): Route[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "member", path: "members/:id", children: [{ id: "member-index", index: true }, { id: "chat", path: "chat" }] },
      { id: "page", path: "pages/:page" },
      { id: "lander", path: "landers/:kind/:slug?" },
      { id: "case", path: "Exact", caseSensitive: true },
      { id: "rest", path: "*" },
    ],
  },
];

const children = (route: Route): Route[] => ("children" in route && route.children) || [];
const ids = (routes: Route[], path: string) => matchRoutes(routes, path)?.map((match) => match.route.id);

describe("route matching with the kept branches", () => {
  it("runs on the patched build (npm ci applies patches/ after installing)", () => {
    const source = readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(source).toContain("rankedBranchPlans");
    expect(source).toContain("compiledPaths");
    expect(source).toContain("winners");
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesByManifest");
    expect(readFileSync(require.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesByRoutes");
  });

  it("matches as the framework does, call after call", () => {
    for (let i = 0; i < 3; i++) {
      const routes = tree();
      expect(ids(routes, "/")).toEqual(["root", "home"]);
      expect(ids(routes, "/members/5")).toEqual(["root", "member", "member-index"]);
      expect(ids(routes, "/members/5/chat")).toEqual(["root", "member", "chat"]);
      expect(ids(routes, "/MEMBERS/5")).toEqual(["root", "member", "member-index"]);
      expect(ids(routes, "/landers/swipe")).toEqual(["root", "lander"]);
      expect(ids(routes, "/exact")).toEqual(["root", "rest"]);
      expect(ids(routes, "/Exact")).toEqual(["root", "case"]);
      expect(matchRoutes(routes, "/landers/swipe/bdsm-de")?.[1]?.params).toEqual({ kind: "swipe", slug: "bdsm-de" });
    }
  });

  it("hands back the route objects of the array it was given, not those of an earlier call", () => {
    const first = tree();
    const second = tree();
    matchRoutes(first, "/members/1/chat");
    const matches = matchRoutes(second, "/members/1/chat")!;
    expect(matches[2]!.route).toBe(children(children(second[0]!)[1]!)[1]);
  });

  it("remembers the branch a path matched, and that a path matched none, per tree", () => {
    const routes = [{ id: "root", path: "", children: [{ id: "page", path: "pages/:page" }, { id: "member", path: "members/:id" }] }];
    for (let i = 0; i < 2; i++) {
      expect(matchRoutes(routes, "/pages/cookies")?.[1]?.params).toEqual({ page: "cookies" });
      expect(matchRoutes(routes, "/pages/terms")?.[1]?.params).toEqual({ page: "terms" });
      expect(matchRoutes(routes, "/nowhere")).toBeNull();
    }
    // Each call gets matches of its own: changing one does not change the next.
    const first = matchRoutes(routes, "/members/7")!;
    (first[1]!.params as Record<string, string>).id = "8";
    expect(matchRoutes(routes, "/members/7")?.[1]?.params).toEqual({ id: "7" });
  });

  it("sees a tree changed in place", () => {
    const routes = tree();
    expect(ids(routes, "/likes")).toEqual(["root", "rest"]);
    children(routes[0]!).push({ id: "likes", path: "likes" });
    expect(ids(routes, "/likes")).toEqual(["root", "likes"]);
    // A path that matched one branch before the change matches the new best one after it.
    expect(ids(routes, "/members/5/chat")).toEqual(["root", "member", "chat"]);
    children(routes[0]!).unshift({ id: "chat-first", path: "members/:id/chat" });
    expect(ids(routes, "/members/5/chat")).toEqual(["root", "chat-first"]);
    // A route replaced by another at its place counts too. (A route object's own id, path and
    // index never change: the router lets nothing set them, not even a lazy route.)
    const siblings = children(routes[0]!);
    const at = siblings.findIndex((route) => route.id === "page");
    expect(ids(routes, "/pages/faq")).toEqual(["root", "page"]);
    siblings[at] = { ...siblings[at]!, path: "help/:page" };
    expect(ids(routes, "/pages/faq")).toEqual(["root", "rest"]);
    expect(ids(routes, "/help/faq")).toEqual(["root", "page"]);
  });
});

// What the patch saves, observed from outside: the work it skips reads route paths and builds
// regular expressions, and both can be counted. These fail when the installed router is not the
// patched one, or when a change to the patch makes it do the work again
// (docs/decisions/054-framework-patches-reviewed.md).
describe("the work a repeated match skips", () => {
  const NativeRegExp = RegExp;
  afterEach(() => {
    globalThis.RegExp = NativeRegExp;
  });

  it("does not flatten and rank the routes again for a tree it has matched", () => {
    let pathReads = 0;
    const counted = (id: string, path: string): Route => ({
      id,
      get path() {
        pathReads++;
        return path;
      },
    });
    const routes: Route[] = [{ id: "root", path: "", children: [counted("page", "pages/:page"), counted("member", "members/:id"), counted("chats", "chats")] }];
    expect(ids(routes, "/members/3")).toEqual(["root", "member"]);
    expect(pathReads).toBeGreaterThan(0);
    pathReads = 0;
    expect(ids(routes, "/members/3")).toEqual(["root", "member"]);
    expect(ids(routes, "/pages/faq")).toEqual(["root", "page"]);
    expect(pathReads).toBe(0);
  });

  it("compiles a route pattern once", () => {
    let compiled = 0;
    globalThis.RegExp = new Proxy(NativeRegExp, {
      construct(target, args: [string, string?]) {
        compiled++;
        return new target(...args);
      },
    });
    expect(matchPath("/kept/:id/pattern", "/kept/1/pattern")?.params).toEqual({ id: "1" });
    expect(compiled).toBe(1);
    expect(matchPath("/kept/:id/pattern", "/kept/2/pattern")?.params).toEqual({ id: "2" });
    expect(compiled).toBe(1);
  });
});

// react-router-dom's server build, as <RemixServer> calls it on every document: the data routes
// of one route array are made once (patches/react-router-dom+6.30.4.patch).
const { createStaticRouter } = require("react-router-dom/server") as { createStaticRouter: (routes: Route[], context: object) => { routes: unknown[] } };

describe("the static router of a document", () => {
  const context = () => ({ basename: "", location: { pathname: "/", search: "", hash: "", state: null, key: "default" }, matches: [], loaderData: {}, actionData: null, errors: null, statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null });

  it("converts a route array to data routes once, and another array anew", () => {
    const routes = tree();
    const first = createStaticRouter(routes, context()).routes;
    expect(createStaticRouter(routes, context()).routes).toBe(first);
    const other = createStaticRouter(tree(), context()).routes;
    expect(other).not.toBe(first);
    expect(other).toEqual(first);
  });
});
