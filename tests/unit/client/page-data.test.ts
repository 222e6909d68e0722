/**
 * THE pick-up of the page data block (src/client/page-data.ts): a transport's GET takes an answer the server
 * wrote, once, only with the bearer it was made for (its digest); otherwise a read the bootstrap sent early
 * with the same token; otherwise nothing (the network). The fill pages' link answer is taken the same way,
 * with the address's token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { takePageData } from '../../../src/client/page-data.ts';
import { PAGE_DATA_ID, sessionDigest, type PageData } from '../../../src/shared/page-data.ts';

const g = globalThis as unknown as Record<string, unknown>;

/** A page whose HTML carries `data` (its own element each time, as a new page's). */
function pageWith(data: PageData): void {
  const block = { textContent: JSON.stringify(data) };
  g.window = globalThis;
  g.__rbPageReads = undefined;
  g.__rbPageDataTaken = undefined;
  g.document = { getElementById: (id: string) => (id === PAGE_DATA_ID ? block : null) };
}

afterEach(() => {
  for (const key of ['window', 'document', '__rbPageReads', '__rbPageDataTaken']) delete g[key];
});

const bearer = (token: string): RequestInit => ({ headers: { Authorization: `Bearer ${token}` } });
const take = takePageData('/api/v1/');
const answers = { 'auth/me': { status: 200, body: { username: 'ann' } }, 'share/checklist': { status: 401, body: { detail: 'Revoked' } } };

describe('takePageData', () => {
  it('takes a written answer once, for the bearer it was made for, as the API answered it', async () => {
    pageWith({ answers, session: sessionDigest('t1') });
    const answer = await take('/api/v1/auth/me', bearer('t1'));
    expect(answer?.status).toBe(200);
    expect(await answer!.json()).toEqual({ username: 'ann' });
    expect(g.__rbPageDataTaken).toEqual(['/api/v1/auth/me']);
    expect(take('/api/v1/auth/me', bearer('t1'))).toBeUndefined();
    // A refusal is an answer like any other (the fill page's revoked link).
    expect((await take('/api/v1/share/checklist', bearer('t1')))?.status).toBe(401);
  });

  it('leaves it for another bearer, a write, an address outside the API, or a block made for nobody', () => {
    pageWith({ answers, session: sessionDigest('t1') });
    expect(take('/api/v1/auth/me', bearer('t2'))).toBeUndefined();
    expect(take('/api/v1/auth/me', { ...bearer('t1'), method: 'POST' })).toBeUndefined();
    expect(take('/other/auth/me', bearer('t1'))).toBeUndefined();
    pageWith({ answers });
    expect(take('/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });

  it('takes a read the bootstrap sent early with the same token, once', async () => {
    pageWith({});
    const response = Promise.resolve(new Response('{}', { status: 200 }));
    g.__rbPageReads = { '/api/v1/auth/me': { token: 't1', response } };
    expect(take('/api/v1/auth/me', bearer('t2'))).toBeUndefined();
    expect(take('/api/v1/auth/me', bearer('t1'))).toBe(response);
    expect(take('/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });

  it('finds nothing on a page without a block (a worker’s copy of the shell)', () => {
    g.window = globalThis;
    g.document = { getElementById: () => null };
    expect(take('/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });
});
