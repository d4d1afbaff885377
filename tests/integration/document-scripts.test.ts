import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeTempDirs, send, startServer, waitForListening } from "../fixtures/server-process";

// The server loads @remix-run/react's CommonJS build, whose <Scripts> keeps each module script
// (patches/, docs/decisions/030-route-matching-cache.md).
const require = createRequire(import.meta.url);

/** The route ids a document's module script hands to the browser, and the routes of its inlined manifest. */
function moduleScript(body: string) {
  const modules = /window\.__remixRouteModules = \{([^}]*)\}/.exec(body)?.[1] ?? "";
  const manifest = /window\.__remixManifest = (\{[\s\S]*?\});\n/.exec(body)?.[1] ?? "{}";
  return {
    modules: [...modules.matchAll(/"([^"]+)":route\d+/g)].map((match) => match[1]),
    manifest: Object.keys((JSON.parse(manifest) as { routes?: Record<string, unknown> }).routes ?? {}).sort(),
  };
}

describe("the module script of a document", () => {
  let server: ReturnType<typeof startServer>;
  beforeAll(async () => {
    server = startServer("tenants");
    await waitForListening(server);
  });
  afterAll(async () => {
    await server.stop();
    removeTempDirs();
  });

  it("runs on the patched build (npm ci applies patches/ after installing)", () => {
    expect(readFileSync(require.resolve("@remix-run/react/dist/components.js"), "utf8")).toContain("keptRouteModulesScript");
  });

  it("names each page's own routes, page after page, whichever came first", async () => {
    const visits = ["/login", "/pages/cookies", "/", "/pages/privacy", "/login", "/members/999999999", "/pages/cookies"];
    const seen: Array<{ path: string; modules: (string | undefined)[]; manifest: string[] }> = [];
    for (const path of visits) {
      const page = await send(server.port, "www.flirtpunt.nl", path);
      seen.push({ path, ...moduleScript(page.body) });
    }
    const leaf = (path: string) => seen.find((visit) => visit.path === path)!.modules.at(-1);
    expect(leaf("/login")).toBe("routes/_default.login");
    expect(leaf("/pages/cookies")).toBe("routes/_default.pages.$page");
    expect(leaf("/pages/privacy")).toBe("routes/_default.pages.$page");
    expect(leaf("/")).toBe("routes/_default._index");
    // The same page twice gets the same script; every page's manifest holds its own routes.
    expect(seen[4]).toEqual(seen[0]);
    expect(seen[6]).toEqual(seen[1]);
    for (const visit of seen) expect(visit.manifest).toEqual(expect.arrayContaining(visit.modules));
  });
});
