/**
 * Embedding in another site (issue #29): EMBED_ORIGINS names the origins whose pages may call the API
 * from a browser (CORS, the preflight answered before authentication) and frame the /embed/ pages
 * (CSP frame-ancestors); the elements' scripts are public files any page may load as module scripts.
 * Unset, the API and the pages answer exactly as before.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAndActivate } from './support/factories.ts';
import { useTestServer, type TestServer } from './support/harness.ts';

const CMS = 'https://intranet.example.com';
const SECOND = 'http://127.0.0.1:5173';
const OTHER = 'https://elsewhere.example.org';

const embedding = useTestServer({ env: { EMBED_ORIGINS: `${CMS}, ${SECOND}/` } });
const plain = useTestServer();

/** What a browser sends before `GET share/checklist` with a bearer token from a page of `origin`. */
function preflight(server: TestServer, path: string, origin: string, method = 'GET', headers = 'authorization') {
  return fetch(`${server.apiUrl}/${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

const corsHeaders = (res: Response) => [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
const list = (value: string | null) => (value ?? '').split(',').map((v) => v.trim().toLowerCase()).filter(Boolean).sort();
const frameAncestors = (res: Response) => /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.trim();

/** The elements' files as the build writes them (scripts/build-elements.mjs), in each server's site. */
async function writeElements(server: TestServer): Promise<void> {
  const dir = join(server.config.distDir, 'elements');
  await mkdir(join(dir, 'chunks'), { recursive: true });
  await writeFile(join(dir, 'ringbinder.js'), 'export {};\n');
  await writeFile(join(dir, 'custom-elements.json'), '{"schemaVersion":"1.0.0","modules":[]}\n');
}

beforeAll(async () => {
  await writeElements(embedding);
  await writeElements(plain);
});

describe('CORS on /api/v1 for the origins of EMBED_ORIGINS', () => {
  it('answers a listed origin’s preflight 204 before authentication, allowing only what the elements use', async () => {
    for (const [path, method, headers] of [
      ['share/checklist', 'GET', 'authorization,if-none-match'],
      ['documentation/documents/0190e1a0-0000-7000-8000-000000000000/data', 'POST', 'authorization,content-type,idempotency-key'],
      ['auth/me', 'GET', 'authorization'],
    ] as const) {
      for (const origin of [CMS, SECOND]) {
        const res = await preflight(embedding, path, origin, method, headers);
        expect(res.status, `${path} from ${origin}`).toBe(204);
        expect(await res.text()).toBe('');
        expect(res.headers.get('access-control-allow-origin')).toBe(origin);
        expect(list(res.headers.get('access-control-allow-methods'))).toEqual(['get', 'post']);
        expect(list(res.headers.get('access-control-allow-headers'))).toEqual(['authorization', 'content-type', 'idempotency-key', 'if-none-match']);
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
        expect(list(res.headers.get('vary'))).toContain('origin');
      }
    }
  });

  it('lets a listed origin read the answers, refusals included, with the headers the elements read', async () => {
    const user = await registerAndActivate(embedding);
    for (const [what, res] of [
      ['200', await embedding.client(user.token).get('auth/me', { headers: { origin: CMS } })],
      ['401', await embedding.client().get('auth/me', { headers: { origin: CMS } })],
      ['404', await embedding.client().get('no/such/call', { headers: { origin: CMS } })],
    ] as const) {
      expect(res.headers.get('access-control-allow-origin'), what).toBe(CMS);
      expect(list(res.headers.get('access-control-expose-headers')), what).toEqual([
        'content-disposition',
        'etag',
        'idempotent-replayed',
        'ratelimit',
        'ratelimit-policy',
        'retry-after',
        'x-request-id',
      ]);
      expect(list(res.headers.get('vary')), what).toContain('origin');
    }
  });

  it('gives another origin no CORS headers: its preflight is not answered for it, its reads not shared', async () => {
    const refused = await preflight(embedding, 'share/checklist', OTHER);
    expect(refused.status).not.toBe(204);
    expect(corsHeaders(refused)).toEqual([]);
    // An origin is matched whole: not by prefix, not another scheme or port.
    for (const origin of [`${CMS}.evil.example`, 'http://intranet.example.com', 'http://127.0.0.1:5174', 'null']) {
      expect(corsHeaders(await preflight(embedding, 'auth/me', origin)), origin).toEqual([]);
    }
    const read = await embedding.client().get('_build-info', { headers: { origin: OTHER } });
    expect(read.status).toBe(200);
    expect(corsHeaders(new Response(null, { headers: read.headers }))).toEqual([]);
  });

  it('unset, there is no CORS at all: the preflight is refused as before (401) and answers carry no CORS headers', async () => {
    const res = await preflight(plain, 'auth/me', CMS);
    expect(res.status).toBe(401);
    expect(corsHeaders(res)).toEqual([]);
    const read = await plain.client().get('_build-info', { headers: { origin: CMS } });
    expect(corsHeaders(new Response(null, { headers: read.headers }))).toEqual([]);
    expect(list(read.headers.get('vary'))).not.toContain('origin');
  });
});

describe('framing: frame-ancestors', () => {
  it('the /embed/ pages may be framed by the listed origins; every other page and answer by this origin only', async () => {
    const embedPage = await fetch(`${embedding.url}/embed/fill/share_x`);
    expect(frameAncestors(embedPage)).toBe(`'self' ${CMS} ${SECOND}`);
    // X-Frame-Options cannot name origins: it would forbid what the CSP allows in a browser that reads it.
    expect(embedPage.headers.get('x-frame-options')).toBeNull();
    for (const path of ['/login', '/fill/share_x', '/elements/ringbinder.js', '/api/v1/_build-info', '/no/such/page']) {
      const res = await fetch(`${embedding.url}${path}`);
      expect(frameAncestors(res), path).toBe("'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
    }
  });

  it('unset, the /embed/ pages are framed by this origin only, as every page', async () => {
    const res = await fetch(`${plain.url}/embed/fill/share_x`);
    expect(frameAncestors(res)).toBe("'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe("the elements' files: public, loadable as module scripts from any page", () => {
  it('carry Access-Control-Allow-Origin: * (with or without EMBED_ORIGINS)', async () => {
    for (const server of [embedding, plain]) {
      for (const path of ['/elements/ringbinder.js', '/elements/custom-elements.json']) {
        const res = await fetch(`${server.url}${path}`, { headers: { origin: OTHER } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      }
    }
    // The pages are not shared so.
    const page = await fetch(`${embedding.url}/login`, { headers: { origin: OTHER } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
  });
});
