/**
 * The built site's server (src/server/http/static-site.ts): /sw.js and the shells at their own file
 * addresses (the service worker's side), and the build's compressed copies sent as they are.
 */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { createStaticSite } from '../../../../src/server/http/static-site.ts';
import { one, textOf } from '../../../support/html.ts';

let dist: string;
let app: Hono;

/** A script over the compression threshold, and what the build's copies of it hold here (told apart from it). */
const SCRIPT = `export const words = ${JSON.stringify('ringbinder '.repeat(300))};`;
const SCRIPT_COPY = SCRIPT.replace('ringbinder', 'copy');

const page = (title: string, script = '') => `<!doctype html><html><head><title>${title}</title></head><body>${script}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'rb-static-site-'));
  await mkdir(join(dist, 'documentation', 'view'), { recursive: true });
  await writeFile(join(dist, 'documentation', 'view', 'index.html'), page('View', '<script>console.log(1)</script>'));
  await writeFile(join(dist, 'index.html'), page('Home'));
  await writeFile(join(dist, '404.html'), page('Not found'));
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await mkdir(join(dist, '_astro'), { recursive: true });
  // A script with the build's copies beside it, and one whose brotli copy is older than the script (an earlier build's).
  await writeFile(join(dist, '_astro', 'app.js'), SCRIPT);
  await writeFile(join(dist, '_astro', 'app.js.br'), brotliCompressSync(SCRIPT_COPY));
  await writeFile(join(dist, '_astro', 'app.js.gz'), gzipSync(SCRIPT_COPY));
  await writeFile(join(dist, '_astro', 'old.js'), SCRIPT);
  await writeFile(join(dist, '_astro', 'old.js.br'), brotliCompressSync(SCRIPT_COPY));
  const past = new Date(Date.now() - 60_000);
  await utimes(join(dist, '_astro', 'old.js.br'), past, past);
  app = new Hono();
  app.all('*', createStaticSite(dist));
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

describe('the shells at their file addresses', () => {
  it.each([
    ['/documentation/view/index.html', 'View'],
    ['/index.html', 'Home'],
    ['/404.html', 'Not found'],
  ])('%s answers the shell with 200 and its CSP', async (path, title) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(textOf(one(await res.text(), 'head title'))).toBe(title);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('a shell keeps its inline-script hash at its file address as at its page address', async () => {
    const byFile = await app.request('/documentation/view/index.html');
    const byAddress = await app.request('/documentation/view/0190e1a0-0000-7000-8000-000000000000');
    expect(byFile.headers.get('content-security-policy')).toMatch(/'sha256-[^']+'/);
    expect(byFile.headers.get('content-security-policy')).toBe(byAddress.headers.get('content-security-policy'));
  });

  it('other .html addresses (and shells that are not built) stay unknown: 404, the not-found shell', async () => {
    for (const path of ['/login/index.html', '/documentation/index.html', '/nothing/index.html']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(textOf(one(await res.text(), 'head title'))).toBe('Not found');
    }
  });
});

describe('/sw.js', () => {
  it('is JavaScript that the browser always revalidates', async () => {
    const res = await app.request('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe("the build's compressed copies (scripts/precompress.mjs)", () => {
  const get = (path: string, encoding: string) => app.request(path, { headers: { 'Accept-Encoding': encoding } });

  it('are sent as they are: the brotli copy to a browser that takes brotli, the gzip copy to one that takes only gzip', async () => {
    const br = await get('/_astro/app.js', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT_COPY);
    const gz = await get('/_astro/app.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT_COPY);
  });

  it('a copy older than its file is not used: the file is compressed as it is', async () => {
    const res = await get('/_astro/old.js', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('without a copy (deflate), the file is compressed as it is', async () => {
    const res = await get('/_astro/app.js', 'deflate');
    expect(res.headers.get('content-encoding')).toBe('deflate');
    expect(inflateSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(SCRIPT);
  });
});
