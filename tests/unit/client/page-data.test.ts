/**
 * THE pick-up of the page data block (src/client/page-data.ts): a call that names its page read takes the
 * answer the server wrote for that name, once, only with the bearer it was made for (its digest); otherwise
 * the read the bootstrap sent for that name with the same token; otherwise nothing (the network). The
 * address plays no part. The fill pages' link answer is taken the same way, with the address's token.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPageData, takePageData as take } from '../../../src/client/page-data.ts';
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
const answers = { me: { status: 200, body: { username: 'ann' } }, sharedChecklist: { status: 401, body: { detail: 'Revoked' } } };

describe('takePageData', () => {
  it('takes a written answer by its name once, for the bearer it was made for, as the API answered it, and notes the address taken', async () => {
    pageWith({ answers, session: sessionDigest('t1') });
    const answer = await take('me', '/api/v1/auth/me', bearer('t1'));
    expect(answer?.status).toBe(200);
    expect(await answer!.json()).toEqual({ username: 'ann' });
    expect(g.__rbPageDataTaken).toEqual(['/api/v1/auth/me']);
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
    // A refusal is an answer like any other (the fill page's revoked link).
    expect((await take('sharedChecklist', '/api/v1/share/checklist', bearer('t1')))?.status).toBe(401);
  });

  it('takes by the name, whatever the address: no address is matched', async () => {
    pageWith({ answers, session: sessionDigest('t1') });
    expect((await take('me', 'https://elsewhere.example/api/v1/auth/me?x=1', bearer('t1')))?.status).toBe(200);
  });

  it('leaves it for another bearer, a write, another name, or a block made for nobody', () => {
    pageWith({ answers, session: sessionDigest('t1') });
    expect(take('me', '/api/v1/auth/me', bearer('t2'))).toBeUndefined();
    expect(take('me', '/api/v1/auth/me', { ...bearer('t1'), method: 'POST' })).toBeUndefined();
    expect(take('folder', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
    pageWith({ answers });
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });

  it('takes the read the bootstrap sent for the name with the same token, once', () => {
    pageWith({});
    const response = Promise.resolve(new Response('{}', { status: 200 }));
    g.__rbPageReads = { me: { token: 't1', response } };
    expect(take('me', '/api/v1/auth/me', bearer('t2'))).toBeUndefined();
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBe(response);
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });

  it("takes the server's answer first, then the bootstrap's read of the same name (a folder's contents re-sorted)", async () => {
    const contents = { contents: { status: 200, body: { results: [], total: 0 } } };
    pageWith({ answers: contents, session: sessionDigest('t1') });
    const sorted = Promise.resolve(new Response('{"results":[{"id":"x"}],"total":1}', { status: 200 }));
    g.__rbPageReads = { contents: { token: 't1', response: sorted } };
    expect(await (await take('contents', '/api/v1/documentation/folders/root/contents?ordering=kind', bearer('t1')))!.json()).toEqual({ results: [], total: 0 });
    expect(take('contents', '/api/v1/documentation/folders/root/contents?ordering=-name', bearer('t1'))).toBe(sorted);
    expect(take('contents', '/api/v1/documentation/folders/root/contents?ordering=-name', bearer('t1'))).toBeUndefined();
  });

  it('forgets every answer and read not taken yet (an organisation switched)', () => {
    pageWith({ answers, session: sessionDigest('t1') });
    g.__rbPageReads = { firstSteps: { token: 't1', response: Promise.resolve(new Response('{}')) } };
    forgetPageData();
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
    expect(take('firstSteps', '/api/v1/workflow/first-steps', bearer('t1'))).toBeUndefined();
  });

  it('finds nothing on a page without a block (a worker’s copy of the shell)', () => {
    g.window = globalThis;
    g.document = { getElementById: () => null };
    expect(take('me', '/api/v1/auth/me', bearer('t1'))).toBeUndefined();
  });
});
