/**
 * THE table of page reads (src/shared/page-data-reads.ts), expanded by the server into each page's data block,
 * and the inline script that sends them (src/client/page-data-script.ts): keyed by the route table's signed-in
 * patterns, the browser's sort orderings, one small script for every page; and each page's reads are the
 * very addresses its modules ask for (run against a server, tests/unit/support/page-opening.ts). How the
 * script sends them and the client takes them: ./page-data-bootstrap.test.ts and ./page-data.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SORT_ORDERS } from '../../../islands/browse/sort-orders.ts';
import { openFolder } from '../../../islands/browse/folder-open.ts';
import { ACTIVITY_PAGE_SIZE } from '../../../islands/admin/activity-log/ActivityLog.tsx';
import { ROLES_PAGE_SIZE } from '../../../islands/admin/roles/RolesList.tsx';
import { ROLES_PAGE } from '../../../islands/admin/users/all-roles.ts';
import { usersQuery, USERS_PAGE_SIZE } from '../../../islands/admin/users/users-state.ts';
import { DELIVERY_LOG_PAGE } from '../../../islands/admin/webhooks/DeliveryLog.tsx';
import { folderChoices } from '../../../islands/admin/webhooks/WebhookEdit.tsx';
import { ROOT } from '../../../src/shared/api/documentation.ts';
import { trashFolderOf, viewTarget } from '../../../src/client/addresses.ts';
import { allPages } from '../../../src/client/all-pages.ts';
import { api } from '../../../src/client/api.ts';
import { ownApiTokensRead } from '../../../src/screens/account/api-tokens.ts';
import { apiTokensRead } from '../../../src/screens/admin/api-tokens.ts';
import { settingsReads } from '../../../src/screens/admin/settings.ts';
import { ssoReads } from '../../../src/screens/admin/sso.ts';
import { billingReads } from '../../../src/screens/billing/billing.ts';
import { readDocument } from '../../../src/screens/documentation/document-load.ts';
import { qrSheetRead } from '../../../src/screens/documentation/qr-sheet.ts';
import { dashboardApiReads } from '../../../src/screens/home/dashboard.ts';
import { readFirstSteps } from '../../../src/screens/home/dashboard-guidance.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { openPage, requests, sentEarly, serveEarlyReads, settle, TOKEN } from '../support/page-opening.ts';
import { pageDataScript } from '../../../src/client/page-data-script.ts';
import { pageReads, orderingOfSortKey, SORT_QUERIES } from '../../../src/shared/page-data-reads.ts';
import { routes } from '../../../src/routes.ts';

// The browse island's first paint (imported by folder-open.ts) defines its custom elements as it loads;
// Node has no DOM, so the modules get a bare HTMLElement and registry to define them in (nothing here draws).
vi.hoisted(() => {
  const g = globalThis as Record<string, unknown>;
  g.HTMLElement ??= class {};
  g.customElements ??= { get: () => undefined, define: () => undefined };
});

const bootstrap = readFileSync(new URL('../../../src/client/page-data-bootstrap.js', import.meta.url), 'utf8');

serveEarlyReads();

describe('the page reads table and the inline script', () => {
  it('is keyed by signed-in patterns of the route table', () => {
    const signedIn = routes.filter((r) => r.guard !== 'public').map((r) => r.pattern);
    for (const pattern of Object.keys(pageReads)) expect(signedIn).toContain(pattern);
  });

  it("gives each remembered sort the browser's ordering (islands/browse/sort-orders.ts)", () => {
    expect(Object.keys(SORT_QUERIES).sort()).toEqual(SORT_ORDERS.map((o) => o.key).sort());
    for (const order of SORT_ORDERS) expect(orderingOfSortKey(order.key)).toEqual(order.ordering);
  });

  it('inlines as a few lines of plain script with no comments, the same for every page: it matches no route and knows no read', () => {
    const script = pageDataScript(bootstrap, '/api/v1');
    expect(script).not.toMatch(/\/\*|\/\/ /);
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toContain('documentation/');
    expect(script.length).toBeLessThan(2000);
  });

  it("sends the folder page's contents in the sort this browser remembers: the one thing the server leaves to it", async () => {
    const answered = () => Promise.all(Object.values(window.__rbPageReads ?? {}).map((read) => read.response));
    openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', documentationSort: 'name' });
    expect(sentEarly()).toContain('/api/v1/documentation/folders/f1/contents?ordering=name&limit=100');
    await answered();
    openPage('/documentation/browse/f1', { token: TOKEN, loggedIn: 'true', documentationSort: 'not-a-sort' });
    expect(sentEarly()).toContain('/api/v1/documentation/folders/f1/contents?ordering=kind&ordering=name&limit=100');
    await answered();
  });
});

describe("each page's early reads are what its modules ask for", () => {
  /** Each case's page sends exactly these reads early, and its modules' own reads take every one, asking for nothing again. */
  async function expectTakenOnce(cases: [string, () => Promise<unknown>, string[]][], session: Record<string, string>) {
    for (const [path, read, addresses] of cases) {
      openPage(path, { token: TOKEN, loggedIn: 'true' }, session);
      expect(sentEarly()).toEqual(['/api/v1/auth/me', ...addresses]);
      await read();
      await settle();
      expect(sentEarly()).toEqual(['/api/v1/auth/me']);
      expect(requests.asked.filter((a) => a !== '/api/v1/auth/me').sort()).toEqual([...addresses].sort());
    }
  }

  it('a folder in the remembered sort: the folder and its first page, the same addresses the island asks for', async () => {
    openPage('/documentation/browse/f%2D1', { token: TOKEN, loggedIn: 'true', documentationSort: '-modified_at' });
    const sort = SORT_ORDERS.find((o) => o.key === '-modified_at')!;
    await openFolder('f-1', sort.ordering);
    await settle();
    const sent = requests.asked.filter((a) => !a.includes('skip=0'));
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
    expect(requests.asked.filter((a) => a.startsWith('/api/v1/documentation/folders/') && !a.includes('/contents'))).toEqual(['/api/v1/documentation/folders/root']);

    openPage('/documentation/trash/f-9');
    await api.documentation.folder(trashFolderOf('f-9'));
    await settle();
    expect(requests.asked.filter((a) => a.startsWith('/api/v1/documentation/folders/') && !a.includes('/contents'))).toEqual(['/api/v1/documentation/folders/f-9']);

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
    expect(requests.asked.filter((a) => a.includes('/d3'))).toEqual(['/api/v1/documentation/documents/d3/version/2']);

    openPage('/documentation/view/d4/r-7');
    expect(sentEarly().sort()).toEqual(['/api/v1/auth/me', '/api/v1/documentation/documents/d4', '/api/v1/documentation/documents/documentdata/r-7', drawer].sort());
    const row = viewTarget('/documentation/view/d4/r-7');
    if (row?.kind !== 'row') throw new Error('a row address');
    await Promise.all([readDocument(row.id), api.documentation.submittedRow(row.rowId)]);
    await settle();
    expect(requests.asked.filter((a) => a.includes('/d4') || a.includes('r-7')).sort()).toEqual(['/api/v1/documentation/documents/d4', '/api/v1/documentation/documents/documentdata/r-7']);
  });

  it('the history page: the document and the first page of its versions', async () => {
    openPage('/documentation/d2/history');
    await Promise.all([api.documentation.document('d2'), allPages((page) => api.documentation.history('d2', page))]);
    await settle();
    expect(requests.asked.filter((a) => a.includes('/d2')).sort()).toEqual(['/api/v1/documentation/documents/d2', '/api/v1/documentation/documents/d2/history?skip=0&limit=100']);
  });

  it("the QR Labels page: the labels of the folder's own items, the address its screen asks for", async () => {
    openPage('/documentation/qr-sheet/f8');
    await settle();
    // Sent by the HTML, before the page's module asks…
    expect(requests.asked.filter((a) => a.includes('/f8'))).toEqual(['/api/v1/documentation/folders/f8/qr-sheet']);
    // …which then takes that answer instead of asking again.
    await qrSheetRead('f8');
    await settle();
    expect(requests.asked.filter((a) => a.includes('/f8'))).toEqual(['/api/v1/documentation/folders/f8/qr-sheet']);
  });

  it('the dashboard (/) asks for exactly what was sent early: assignments, favourites, recent activity, the first steps', async () => {
    const addresses = ['/api/v1/workflow/assignments', '/api/v1/documentation/favorites', '/api/v1/documentation/notifications?limit=20', '/api/v1/workflow/first-steps'];
    openPage('/', { token: TOKEN, loggedIn: 'true' });
    expect(sentEarly()).toEqual(['/api/v1/auth/me', ...addresses]);
    // Recent Activity, the last panel, and the first steps (the empty panels' guidance) wait behind the
    // page's modules (six connections: module-preload.spec).
    expect(requests.priorities).toEqual({
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
    expect(requests.asked.filter((a) => a !== '/api/v1/auth/me').sort()).toEqual([...addresses].sort());
  });

  it('the admin pages: the roles list, a role, the activity log and the settings ask for exactly what was sent early', async () => {
    const admin = { is_org_admin: 'true' };
    const cases: [string, () => Promise<unknown>, string[]][] = [
      ['/admin/roles', () => api.roles.list({ skip: 0, limit: ROLES_PAGE_SIZE }), ['/api/v1/roles?skip=0&limit=100']],
      ['/admin/roles/r%2D1', () => api.roles.get('r-1'), ['/api/v1/roles/r-1']],
      ['/admin/activity-log', () => api.activity({ skip: 0, limit: ACTIVITY_PAGE_SIZE }), ['/api/v1/activity?skip=0&limit=100']],
      ['/admin/settings', settingsReads, ['/api/v1/users?limit=1', '/api/v1/_build-info', '/api/v1/settings/mail-failures']],
      ['/admin/api-tokens', () => apiTokensRead(), ['/api/v1/users/api-tokens?skip=0&limit=100']],
      [
        '/admin/sso',
        ssoReads,
        ['/api/v1/sso/connection', '/api/v1/roles?skip=0&limit=100', '/api/v1/users?ordering=-is_org_admin&ordering=username&skip=0&limit=100'],
      ],
    ];
    await expectTakenOnce(cases, admin);
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
    await expectTakenOnce(cases, admin);
  });

  it('the webhooks screens: the list, new and edit pages (with the delivery log) ask for exactly what was sent early', async () => {
    const admin = { is_org_admin: 'true' };
    const folders = '/api/v1/documentation/folders/root/contents?ordering=kind&ordering=name&skip=0&limit=100';
    const cases: [string, () => Promise<unknown>, string[]][] = [
      ['/admin/webhooks', () => api.webhooks.list(), ['/api/v1/webhooks']],
      ['/admin/webhooks/new', folderChoices, [folders]],
      [
        '/admin/webhooks/w%2D1',
        () => Promise.all([api.webhooks.get('w-1'), folderChoices(), api.webhooks.deliveries('w-1', { skip: 0, limit: DELIVERY_LOG_PAGE })]),
        ['/api/v1/webhooks/w-1', folders, '/api/v1/webhooks/w-1/deliveries?skip=0&limit=50'],
      ],
    ];
    await expectTakenOnce(cases, admin);
  });

  it("Account Settings asks for exactly what was sent early: the user's API tokens", async () => {
    openPage('/account-settings', { token: TOKEN, loggedIn: 'true' });
    expect(sentEarly()).toEqual(['/api/v1/auth/me', '/api/v1/auth/api-tokens']);
    await ownApiTokensRead();
    await settle();
    expect(sentEarly()).toEqual(['/api/v1/auth/me']);
    expect(requests.asked.filter((a) => a !== '/api/v1/auth/me')).toEqual(['/api/v1/auth/api-tokens']);
  });

  it('the billing page asks for exactly what was sent early: the plans', async () => {
    openPage('/billing', { token: TOKEN, loggedIn: 'true' });
    expect(sentEarly()).toEqual(['/api/v1/auth/me', '/api/v1/billing/products']);
    await billingReads();
    await settle();
    expect(sentEarly()).toEqual(['/api/v1/auth/me']);
    expect(requests.asked.filter((a) => a !== '/api/v1/auth/me')).toEqual(['/api/v1/billing/products']);
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
      ['/documentation/view/d%201', [paths.documentation.document('d 1')]],
      ['/documentation/view/d%201/version/3', [paths.documentation.version('d 1', 3)]],
      ['/documentation/view/d%201/3', [paths.documentation.version('d 1', 3)]],
      ['/documentation/view/d%201/r%2B7', [paths.documentation.document('d 1'), paths.documentation.submittedRow('r+7')]],
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
      ['/admin/sso', [paths.sso.connection, paths.roles.list, paths.users.list]],
      ['/admin/users', [paths.users.list, paths.roles.list]],
      ['/admin/users/new', [paths.roles.list]],
      ['/admin/users/u%201', [paths.users.user('u 1'), paths.roles.list]],
      ['/admin/webhooks', [paths.webhooks.list]],
      ['/admin/webhooks/new', [paths.documentation.contents(ROOT)]],
      ['/admin/webhooks/w%201', [paths.webhooks.endpoint('w 1'), paths.documentation.contents(ROOT), paths.webhooks.deliveries('w 1')]],
      ['/billing', [paths.billing.products]],
      ['/account-settings', [paths.auth.apiTokens]],
    ];
    for (const [page, own] of noDrawer) {
      openPage(page, undefined, admin);
      expect(pathsSent(), page).toEqual([me, ...own.map(api)]);
    }
  });
});
