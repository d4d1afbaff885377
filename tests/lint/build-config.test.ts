import { createRequire } from "node:module";
import { resolve } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// Remix's own route discovery, so the test sees the routes exactly as `remix build` does.
const { flatRoutes } = createRequire(import.meta.url)("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string, ignored: string[]) => Record<string, { path?: string }>;
};

async function routePaths(localBuild: boolean): Promise<string[]> {
  vi.stubEnv("LOCAL_BUILD", localBuild ? "1" : "");
  vi.resetModules();
  const config = (await import("../../remix.config.js")).default as { ignoredRouteFiles: string[] };
  return Object.values(flatRoutes(resolve("app"), config.ignoredRouteFiles)).map((route) => route.path ?? "");
}

describe("the build's routes (docs/product/safety.md#fail-closed-defaults)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("a production build has no /dev page at all", async () => {
    const paths = await routePaths(false);
    expect(paths).toContain("members/:id");
    expect(paths.filter((path) => path.startsWith("dev"))).toEqual([]);
  });

  it("a local build has the local services' pages", async () => {
    expect(await routePaths(true)).toEqual(expect.arrayContaining(["dev/mail", "dev/sms", "dev/photos", "dev/checkout/:id"]));
  });
});
