/**
 * Cheaper on the second visit (issue #29): content-hashed files are cached for a year as immutable; the
 * files whose address stays the same across builds — page shells, /elements/*.js, the elements' manifest —
 * carry a strong ETag of the bytes sent (one per encoding) with `Cache-Control: no-cache`, so a repeat
 * visit revalidates each with a 304 and no body.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_FIXTURE, useTestServer } from './support/harness.ts';

const server = useTestServer();

/** Over the compression threshold, so each encoding is its own body. */
const LOADER = `const tags = ${JSON.stringify('rb-checklist rb-qr-code '.repeat(120))};\nexport { tags };\n`;
const CHUNK = '/elements/chunks/rb-checklist.element-AB12CD34.js';

beforeAll(async () => {
  const dir = join(server.config.distDir, 'elements');
  await mkdir(join(dir, 'chunks'), { recursive: true });
  await writeFile(join(dir, 'ringbinder.js'), LOADER);
  await writeFile(join(dir, 'rb-qr-code.js'), 'export {};\n');
  await writeFile(join(dir, 'custom-elements.json'), JSON.stringify({ schemaVersion: '1.0.0', modules: [], padding: 'x'.repeat(2000) }));
  await writeFile(join(server.config.distDir, CHUNK), 'export const element = 1;\n');
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });

describe('revalidated files: shells, /elements/*.js, the manifest', () => {
  it.each(['/login', '/login/index.html', '/elements/ringbinder.js', '/elements/rb-qr-code.js', '/elements/custom-elements.json'])(
    '%s: a strong ETag and no-cache; the same ETag again answers 304 with no body',
    async (path) => {
      const first = await get(path);
      const body = await first.text();
      expect(body.length).toBeGreaterThan(0);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');

      const again = await get(path, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      // A list, and the weak form of the same tag, match too (If-None-Match compares weakly).
      expect((await get(path, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
      expect((await get(path, { 'if-none-match': '*' })).status).toBe(304);

      const changed = await get(path, { 'if-none-match': '"an-older-build"' });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(body);
    },
  );

  it('the not-found page is answered 404 whatever the request holds: no validator makes it a 304', async () => {
    const first = await get('/no/such/page');
    expect(first.status).toBe(404);
    const again = await get('/no/such/page', { 'if-none-match': first.headers.get('etag') ?? '*' });
    expect(again.status).toBe(404);
  });

  it('a page shell keeps its Content-Security-Policy on the 304 (the stored headers are updated from it)', async () => {
    const first = await get('/login');
    const again = await get('/login', { 'if-none-match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
  });

  it('each encoding is its own representation with its own ETag; a tag of another encoding does not match', async () => {
    const tags = new Map<string, string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/elements/ringbinder.js', { 'accept-encoding': encoding });
      await res.arrayBuffer();
      expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      tags.set(encoding, res.headers.get('etag')!);
    }
    expect(new Set(tags.values()).size).toBe(3);
    expect((await get('/elements/ringbinder.js', { 'accept-encoding': 'br', 'if-none-match': tags.get('br')! })).status).toBe(304);
    const otherEncoding = await get('/elements/ringbinder.js', { 'accept-encoding': 'gzip', 'if-none-match': tags.get('br')! });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.headers.get('etag')).toBe(tags.get('gzip'));
  });
});

describe('hashed files: cached for a year, immutable', () => {
  it.each([SITE_FIXTURE.asset, CHUNK])('%s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
