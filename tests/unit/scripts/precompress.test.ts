/** The build's compressed copies (scripts/precompress.mjs): beside every text file of 1 KB or more, each the file itself. */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress.mjs';

let dist: string;
// Real text of this project: a script, and a page made of the README.
const SCRIPT = readFileSync(new URL('../../../src/server/http/static-site.ts', import.meta.url), 'utf8');
const PAGE = `<!doctype html><html><head><title>Ringbinder</title></head><body><pre>${readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')}</pre></body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'rb-precompress-'));
  await mkdir(join(dist, '_astro'), { recursive: true });
  await writeFile(join(dist, '_astro', 'app.js'), SCRIPT);
  await writeFile(join(dist, 'index.html'), PAGE);
  await writeFile(join(dist, '_astro', 'small.js'), 'export {};');
  await writeFile(join(dist, 'photo.png'), Buffer.alloc(4096, 7));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes a brotli and a gzip copy beside each text file of 1 KB or more, and nothing for a small file or an image', async () => {
    const { count } = await precompress(dist);
    expect(count).toBe(2);
    expect((await readdir(join(dist, '_astro'))).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'small.js']);
    expect((await readdir(dist)).sort()).toEqual(['_astro', 'index.html', 'index.html.br', 'index.html.gz', 'photo.png']);
  });

  it('each copy is the file, brotli at the highest quality (smaller than the answers’ quality 4)', async () => {
    for (const [file, text] of [
      [join(dist, '_astro', 'app.js'), SCRIPT],
      [join(dist, 'index.html'), PAGE],
    ] as const) {
      const br = await readFile(`${file}.br`);
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(text);
      const quality4 = brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
      expect(br.byteLength).toBeLessThan(quality4.byteLength);
    }
  });
});
