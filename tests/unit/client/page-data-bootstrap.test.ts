/**
 * The early reads' inline script (src/client/page-data-bootstrap.js), run as the browser runs it against a
 * real HTTP server (tests/unit/support/page-opening.ts): it sends the reads of the page data block at once,
 * keeping each by its name (what the page does not paint from at low priority, after the page's modules),
 * in the folder sort this browser remembers; the app's API client (src/client/api.ts) then takes each
 * answer once, for the call that names it, reads it like its own (a 401 with its `{detail}` reaches the
 * listeners) and asks the network for anything else. That each page's modules name every read of its
 * route: ./page-data-script.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { sessionDigest } from '../../../src/shared/page-data.ts';
import { rootFolders } from '../../../src/screens/chrome/drawer-documentation.ts';
import { api, ApiError, onApiError } from '../../../src/client/api.ts';
import { finishParsing, g, openPage, requests, sentEarly, serveEarlyReads, settle, storage, TOKEN } from '../support/page-opening.ts';

serveEarlyReads();

describe('the inline script and the pick-up', () => {
  it("a checklist's view page: auth/me, the document (which names the root) and the drawer's folders leave at once, each taken once", async () => {
    openPage('/documentation/view/d1');
    expect(sentEarly()).toEqual(['me', 'document', 'drawer']);
    // What the page's modules ask for (document-view.ts, drawer-documentation.ts, the session store), each naming its read.
    const [me, doc, drawer] = await Promise.all([api.auth.me('me'), api.documentation.document('d1', 'document'), rootFolders('drawer')]);
    expect(me).toEqual({ username: 'ann' });
    expect(doc.id).toBe('d1');
    expect(drawer).toHaveLength(1);
    expect(sentEarly()).toEqual([]);
    expect(requests.asked.sort()).toEqual(
      ['/api/v1/auth/me', '/api/v1/documentation/documents/d1', '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name'].sort(),
    );
    // The drawer's folders are not what the page paints from: they leave at low priority, the rest as usual.
    expect(requests.priorities).toEqual({
      '/api/v1/auth/me': 'auto',
      '/api/v1/documentation/documents/d1': 'auto',
      '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name': 'low',
    });
    // A second call asks the network (named or not).
    await api.auth.me('me');
    expect(requests.asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(2);
  });

  it('a low-priority read leaves once the parser is done, after every module the HTML announces; a page asking sooner gets that same read', async () => {
    const drawer = '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name';
    openPage('/documentation/view/d1', undefined, undefined, { parsing: true });
    await settle();
    expect(requests.asked.sort()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/documents/d1']);
    expect(sentEarly()).toContain('drawer');
    const folders = rootFolders('drawer'); // asked for before the parser is done: waits for the early read
    await settle();
    expect(requests.asked).not.toContain(drawer);
    finishParsing();
    expect(await folders).toHaveLength(1);
    expect(requests.asked.filter((a) => a === drawer)).toHaveLength(1);
    expect(requests.priorities[drawer]).toBe('low');
  });

  it('an early answer that failed reads exactly like the transport’s own: status, detail, the listeners hear it', async () => {
    openPage('/documentation/view/gone');
    const heard: ApiError[] = [];
    const stop = onApiError((e) => heard.push(e));
    const err = await api.documentation.document('gone', 'document').catch((e: unknown) => e);
    stop();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, detail: 'Document not found' });
    expect(heard).toEqual([err]);
    expect(requests.asked.filter((a) => a.endsWith('/gone'))).toHaveLength(1);
  });

  it('a refused token: the early 401 signs out through the same listeners', async () => {
    openPage('/documentation/view/d1', { token: 'revoked', loggedIn: 'true' });
    const heard: ApiError[] = [];
    const stop = onApiError((e) => heard.push(e));
    const err = await api.auth.me('me').catch((e: unknown) => e);
    stop();
    expect(err).toMatchObject({ status: 401, detail: 'Could not validate credentials' });
    expect(heard).toHaveLength(1);
    expect(requests.asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(1);
  });

  it('is not taken by a call with another token (signed in again meanwhile): that call asks the network', async () => {
    openPage('/');
    (g.localStorage as ReturnType<typeof storage>).setItem('token', 'other');
    await api.auth.me('me').catch(() => undefined);
    expect(requests.asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(2);
  });

  it('sends nothing without a stored login, or to a non-admin on an admin page', async () => {
    openPage('/documentation/view/d1', { token: TOKEN });
    openPage('/admin/users', { token: TOKEN, loggedIn: 'true' }, { is_org_admin: 'false' });
    await settle();
    expect(sentEarly()).toEqual([]);
    expect(requests.asked).toEqual([]);
  });

  it('a page without reads of its own sends auth/me alone', async () => {
    openPage('/billing/success');
    expect(sentEarly()).toEqual(['me']);
    await settle();
    expect(requests.asked).toEqual(['/api/v1/auth/me']);
  });

  it('a call that names no read asks the network even when the page sent that very address', async () => {
    await settle();
    openPage('/documentation/view/d1');
    await api.auth.me();
    await settle();
    expect(sentEarly()).toContain('me');
    expect(requests.asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(2);
  });
});

describe('the folder sort', () => {
  const contentsOf = (folder: string, query: string) => `/api/v1/documentation/folders/${folder}/contents?${query}&limit=100`;

  it("sends a folder's contents in the sort this browser remembers, the default for none or an unknown one", async () => {
    openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', documentationSort: '-name' });
    await settle();
    expect(requests.asked).toContain(contentsOf('f1', 'ordering=-name'));
    openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', documentationSort: 'not-a-sort' });
    await settle();
    expect(requests.asked).toContain(contentsOf('f1', 'ordering=kind&ordering=name'));
  });

  const written = { answers: { me: { status: 200, body: { username: 'ann' } }, folder: { status: 200, body: { id: 'f1' } }, contents: { status: 200, body: { results: [], total: 0 } } }, session: sessionDigest(TOKEN) };

  it('sends nothing the server answered when this browser remembers the default sort, or none', async () => {
    for (const local of [{ documentationSort: 'kind' }, {}] as Record<string, string>[]) {
      openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', ...local }, {}, { written });
      await settle();
      expect(sentEarly()).toEqual(['drawer']);
      expect(requests.asked).toEqual([contentsOf('root', 'skip=0').replace('&limit=100', '&limit=100&ordering=kind&ordering=name')]);
    }
  });

  it('sends the contents in the remembered sort even though the server answered them, in the default sort', async () => {
    openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', documentationSort: '-modified_at' }, {}, { written });
    await settle();
    expect(sentEarly().sort()).toEqual(['contents', 'drawer']);
    expect(requests.asked).toContain(contentsOf('f1', 'ordering=-modified_at&ordering=name'));
    expect(requests.asked.filter((a) => !a.includes('/contents'))).toEqual([]); // auth/me and the folder: answered
  });
});
