/** The server side of the service worker: /sw.js and the shells at their own file addresses (src/server/http/static-site.ts). */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite } from '../../../../src/server/http/static-site.ts';

let dist: string;
let app: Hono;

const page = (title: string, script = '') => `<!doctype html><html><head><title>${title}</title></head><body>${script}</body></html>`;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'rb-static-site-'));
  await mkdir(join(dist, 'documentation', 'view'), { recursive: true });
  await writeFile(join(dist, 'documentation', 'view', 'index.html'), page('View', '<script>console.log(1)</script>'));
  await writeFile(join(dist, 'index.html'), page('Home'));
  await writeFile(join(dist, '404.html'), page('Not found'));
  await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
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
    expect(await res.text()).toContain(`<title>${title}</title>`);
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
      expect(await res.text()).toContain('<title>Not found</title>');
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
