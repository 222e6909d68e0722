/**
 * The early reads' inline script (src/client/early-reads-bootstrap.js, built by src/client/early-reads.ts): the
 * script the signed-in layout builds, run as the browser runs it against a real HTTP server, sends auth/me and the
 * route's reads; the app's API client (src/client/api.ts) then takes each answer once, reads it like its
 * own (a 401 with its `{detail}` reaches the listeners), and asks the network for anything else — so
 * every address of the table is exactly the one the page's modules ask for, and none is sent twice. The
 * table itself: ./early-reads.test.ts.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SORT_ORDERS } from '../../../islands/browse/sort-orders.ts';
import { openFolder } from '../../../islands/browse/folder-open.ts';
import { rootFolders } from '../../../src/screens/chrome/drawer-documentation.ts';
import { allPages } from '../../../src/client/all-pages.ts';
import { trashFolderOf, viewTarget } from '../../../src/client/addresses.ts';
import { readDocument } from '../../../src/screens/documentation/document-load.ts';
import { qrSheetRead } from '../../../src/screens/documentation/qr-sheet.ts';
import { api, ApiError, onApiError } from '../../../src/client/api.ts';
import { earlyReadsScript } from '../../../src/client/early-reads.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { ROOT } from '../../../src/client/addresses.ts';
import { ROLES_PAGE_SIZE } from '../../../islands/admin/roles/RolesList.tsx';
import { ACTIVITY_PAGE_SIZE } from '../../../islands/admin/activity-log/ActivityLog.tsx';
import { apiTokensRead } from '../../../src/screens/admin/api-tokens.ts';
import { settingsReads } from '../../../src/screens/admin/settings.ts';
import { billingReads } from '../../../src/screens/billing/billing.ts';
import { dashboardApiReads } from '../../../src/screens/home/dashboard.ts';
import { readFirstSteps } from '../../../src/screens/home/dashboard-guidance.ts';
import { ROLES_PAGE } from '../../../islands/admin/users/all-roles.ts';
import { usersQuery, USERS_PAGE_SIZE } from '../../../islands/admin/users/users-state.ts';

// The browse island's first paint (imported by folder-open.ts) defines its custom elements as it loads;
// Node has no DOM, so the modules get a bare HTMLElement and registry to define them in (nothing here draws).
vi.hoisted(() => {
  const g = globalThis as Record<string, unknown>;
  g.HTMLElement ??= class {};
  g.customElements ??= { get: () => undefined, define: () => undefined };
});

const bootstrap = readFileSync(new URL('../../../src/client/early-reads-bootstrap.js', import.meta.url), 'utf8');
const TOKEN = 'token-1';

let server: Server;
let origin = '';
/** Every request the server got: method and path with query. */
let asked: string[] = [];
/** The priority the page gave each request it sent (path with query → 'low', 'high' or 'auto'). */
let priorities: Record<string, string> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '';
    asked.push(url);
    const reply = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(401, { detail: 'Could not validate credentials' });
    const path = url.split('?')[0]!;
    if (path === '/api/v1/auth/me') return reply(200, { username: 'ann' });
    if (path === '/api/v1/documentation/documents/gone') return reply(404, { detail: 'Document not found' });
    if (path.endsWith('/contents') || path.endsWith('/history')) return reply(200, { results: [{ id: 'x', kind: 'folder', name: 'A' }], total: 1 });
    if (path === '/api/v1/documentation/folders/root') return reply(200, { id: 'r00t', parent_id: null });
    return reply(200, { id: path.split('/').pop(), parent_id: 'r00t', path: [] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.keepAliveTimeout = 1;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Storage as the browser's: getItem answers null for a missing key. */
function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), clear: () => map.clear() };
}

const realFetch = globalThis.fetch;
const g = globalThis as unknown as Record<string, unknown>;

/** Ends the parsing of the page `openPage` opened (the document becomes 'interactive'). */
let finishParsing = () => {};

/**
 * Opens `pathname` as the browser would: the inline script of the signed-in layout runs first, while the
 * document is 'loading'; then the parser reaches the end of the page (unless `parsing` holds it there:
 * `finishParsing` ends it).
 */
function openPage(
  pathname: string,
  local: Record<string, string> = { token: TOKEN, loggedIn: 'true' },
  session: Record<string, string> = {},
  { parsing = false } = {},
) {
  asked = [];
  priorities = {};
  g.window = globalThis;
  g.__rbEarlyReads = undefined;
  g.localStorage = storage(local);
  g.sessionStorage = storage(session);
  g.location = { pathname, href: `${origin}${pathname}`, origin };
  // The page's relative addresses resolve against its origin, as in a browser.
  g.fetch = (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), origin);
    priorities[url.pathname + url.search] = init?.priority ?? 'auto';
    return realFetch(url, init);
  };
  const changed: (() => void)[] = [];
  const doc = {
    readyState: 'loading',
    addEventListener: (type: string, listener: () => void) => void (type === 'readystatechange' && changed.push(listener)),
  };
  g.document = doc;
  new Function(earlyReadsScript(bootstrap, '/api/v1'))();
  delete g.document; // the app's modules run in Node here, without a document
  finishParsing = () => {
    doc.readyState = 'interactive';
    changed.splice(0).forEach((listener) => listener());
  };
  if (!parsing) finishParsing();
}

const sentEarly = () => Object.keys((g.__rbEarlyReads as Record<string, unknown> | undefined) ?? {});
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  g.fetch = realFetch;
});

describe('the inline script and the pick-up', () => {
  it("a checklist's view page: auth/me, the document (which names the root) and the drawer's folders leave at once, each taken once", async () => {
    openPage('/documentation/view/d1');
    expect(sentEarly()).toEqual([
      '/api/v1/auth/me',
      '/api/v1/documentation/documents/d1',
      '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name',
    ]);
    // What the page's modules ask for (document-view.ts, drawer-documentation.ts, the session store).
    const [me, doc, drawer] = await Promise.all([api.auth.me(), api.documentation.document('d1'), rootFolders()]);
    expect(me).toEqual({ username: 'ann' });
    expect(doc.id).toBe('d1');
    expect(drawer).toHaveLength(1);
    expect(sentEarly()).toEqual([]);
    expect(asked.sort()).toEqual(
      ['/api/v1/auth/me', '/api/v1/documentation/documents/d1', '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name'].sort(),
    );
    // The drawer's folders are not what the page paints from: they leave at low priority, the rest as usual.
    expect(priorities).toEqual({
      '/api/v1/auth/me': 'auto',
      '/api/v1/documentation/documents/d1': 'auto',
      '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name': 'low',
    });
    // A second call asks the network.
    await api.auth.me();
    expect(asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(2);
  });

  it('a low-priority read leaves once the parser is done, after every module the HTML announces; a page asking sooner gets that same read', async () => {
    const drawer = '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name';
    openPage('/documentation/view/d1', undefined, undefined, { parsing: true });
    await settle();
    expect(asked.sort()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/documents/d1']);
    expect(sentEarly()).toContain(drawer);
    const folders = rootFolders(); // asked for before the parser is done: waits for the early read
    await settle();
    expect(asked).not.toContain(drawer);
    finishParsing();
    expect(await folders).toHaveLength(1);
    expect(asked.filter((a) => a === drawer)).toHaveLength(1);
    expect(priorities[drawer]).toBe('low');
  });

  it('a folder in the remembered sort: the folder and its first page, the same addresses the island asks for', async () => {
    openPage('/documentation/browse/f%2D1', { token: TOKEN, loggedIn: 'true', documentationSort: '-modified_at' });
    const sort = SORT_ORDERS.find((o) => o.key === '-modified_at')!;
    await openFolder('f-1', sort.ordering);
    await settle();
    const sent = asked.filter((a) => !a.includes('skip=0'));
    expect(sent.sort()).toEqual(
      ['/api/v1/auth/me', '/api/v1/documentation/folders/f-1', '/api/v1/documentation/folders/f-1/contents?ordering=-modified_at&ordering=name&limit=100'].sort(),
    );
    expect(sentEarly()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name']);
  });

  it("the trash: its folder's read, and the root's for the whole trash's address in the spec's links (/documentation/trash/1)", async () => {
    openPage('/documentation/trash/1');
    expect(sentEarly()).toContain('/api/v1/documentation/folders/root');
    await api.documentation.folder(trashFolderOf('1')); // what the trash page asks for (src/screens/documentation/trash.ts)
    await settle();
    expect(asked.filter((a) => a.startsWith('/api/v1/documentation/folders/') && !a.includes('/contents'))).toEqual(['/api/v1/documentation/folders/root']);

    openPage('/documentation/trash/f-9');
    await api.documentation.folder(trashFolderOf('f-9'));
    await settle();
    expect(asked.filter((a) => a.startsWith('/api/v1/documentation/folders/') && !a.includes('/contents'))).toEqual(['/api/v1/documentation/folders/f-9']);

    // An alias is looked up as the value's own key only, never through the object's prototype.
    openPage('/documentation/trash/constructor');
    expect(sentEarly()).toContain('/api/v1/documentation/folders/constructor');
  });

  it('a version (/view/{id}/{n}) or a submitted row (/view/{id}/{rowId}): read as the view page reads them, told apart by the form of the segment', async () => {
    const drawer = '/api/v1/documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name';
    openPage('/documentation/view/d3/2');
    expect(sentEarly().sort()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/documents/d3/version/2', drawer].sort());
    const version = viewTarget('/documentation/view/d3/2');
    if (version?.kind !== 'version') throw new Error('a version address');
    await readDocument(version.id, version.version); // what document-view.ts asks for
    await settle();
    expect(asked.filter((a) => a.includes('/d3'))).toEqual(['/api/v1/documentation/documents/d3/version/2']);

    openPage('/documentation/view/d4/r-7');
    expect(sentEarly().sort()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/documents/d4', '/api/v1/documentation/documents/documentdata/r-7', drawer].sort());
    const row = viewTarget('/documentation/view/d4/r-7');
    if (row?.kind !== 'row') throw new Error('a row address');
    await Promise.all([readDocument(row.id), api.documentation.submittedRow(row.rowId)]);
    await settle();
    expect(asked.filter((a) => a.includes('/d4') || a.includes('r-7')).sort()).toEqual(['/api/v1/documentation/documents/d4', '/api/v1/documentation/documents/documentdata/r-7']);
  });

  it('the history page: the document and the first page of its versions', async () => {
    openPage('/documentation/d2/history');
    await Promise.all([api.documentation.document('d2'), allPages((page) => api.documentation.history('d2', page))]);
    await settle();
    expect(asked.filter((a) => a.includes('/d2')).sort()).toEqual(['/api/v1/documentation/documents/d2', '/api/v1/documentation/documents/d2/history?skip=0&limit=100']);
  });

  it("the QR Labels page: the labels of the folder's own items, the address its screen asks for", async () => {
    openPage('/documentation/qr-sheet/f8');
    await settle();
    // Sent by the HTML, before the page's module asks…
    expect(asked.filter((a) => a.includes('/f8'))).toEqual(['/api/v1/documentation/folders/f8/qr-sheet']);
    // …which then takes that answer instead of asking again.
    await qrSheetRead('f8');
    await settle();
    expect(asked.filter((a) => a.includes('/f8'))).toEqual(['/api/v1/documentation/folders/f8/qr-sheet']);
  });

  it('an early answer that failed reads exactly like the transport’s own: status, detail, the listeners hear it', async () => {
    openPage('/documentation/view/gone');
    const heard: ApiError[] = [];
    const stop = onApiError((e) => heard.push(e));
    const err = await api.documentation.document('gone').catch((e: unknown) => e);
    stop();
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, detail: 'Document not found' });
    expect(heard).toEqual([err]);
    expect(asked.filter((a) => a.endsWith('/gone'))).toHaveLength(1);
  });

  it('a refused token: the early 401 signs out through the same listeners', async () => {
    openPage('/documentation/view/d1', { token: 'revoked', loggedIn: 'true' });
    const heard: ApiError[] = [];
    const stop = onApiError((e) => heard.push(e));
    const err = await api.auth.me().catch((e: unknown) => e);
    stop();
    expect(err).toMatchObject({ status: 401, detail: 'Could not validate credentials' });
    expect(heard).toHaveLength(1);
    expect(asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(1);
  });

  it('is not taken by a call with another token (signed in again meanwhile): that call asks the network', async () => {
    openPage('/');
    (g.localStorage as ReturnType<typeof storage>).setItem('token', 'other');
    await api.auth.me().catch(() => undefined);
    expect(asked.filter((a) => a === '/api/v1/auth/me')).toHaveLength(2);
  });

  it('sends nothing without a stored login, or to a non-admin on an admin page', async () => {
    openPage('/documentation/view/d1', { token: TOKEN });
    openPage('/admin/users', { token: TOKEN, loggedIn: 'true' }, { is_org_admin: 'false' });
    await settle();
    expect(sentEarly()).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('the dashboard (/) asks for exactly what was sent early: assignments, favourites, recent activity, the first steps', async () => {
    const addresses = ['/api/v1/workflow/assignments', '/api/v1/documentation/favorites', '/api/v1/documentation/notifications?limit=20', '/api/v1/workflow/first-steps'];
    openPage('/', { token: TOKEN, loggedIn: 'true' });
    expect(sentEarly()).toEqual(['/api/v1/auth/me', ...addresses]);
    // Recent Activity, the last panel, and the first steps (the empty panels' guidance) wait behind the
    // page's modules (six connections: module-preload.spec).
    expect(priorities).toEqual({
      '/api/v1/auth/me': 'auto',
      '/api/v1/workflow/assignments': 'auto',
      '/api/v1/documentation/favorites': 'auto',
      '/api/v1/documentation/notifications?limit=20': 'low',
      '/api/v1/workflow/first-steps': 'low',
    });
    const reads = dashboardApiReads();
    await Promise.all([reads.assignments, reads.favourites, reads.activity, readFirstSteps().catch(() => undefined)]);
    await settle();
    expect(sentEarly()).toEqual(['/api/v1/auth/me']);
    expect(asked.filter((a) => a !== '/api/v1/auth/me').sort()).toEqual([...addresses].sort());
  });

  it('the admin pages: the roles list, a role, the activity log and the settings ask for exactly what was sent early', async () => {
    const admin = { is_org_admin: 'true' };
    const cases: [string, () => Promise<unknown>, string[]][] = [
      ['/admin/roles', () => api.roles.list({ skip: 0, limit: ROLES_PAGE_SIZE }), ['/api/v1/roles?skip=0&limit=100']],
      ['/admin/roles/r%2D1', () => api.roles.get('r-1'), ['/api/v1/roles/r-1']],
      ['/admin/activity-log', () => api.activity({ skip: 0, limit: ACTIVITY_PAGE_SIZE }), ['/api/v1/activity?skip=0&limit=100']],
      ['/admin/settings', settingsReads, ['/api/v1/users?limit=1', '/api/v1/_build-info', '/api/v1/settings/mail-failures']],
      ['/admin/api-tokens', () => apiTokensRead(), ['/api/v1/users/api-tokens?skip=0&limit=100']],
    ];
    for (const [path, read, addresses] of cases) {
      openPage(path, { token: TOKEN, loggedIn: 'true' }, admin);
      expect(sentEarly()).toEqual(['/api/v1/auth/me', ...addresses]);
      await read();
      await settle();
      expect(sentEarly()).toEqual(['/api/v1/auth/me']);
      expect(asked.filter((a) => a !== '/api/v1/auth/me').sort()).toEqual([...addresses].sort());
    }
  });

  it('the users screens: the list, new and edit pages ask for exactly what was sent early', async () => {
    const admin = { is_org_admin: 'true' };
    const roles = () => api.roles.list({ skip: 0, limit: ROLES_PAGE });
    const cases: [string, () => Promise<unknown>, string[]][] = [
      [
        '/admin/users',
        () => Promise.all([api.users.list(usersQuery([], { skip: 0, limit: USERS_PAGE_SIZE })), roles()]),
        ['/api/v1/users?ordering=username&skip=0&limit=20', '/api/v1/roles?skip=0&limit=100'],
      ],
      ['/admin/users/new', roles, ['/api/v1/roles?skip=0&limit=100']],
      ['/admin/users/u%2D1', () => Promise.all([api.users.get('u-1'), roles()]), ['/api/v1/users/u-1', '/api/v1/roles?skip=0&limit=100']],
    ];
    for (const [path, read, addresses] of cases) {
      openPage(path, { token: TOKEN, loggedIn: 'true' }, admin);
      expect(sentEarly()).toEqual(['/api/v1/auth/me', ...addresses]);
      await read();
      await settle();
      expect(sentEarly()).toEqual(['/api/v1/auth/me']);
      expect(asked.filter((a) => a !== '/api/v1/auth/me').sort()).toEqual([...addresses].sort());
    }
  });

  it('the billing page asks for exactly what was sent early: the plans', async () => {
    openPage('/billing', { token: TOKEN, loggedIn: 'true' });
    expect(sentEarly()).toEqual(['/api/v1/auth/me', '/api/v1/billing/products']);
    await billingReads();
    await settle();
    expect(sentEarly()).toEqual(['/api/v1/auth/me']);
    expect(asked.filter((a) => a !== '/api/v1/auth/me')).toEqual(['/api/v1/billing/products']);
  });

  it("every address sent early is the one paths.ts builds for the page's parameters (as the API client's are)", () => {
    const api = (path: string) => `/api/v1/${path}`;
    const pathsSent = () => sentEarly().map((address) => address.split('?')[0]);
    const me = api(paths.auth.me);
    const drawer = api(paths.documentation.contents(ROOT));
    const admin = { is_org_admin: 'true' };
    // Parameters that need encoding, so a segment built another way would differ by a character.
    const cases: [string, string[], Record<string, string>?][] = [
      ['/documentation/browse', [paths.documentation.folder(ROOT), paths.documentation.contents(ROOT)]],
      ['/documentation/browse/f%20%C3%A9', [paths.documentation.folder('f é'), paths.documentation.contents('f é')]],
      ['/documentation/view/d%2F1', [paths.documentation.document('d/1')]],
      ['/documentation/view/d%2F1/version/3', [paths.documentation.version('d/1', 3)]],
      ['/documentation/view/d%2F1/3', [paths.documentation.version('d/1', 3)]],
      ['/documentation/view/d%2F1/r%2B7', [paths.documentation.document('d/1'), paths.documentation.submittedRow('r+7')]],
      ['/documentation/edit/d1', [paths.documentation.document('d1')]],
      ['/documentation/d1/history', [paths.documentation.document('d1'), paths.documentation.history('d1')]],
      ['/documentation/trash/1', [paths.documentation.folder(ROOT)]],
      ['/documentation/trash/f%3A9', [paths.documentation.folder('f:9')]],
      ['/documentation/results/d1/r1', [paths.documentation.document('d1'), paths.documentation.submittedRow('r1')]],
      ['/documentation/results/d1', [paths.documentation.document('d1')]],
      ['/documentation/qr-sheet/f1', [paths.documentation.qrSheet('f1')]],
      ['/documentation/search', []],
    ];
    for (const [page, own] of cases) {
      openPage(page);
      expect(pathsSent(), page).toEqual([me, ...own.map(api), drawer]);
    }
    const noDrawer: [string, string[]][] = [
      ['/', [paths.workflow.assignments, paths.documentation.favorites, paths.documentation.notifications, paths.workflow.firstSteps]],
      ['/admin/roles', [paths.roles.list]],
      ['/admin/roles/r%201', [paths.roles.role('r 1')]],
      ['/admin/activity-log', [paths.activity]],
      ['/admin/settings', [paths.users.list, paths.buildInfo, paths.settings.mailFailures]],
      ['/admin/api-tokens', [paths.users.apiTokens]],
      ['/admin/users', [paths.users.list, paths.roles.list]],
      ['/admin/users/new', [paths.roles.list]],
      ['/admin/users/u%201', [paths.users.user('u 1'), paths.roles.list]],
      ['/billing', [paths.billing.products]],
      ['/account-settings', []],
    ];
    for (const [page, own] of noDrawer) {
      openPage(page, undefined, admin);
      expect(pathsSent(), page).toEqual([me, ...own.map(api)]);
    }
  });

  it('a page without reads of its own sends auth/me alone', () => {
    openPage('/account-settings');
    expect(sentEarly()).toEqual(['/api/v1/auth/me']);
  });
});
