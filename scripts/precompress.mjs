// @ts-check
/**
 * A step of `npm run build` (after the service worker's, before the server bundle): writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy
 * beside every text file of the built site (pages, scripts, styles, SVG, JSON) of at least 1 KB, which the
 * server sends as they are (src/server/http/static-site.ts) instead of compressing the file itself at
 * quality 4, the level fit for answers made per request. The files of a build never change, so they are
 * compressed once, as hard as the format allows: a signed-in page's HTML and its two first scripts are
 * ~4.5 KB (13 %) smaller on the wire than at quality 4 — 25 ms on a Slow 4G phone — and React's file
 * 10 KB. Quality 11 costs ~1 ms a KB, too slow for a request, so it is done here, in parallel.
 *
 * Runs after the service worker's precache list is made (scripts/build-service-worker.mjs), which lists
 * the files themselves; the browser gets them compressed all the same.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The extensions of the files compressed, and the least size (the server's THRESHOLD). The server decides
 * by its own rules what it compresses and only looks for a copy then, so a difference costs nothing: a
 * copy it never asks for, or a file it compresses itself.
 */
const TEXT_EXTENSIONS = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt']);
const MIN_BYTES = 1024;

/**
 * The compressed copies of one file: `{file}.br` and `{file}.gz`.
 * @param {Buffer} body
 */
async function compressedCopies(body) {
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz: gzipped };
}

/**
 * Every file under `dir` (paths), depth first.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

/**
 * Writes the compressed copies of every text file of `dist` of MIN_BYTES or more; answers how many files
 * and their bytes before and after brotli.
 * @param {string} dist
 */
export async function precompress(dist) {
  const files = (await filesUnder(dist)).filter((file) => TEXT_EXTENSIONS.has(extname(file)));
  let count = 0;
  let before = 0;
  let after = 0;
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const body = await readFile(file);
      if (body.byteLength < MIN_BYTES) continue;
      const copies = await compressedCopies(body);
      await Promise.all([writeFile(`${file}.br`, copies.br), writeFile(`${file}.gz`, copies.gz)]);
      count++;
      before += body.byteLength;
      after += copies.br.byteLength;
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return { count, before, after };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { count, before, after } = await precompress(fileURLToPath(new URL('../dist', import.meta.url)));
  console.log(`precompressed: ${count} files, ${(before / 1e6).toFixed(1)} MB → ${(after / 1e6).toFixed(2)} MB brotli (quality 11), gzip beside`);
}
