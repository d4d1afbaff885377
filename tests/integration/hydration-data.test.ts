import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";

// @remix-run/react's browser build as the page's entry (app/entry.client.tsx) calls it: the
// document's single-fetch data decoded before hydrateRoot, so RemixBrowser never suspends the root
// (patches/@remix-run+react+2.17.5.patch, docs/decisions/037-hydration-start.md). The browser
// runs the ESM build; both builds carry the same function, and this checks the CommonJS one's
// behaviour and that both export it. tests/e2e/hydration.spec.ts checks the lost tap itself.
const require = createRequire(import.meta.url);
const { encode } = require("turbo-stream") as { encode: (value: unknown) => ReadableStream<Uint8Array> };

type Context = { future: { v3_singleFetch: boolean }; stream?: ReadableStream<Uint8Array>; state?: unknown };
const global = globalThis as unknown as { window?: { __remixContext: Context } };

afterEach(() => {
  delete global.window;
});

describe("the page's data decoded before hydration", () => {
  it("is decoded once into the context RemixBrowser reads, and the same promise is handed out again", async () => {
    const state = { loaderData: { root: { brand: "flirtpunt", count: 3 } }, actionData: null, errors: null };
    global.window = { __remixContext: { future: { v3_singleFetch: true }, stream: encode(state) } };
    const { decodeHydrationData } = require("@remix-run/react/dist/browser.js") as { decodeHydrationData?: () => Promise<void> };
    expect(decodeHydrationData).toBeTypeOf("function");
    const first = decodeHydrationData!();
    expect(decodeHydrationData!()).toBe(first);
    await expect(first).resolves.toBeUndefined();
    expect(global.window.__remixContext.state).toEqual(state);
    // The stream is taken, so RemixBrowser cannot start a second decoding of its own.
    expect(global.window.__remixContext.stream).toBeUndefined();
  });

  it("is exported by the package's entry in both builds", async () => {
    expect((require("@remix-run/react") as Record<string, unknown>).decodeHydrationData).toBeTypeOf("function");
    // The ESM build the browser bundle is made from (a path of the package, not one of its typed entries).
    const esmBuild = "@remix-run/react/dist/esm/index.js";
    const esm = (await import(esmBuild)) as Record<string, unknown>;
    expect(esm.decodeHydrationData).toBeTypeOf("function");
  });
});
