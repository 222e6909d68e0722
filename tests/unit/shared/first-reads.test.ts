/**
 * THE first reads table (src/shared/first-reads.ts) is expanded in two places: the HTML's bootstrap
 * (src/client/early-reads-bootstrap.js) sends the reads, the server answers them into the HTML
 * (`firstReadsOf`). For every route of the table, with every sort, both give the same addresses, so an
 * answer the server wrote is always the one the page looks for.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyReadsScript } from '../../../src/client/early-reads.ts';
import { matchRoute } from '../../../src/routes.ts';
import { firstReads, firstReadsOf, SORT_QUERIES, SORT_STORAGE_KEY } from '../../../src/shared/first-reads.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { sessionDigest } from '../../../src/server/http/first-answers.ts';

const bootstrap = readFileSync(new URL('../../../src/client/early-reads-bootstrap.js', import.meta.url), 'utf8');
const g = globalThis as unknown as Record<string, unknown>;
const saved = { ...g };

afterEach(() => {
  for (const key of ['window', '__rbEarlyReads', 'localStorage', 'sessionStorage', 'location', 'document', 'fetch']) {
    if (key in saved) g[key] = saved[key];
    else delete g[key];
  }
});

/** The addresses the bootstrap sends on `pathname` (relative to the API base), with `sort` remembered. */
function bootstrapReads(pathname: string, sort?: string, written?: unknown): string[] {
  const local = new Map<string, string>([
    ['token', 'token-1'],
    ['loggedIn', 'true'],
  ]);
  if (sort) local.set(SORT_STORAGE_KEY, sort);
  const sent: string[] = [];
  g.window = globalThis;
  g.__rbEarlyReads = undefined;
  g.localStorage = { getItem: (k: string) => local.get(k) ?? null };
  g.sessionStorage = { getItem: () => null };
  g.location = { pathname, href: `http://example.test${pathname}` };
  const node = written === undefined ? null : { textContent: JSON.stringify(written) };
  g.document = { readyState: 'interactive', addEventListener: () => undefined, getElementById: (id: string) => (id === 'rb-first-answers' ? node : null) };
  g.fetch = (address: string) => {
    sent.push(address.replace(/^\/api\/v1\//, ''));
    return new Promise(() => undefined);
  };
  new Function(earlyReadsScript(bootstrap, '/api/v1'))();
  return sent;
}

/** A page address of each pattern: ids with characters that must be encoded, a version number, the trash's old segment. */
const SAMPLES: Record<string, string[]> = {
  ':id': ['01a2-doc', 'a bü+'],
  ':folderId': ['01a2-folder', '1'],
  ':version': ['3'],
  ':second': ['7', '01a2-row'],
  ':documentId': ['01a2-doc'],
};

function addressesOf(pattern: string): string[] {
  let pages = [''];
  for (const part of pattern.split('/').filter(Boolean)) {
    const values = part.startsWith(':') ? (SAMPLES[part] ?? ['x']) : [part];
    pages = pages.flatMap((page) => values.map((value) => `${page}/${part.startsWith(':') ? encodeURIComponent(value) : value}`));
  }
  return pages.map((page) => page || '/');
}

describe('the first reads table, expanded by the bootstrap and by the server', () => {
  for (const pattern of Object.keys(firstReads)) {
    it(`${pattern}: the same addresses, in every sort`, () => {
      for (const pathname of addressesOf(pattern)) {
        const match = matchRoute(pathname);
        expect(match?.route.pattern, pathname).toBe(pattern);
        for (const sort of [undefined, ...Object.keys(SORT_QUERIES)]) {
          expect(bootstrapReads(pathname, sort), `${pathname} sorted by ${sort ?? 'default'}`).toEqual([paths.auth.me, ...firstReadsOf(pattern, match!.params, sort)]);
        }
      }
    });
  }
});

describe('the answers the server wrote into the HTML', () => {
  const folder = '/documentation/browse/01a2-folder';
  const reads = () => [paths.auth.me, ...firstReadsOf('/documentation/browse/:folderId', { folderId: '01a2-folder' })];
  const written = (session: string) => ({ session, answers: Object.fromEntries(reads().map((address) => [address, { status: 200, body: { address } }])) });

  it('are taken instead of asking, when they were made for the stored token', async () => {
    expect(bootstrapReads(folder, undefined, written(sessionDigest('token-1')))).toEqual([]);
    const kept = g.__rbEarlyReads as Record<string, { response: Promise<Response> }>;
    const answer = await kept[`/api/v1/${reads()[1]}`]!.response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ address: reads()[1] });
  });

  it('are left alone when they were made for another login, or say no login at all', () => {
    expect(bootstrapReads(folder, undefined, written(sessionDigest('token-2')))).toEqual(reads());
    expect(bootstrapReads(folder, undefined, { answers: written('x').answers })).toEqual(reads());
  });

  it('a remembered sort the server could not know asks for its own contents, and takes the rest', () => {
    expect(bootstrapReads(folder, '-name', written(sessionDigest('token-1')))).toEqual([firstReadsOf('/documentation/browse/:folderId', { folderId: '01a2-folder' }, '-name')[1]]);
  });
});
