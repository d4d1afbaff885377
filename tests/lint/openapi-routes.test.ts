import { createRequire } from "node:module";
import { resolve } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import config from "../../remix.config.js";
import { allowHeader, type ApiMethod } from "../../app/web/api/answers.server";
import { API_CALLS, openApiDocument } from "../../app/web/api/document.server";
import { contextFor } from "../fixtures/context";
import { answerValidator, type OpenApiDocument } from "../fixtures/openapi";

/*
 * The OpenAPI description and the routes are one (docs/decisions/033-openapi-from-zod.md): every
 * route of the JSON API (a path ending in .php, and the description's own) is described, every
 * described path is a route, and each route takes exactly the methods described for it.
 */

// Remix's own route discovery, so the test sees the routes exactly as `remix build` does.
const { flatRoutes } = createRequire(import.meta.url)("@remix-run/dev/dist/config/flat-routes.js") as {
  flatRoutes: (appDirectory: string, ignored: string[]) => Record<string, { path?: string; file: string }>;
};

const apiRoutes = Object.values(flatRoutes(resolve("app"), (config as { ignoredRouteFiles: string[] }).ignoredRouteFiles))
  .filter((route) => route.path !== undefined && /^api\/[^/]+\.(php|json)$/.test(route.path))
  .map((route) => ({ path: `/${route.path}`, file: route.file }));

const described = new Map<string, ApiMethod[]>();
for (const call of API_CALLS) described.set(call.path, [...(described.get(call.path) ?? []), call.method]);
/** The paths whose GET changes something, and so take no HEAD. */
const changingGets = new Set(API_CALLS.filter((call) => call.getChangesData).map((call) => call.path));

const METHODS: ApiMethod[] = ["GET", "POST", "PUT", "DELETE"];
const document = openApiDocument() as OpenApiDocument;

type Handle = (args: { request: Request; context: ReturnType<typeof contextFor>; params: Record<string, string> }) => Promise<Response>;

async function routeModule(file: string): Promise<{ loader: Handle; action: Handle }> {
  return (await import(resolve("app", file))) as { loader: Handle; action: Handle };
}

describe("the OpenAPI description and the routes", () => {
  it("finds the API's routes (the discovery still works)", () => {
    expect(apiRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(["/api/user.php", "/api/page-hidden.php", "/api/openapi.json"]));
  });

  it("describes every route of the API, and routes every path it describes", () => {
    expect([...described.keys()].sort()).toEqual(apiRoutes.map((route) => route.path).sort());
    expect(Object.keys(document.paths).sort()).toEqual([...described.keys()].sort());
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    expect(await new Validator().validate(document as never)).toEqual({ valid: true });
  });

  it("marks only GETs as changing something", () => {
    expect(API_CALLS.filter((call) => call.getChangesData).map((call) => `${call.method} ${call.path}`).sort()).toEqual(["GET /api/auto-like.php", "GET /api/logout.php"]);
  });

  it.each(apiRoutes)("$path takes exactly the methods its description has", async ({ path, file }) => {
    const methods = described.get(path)!;
    const allow = allowHeader(methods, { getChangesData: changingGets.has(path) });
    const route = await routeModule(file);
    const context = contextFor(null);
    // Remix hands OPTIONS (and GET, HEAD) to the loader, the writing methods to the action.
    const options = await route.loader({ request: new Request(`http://test.example${path}`, { method: "OPTIONS" }), context, params: {} });
    expect(options.status).toBe(204);
    expect(options.headers.get("Allow")).toBe(allow);
    const validator = answerValidator(document);
    // HEAD is taken where GET is, unless the GET changes something.
    const refused = [...METHODS, "PATCH", ...(methods.includes("GET") && !changingGets.has(path) ? [] : ["HEAD"])];
    for (const method of refused) {
      if (methods.includes(method as ApiMethod)) continue;
      const handle = method === "GET" || method === "HEAD" ? route.loader : route.action;
      const answer = await handle({ request: new Request(`http://test.example${path}`, { method, ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }) }), context, params: {} });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("Allow")).toBe(allow);
      expect(validator.checkError(await answer.text())).toMatchObject({ error: "method_not_allowed", message: "Dit verzoek wordt hier niet ondersteund." });
    }
    if (allow.includes("HEAD")) {
      // Without a brand the GET itself is a 404: HEAD reached it.
      const head = await route.loader({ request: new Request(`http://test.example${path}`, { method: "HEAD" }), context, params: {} });
      expect(head.status, `HEAD ${path}`).not.toBe(405);
    }
  });
});
