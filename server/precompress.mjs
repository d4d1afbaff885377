// The browser build compressed once, at build time (docs/decisions/039-precompressed-build.md):
// every script and stylesheet of public/build gets a Brotli copy (.br, the strongest quality) and a
// gzip copy (.gz) beside it, which server/serve.mjs sends as they are. A copy no smaller than its
// file (a file of a few bytes) is left out. `npm run build` runs it after `remix build`;
// `node server/precompress.mjs [folder]`.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSED = /\.(js|css|svg|json)$/;

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `folder`; returns how many files. */
export async function precompress(folder) {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSED.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  // zlib's work runs on libuv's threads, so the files are compressed side by side.
  await Promise.all(
    files.map(async (file) => {
      const data = await readFile(file);
      const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length };
      const copies = { br: await brotli(data, { params }), gz: await gzipped(data, { level: constants.Z_BEST_COMPRESSION }) };
      for (const [extension, copy] of Object.entries(copies)) if (copy.length < data.length) await writeFile(`${file}.${extension}`, copy);
    }),
  );
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2] ?? "public/build";
  const started = Date.now();
  const count = await precompress(folder);
  console.log(`precompressed ${count} files of ${folder} in ${Date.now() - started} ms`);
}
