import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, type ReactElement } from "react";
import type { renderToPipeableStream as RenderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

// The server runs React's production build, the one patched (docs/decisions/032-one-write-documents.md);
// tests would otherwise load the development build.
const require = createRequire(import.meta.url);
const builds = path.join(path.dirname(require.resolve("react-dom/package.json")), "cjs");
const productionServer = path.join(builds, "react-dom-server.node.production.min.js");
const { renderToPipeableStream } = require(productionServer) as { renderToPipeableStream: typeof RenderToPipeableStream };
// renderToString has a build of its own, which the patch leaves alone: the reference.
const { renderToString } = require(path.join(builds, "react-dom-server-legacy.node.production.min.js")) as { renderToString: (element: ReactElement) => string };

function rendered(element: ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const document = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    document.on("finish", () => resolve(Buffer.concat(chunks)));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(document), onShellError: reject });
  });
}

/** A list whose texts put a three-byte character (✕) at every position around the 2 KB marks. */
const page = () =>
  createElement(
    "ul",
    null,
    Array.from({ length: 400 }, (_, index) => createElement("li", { key: index, className: "item" }, `${"é".repeat(index % 7)}Gesprek ${index} ✕ — “${"x".repeat(index % 13)}”`)),
  );

describe("documents as React writes them on the server", () => {
  it("runs on the patched build (npm ci applies patches/ after installing)", () => {
    expect(readFileSync(productionServer, "utf8")).toContain("pendingText");
  });

  it("writes exactly the HTML React renders, with no NUL bytes where a character meets a piece's end", async () => {
    const bytes = await rendered(page());
    expect(bytes.includes(0)).toBe(false);
    expect(bytes.toString("utf8")).toBe(renderToString(page()));
  });

  it("writes a text longer than one piece whole", async () => {
    const long = "Lange tekst met ✕ en é. ".repeat(2_000);
    expect((await rendered(createElement("p", null, long))).toString("utf8")).toBe(`<p>${long}</p>`);
  });
});
