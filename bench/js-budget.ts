// The first-load JavaScript budget: `npm run build:local && npm run budget:js` (part of `npm test`).
// For every page of the build, the JavaScript a browser downloads on a direct visit (the entry,
// root, every parent layout and the route, with everything they import statically, each file
// once, as the server sends it: the Brotli copy made at build time by server/precompress.mjs)
// against the budget of its kind below, with the gzip figure for clients without Brotli beside it.
// Prints a Markdown table and exits 1 when a page is over. `npx tsx bench/js-budget.ts
// [build/index.js]` reads another server build (the test feeds it a made-up one).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { budgetTable, failures, measurePages, type Budget, type BuildFacts, type ClientManifest } from "./first-load-js";

/**
 * The budgets, KiB per page as sent; the first whose pattern matches the page's route id applies.
 * Member and visitor pages share their routes (`/members` serves both), so they share one budget.
 */
const PAGE_KIB = 150;
const BUDGETS: Budget[] = [
  {
    kind: "lander",
    routes: /^routes\/_lander\.(landers\.|members\.\$id\.landing)/,
    kib: 0,
    why: "The landers and member landing pages are plain HTML (docs/decisions/027-landers-as-plain-html.md): any script there is a regression. (/members/{id}/signup loads the form's script: docs/product/landers.md.)",
  },
  {
    kind: "page",
    kib: PAGE_KIB,
    why: "Member and visitor pages (and the staff's): about 0.8 s of download alone on Lighthouse's mobile profile (slow 4G, 1.6 Mbit/s), before the page answers a tap.",
  },
];

interface ServerBuild {
  assets: ClientManifest;
  assetsBuildDirectory: string;
  publicPath: string;
  routes: Record<string, { module: { default?: unknown; handle?: { hydrate?: boolean } } }>;
}

/** esbuild's record of the browser build, which Remix writes beside the server build. */
interface Metafile {
  outputs: Record<string, { imports: Array<{ path: string; kind: string }> }>;
}

async function readBuild(serverBuildPath: string): Promise<{ manifest: ClientManifest; facts: BuildFacts }> {
  // Importing the server build runs its modules' top level, which reads the environment (cookie
  // secrets are required in production): the local services let it load. Nothing is served.
  process.env.LOCAL_SERVICES ??= "1";
  const build = (await import(pathToFileURL(path.resolve(serverBuildPath)).href)) as ServerBuild;
  const metafile = JSON.parse(readFileSync(path.join(path.dirname(serverBuildPath), "metafile.js.json"), "utf8")) as Metafile;
  const fileOf = (url: string) => {
    if (!url.startsWith(build.publicPath)) throw new Error(`${url} is not under ${build.publicPath}`);
    return path.resolve(build.assetsBuildDirectory, url.slice(build.publicPath.length));
  };
  const urlOf = (file: string) => build.publicPath + path.relative(path.resolve(build.assetsBuildDirectory), path.resolve(file)).split(path.sep).join("/");
  const imports = new Map<string, string[]>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    imports.set(urlOf(file), output.imports.filter((i) => i.kind === "import-statement").map((i) => urlOf(i.path)));
  }
  const route = (id: string) => {
    const found = build.routes[id];
    if (!found) throw new Error(`route ${id} of the manifest is not in the server build`);
    return found.module;
  };
  return {
    manifest: build.assets,
    facts: {
      sent: (url) => {
        const file = fileOf(url);
        // server/precompress.mjs leaves out a copy no smaller than the file: that file goes as it is.
        const copy = (extension: string, compress: (data: Buffer) => Buffer) => {
          if (existsSync(`${file}.${extension}`)) return statSync(`${file}.${extension}`).size;
          const data = readFileSync(file);
          if (compress(data).length < data.length) throw new Error(`${url} has no .${extension} copy: build with \`npm run build:local\`, which runs server/precompress.mjs`);
          return data.length;
        };
        return { brotli: copy("br", (data) => brotliCompressSync(data)), gzip: copy("gz", (data) => gzipSync(data, { level: 9 })) };
      },
      staticImports: (url) => {
        const found = imports.get(url);
        if (!found) throw new Error(`${url} is not in the build's metafile.js.json: is the build complete?`);
        return found;
      },
      rendersPage: (id) => route(id).default !== undefined,
      hydrates: (id) => route(id).handle?.hydrate !== false,
    },
  };
}

const { manifest, facts } = await readBuild(process.argv[2] ?? "build/index.js");
const pages = measurePages(manifest, facts, BUDGETS);
console.log(`First-load JavaScript per page, KiB as sent (${pages.length} pages):\n`);
console.log(budgetTable(pages));
const failed = failures(pages);
console.log();
for (const budget of BUDGETS) console.log(`- ${budget.kind}: ${budget.kib} KiB${budget.target !== undefined ? ` (target ${budget.target})` : ""}. ${budget.why}`);
if (failed.length) {
  console.error(`\nFirst-load JavaScript over budget (or an exception no longer needed): ${failed.map((page) => `${page.url} (${page.routeId})`).join(", ")}`);
  process.exit(1);
}
