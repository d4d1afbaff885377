import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { precompress } from "../server/precompress.mjs";
import { failures, firstLoadFiles, measurePages, pageRoutes, type Budget, type BuildFacts, type ClientManifest } from "./first-load-js";

/**
 * A made-up build: an entry, a root, a pathless layout with a page and an index page, a lander
 * layout with a lander that does not hydrate and one that does, a resource route. The shared
 * chunk is imported by the entry and by the page, and imports a chunk of its own.
 */
const MANIFEST: ClientManifest = {
  entry: { module: "/build/entry.js", imports: ["/build/_shared/react.js"] },
  routes: {
    root: { id: "root", path: "", module: "/build/root.js", imports: ["/build/_shared/react.js"] },
    "routes/_default": { id: "routes/_default", parentId: "root", module: "/build/routes/_default.js" },
    "routes/_default._index": { id: "routes/_default._index", parentId: "routes/_default", index: true, module: "/build/routes/home.js" },
    "routes/_default.members": { id: "routes/_default.members", parentId: "routes/_default", path: "members", module: "/build/routes/members.js", imports: ["/build/_shared/forms.js"] },
    "routes/_lander": { id: "routes/_lander", parentId: "root", module: "/build/routes/_lander.js" },
    "routes/_lander.landers.$kind": { id: "routes/_lander.landers.$kind", parentId: "routes/_lander", path: "landers/:kind", module: "/build/routes/lander.js" },
    "routes/_lander.landers.$kind.x": { id: "routes/_lander.landers.$kind.x", parentId: "routes/_lander", path: "landers/:kind/x", module: "/build/routes/lander-x.js" },
    "routes/healthz": { id: "routes/healthz", parentId: "root", path: "healthz", module: "/build/routes/healthz.js" },
  },
};

/** Bytes that no compression shrinks (random ones), so a file weighs about its size. */
const incompressible = (bytes: number) => randomBytes(bytes);

function facts(files: Record<string, Buffer>, options: { noHydrate?: string[] } = {}): BuildFacts {
  const imports: Record<string, string[]> = { "/build/_shared/forms.js": ["/build/_shared/zod.js"], "/build/routes/members.js": ["/build/_shared/react.js"] };
  return {
    sent: (url) => {
      const file = files[url];
      if (!file) throw new Error(`no file ${url}`);
      return { brotli: brotliCompressSync(file).length, gzip: gzipSync(file).length };
    },
    staticImports: (url) => imports[url] ?? [],
    rendersPage: (id) => id !== "routes/healthz",
    hydrates: (id) => !(options.noHydrate ?? []).includes(id),
  };
}

const SMALL = Object.fromEntries(
  ["entry", "_shared/react", "root", "routes/_default", "routes/home", "routes/members", "_shared/forms", "_shared/zod", "routes/_lander", "routes/lander", "routes/lander-x", "routes/healthz"].map((name) => [
    `/build/${name}.js`,
    incompressible(1024),
  ]),
);

const BUDGETS: Budget[] = [
  { kind: "lander", routes: /^routes\/_lander\.landers\./, kib: 0, why: "plain HTML" },
  { kind: "page", kib: 20, why: "test" },
];

describe("first-load JavaScript", () => {
  it("lists the pages a visit can end on: not layouts, not resource routes", () => {
    expect(pageRoutes(MANIFEST, facts(SMALL)).sort()).toEqual(["routes/_default._index", "routes/_default.members", "routes/_lander.landers.$kind", "routes/_lander.landers.$kind.x"]);
  });

  it("counts the entry, root, layout and route with everything they import, each file once", () => {
    expect(firstLoadFiles(MANIFEST, "routes/_default.members", facts(SMALL)).sort()).toEqual(
      ["/build/entry.js", "/build/_shared/react.js", "/build/root.js", "/build/routes/_default.js", "/build/routes/members.js", "/build/_shared/forms.js", "/build/_shared/zod.js"].sort(),
    );
    const members = measurePages(MANIFEST, facts(SMALL), BUDGETS).find((page) => page.routeId === "routes/_default.members")!;
    expect(members.url).toBe("/members");
    expect(members.brotliBytes).toBe(members.files.reduce((sum, url) => sum + brotliCompressSync(SMALL[url]!).length, 0));
    expect(members.gzipBytes).toBe(members.files.reduce((sum, url) => sum + gzipSync(SMALL[url]!).length, 0));
  });

  it("passes pages within their budget", () => {
    const pages = measurePages(MANIFEST, facts(SMALL, { noHydrate: ["routes/_lander.landers.$kind", "routes/_lander.landers.$kind.x"] }), BUDGETS);
    expect(failures(pages)).toEqual([]);
  });

  it("fails a page over its budget", () => {
    const heavy = { ...SMALL, "/build/_shared/zod.js": incompressible(30 * 1024) };
    const pages = measurePages(MANIFEST, facts(heavy, { noHydrate: ["routes/_lander.landers.$kind", "routes/_lander.landers.$kind.x"] }), BUDGETS);
    expect(failures(pages).map((page) => page.routeId)).toEqual(["routes/_default.members"]);
  });

  it("counts nothing for a page that does not hydrate, and fails a lander that does", () => {
    const pages = measurePages(MANIFEST, facts(SMALL, { noHydrate: ["routes/_lander.landers.$kind"] }), BUDGETS);
    const lander = pages.find((page) => page.routeId === "routes/_lander.landers.$kind")!;
    expect(lander).toMatchObject({ files: [], brotliBytes: 0, gzipBytes: 0, over: false });
    expect(failures(pages).map((page) => page.routeId)).toEqual(["routes/_lander.landers.$kind.x"]);
  });

  it("fails an exception that is no longer needed, so the list of held pages only shrinks", () => {
    const held: Budget[] = [{ kind: "held", routes: /^routes\/_default\.members$/, kib: 30, target: 20, why: "test" }, ...BUDGETS];
    const pages = measurePages(MANIFEST, facts(SMALL, { noHydrate: ["routes/_lander.landers.$kind", "routes/_lander.landers.$kind.x"] }), held);
    expect(failures(pages).map((page) => [page.routeId, page.stale])).toEqual([["routes/_default.members", true]]);
  });
});

describe("npm run budget:js", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "js-budget-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * A server build as Remix writes it (index.js, metafile.js.json) with its browser files, one page
   * with `page` as its script, compressed as `npm run build` compresses them.
   */
  async function writeBuild(name: string, page: Buffer, compressed = true): Promise<string> {
    const root = path.join(dir, name);
    const assets = path.join(root, "public", "build");
    mkdirSync(path.join(assets, "routes"), { recursive: true });
    mkdirSync(path.join(root, "build"), { recursive: true });
    const files = { "entry.js": incompressible(1024), "root.js": incompressible(1024), "routes/page.js": page };
    for (const [file, content] of Object.entries(files)) writeFileSync(path.join(assets, file), content);
    const manifest: ClientManifest = {
      entry: { module: "/build/entry.js" },
      routes: {
        root: { id: "root", path: "", module: "/build/root.js" },
        "routes/page": { id: "routes/page", parentId: "root", path: "page", module: "/build/routes/page.js" },
      },
    };
    writeFileSync(
      path.join(root, "build", "index.js"),
      `export const assets = ${JSON.stringify(manifest)};\nexport const assetsBuildDirectory = ${JSON.stringify(assets)};\nexport const publicPath = "/build/";\n` +
        `export const routes = { root: { module: { default: () => null } }, "routes/page": { module: { default: () => null } } };\n`,
    );
    const outputs = Object.fromEntries(Object.keys(files).map((file) => [path.join(assets, file), { imports: [] }]));
    writeFileSync(path.join(root, "build", "metafile.js.json"), JSON.stringify({ outputs }));
    if (compressed) await precompress(assets);
    return path.join(root, "build", "index.js");
  }

  const run = (build: string) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "bench/js-budget.ts", build]).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );

  it("prints the table and exits 0 when every page fits", async () => {
    const { code, stdout } = await run(await writeBuild("fits", incompressible(100 * 1024)));
    expect(stdout).toMatch(/\| \/page \| `routes\/page` \| page \| 3 \| 10\d\.\d \| 150 \| 10\d\.\d \| ok \|/);
    expect(code).toBe(0);
  });

  it("exits 1 when a page is over its budget", async () => {
    const { code, stdout } = await run(await writeBuild("over", incompressible(160 * 1024)));
    expect(stdout).toMatch(/\| \/page \| `routes\/page` \| page \| 3 \| 16\d\.\d \| 150 \| 16\d\.\d \| \*\*over by \d+\.\d\*\* \|/);
    expect(code).toBe(1);
  });

  it("measures what the server sends, the compressed copies, and refuses a build without them", async () => {
    // 400 KiB of script that compresses well: under the budget as sent.
    const { code, stdout } = await run(await writeBuild("text", Buffer.from("export const answer = 42;\n".repeat(16_000))));
    expect(stdout).toMatch(/\| \/page \| `routes\/page` \| page \| 3 \| 2\.\d \| 150 \| 3\.\d \| ok \|/);
    expect(code).toBe(0);
    expect((await run(await writeBuild("uncompressed", Buffer.from("export const answer = 42;\n".repeat(100)), false))).code).toBe(1);
  });
});
