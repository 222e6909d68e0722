/**
 * THE table of page reads (src/shared/page-data-reads.ts), expanded by the server into each page's data block
 * by name, and the inline script that sends them (src/client/page-data-script.ts): keyed by the route table's
 * signed-in patterns, the browser's sort orderings, one small script for every page; and for EVERY route of
 * the table, the page's modules name each of its reads, so they take each one — the bootstrap's (nothing is
 * asked twice) or the server's answers (nothing goes to the network). Run against a server
 * (tests/unit/support/page-opening.ts). How the script sends them and the client takes them:
 * ./page-data-bootstrap.test.ts and ./page-data.test.ts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SORT, SORT_ORDERS } from '../../../islands/browse/sort-orders.ts';
import { folderIdFromAddress, folderLoads, openFolder } from '../../../islands/browse/folder-open.ts';
import { ACTIVITY_PAGE_SIZE } from '../../../islands/admin/activity-log/ActivityLog.tsx';
import { ROLES_PAGE_SIZE } from '../../../islands/admin/roles/RolesList.tsx';
import { allRoles } from '../../../islands/admin/users/all-roles.ts';
import { usersPageRead, usersQuery, USERS_PAGE_SIZE } from '../../../islands/admin/users/users-state.ts';
import { DELIVERY_LOG_PAGE } from '../../../islands/admin/webhooks/DeliveryLog.tsx';
import { folderChoices } from '../../../islands/admin/webhooks/WebhookEdit.tsx';
import { pathSegment, trashFolderOf, viewTarget } from '../../../src/client/addresses.ts';
import { api } from '../../../src/client/api.ts';
import { loadUser } from '../../../src/client/stores/session.ts';
import { ownApiTokensRead } from '../../../src/screens/account/api-tokens.ts';
import { apiTokensRead } from '../../../src/screens/admin/api-tokens.ts';
import { settingsReads } from '../../../src/screens/admin/settings.ts';
import { ssoReads } from '../../../src/screens/admin/sso.ts';
import { billingReads } from '../../../src/screens/billing/billing.ts';
import { rootFolders } from '../../../src/screens/chrome/drawer-documentation.ts';
import { readDocument } from '../../../src/screens/documentation/document-load.ts';
import { viewReads } from '../../../src/screens/documentation/document-view.ts';
import { historyReads } from '../../../src/screens/documentation/history.ts';
import { qrSheetRead } from '../../../src/screens/documentation/qr-sheet.ts';
import { resultRowReads } from '../../../src/screens/documentation/result-row.ts';
import { trashReads } from '../../../src/screens/documentation/trash.ts';
import { dashboardReads } from '../../../src/screens/home/dashboard.ts';
import { readGuidance } from '../../../src/screens/home/dashboard-guidance.ts';
import { openPage, requests, sentEarly, serveEarlyReads, settle, TOKEN } from '../support/page-opening.ts';
import { pageDataScript } from '../../../src/client/page-data-script.ts';
import { pageReads, orderingOfSortKey, SORT_QUERIES } from '../../../src/shared/page-data-reads.ts';
import { sessionDigest, type PageAnswers, type PageData } from '../../../src/shared/page-data.ts';
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
    expect(script.length).toBeLessThan(2100);
  });
});

/** Where the page's own address goes: the last segments of the address. */
const segment = (n: number) => pathSegment(n, location.pathname);
const documentPages = (read: () => Promise<unknown>) => () => Promise.all([read(), rootFolders('drawer')]);
const admin = { is_org_admin: 'true' };

/**
 * For each route of THE table (a route read by the form of its parameter: each form), an address of it and
 * what its modules read first — the same functions the page's modules call, with the names they pass —
 * besides `me` (the session store's loadUser) and, on the documentation pages, the drawer's folders (the chrome's).
 */
const PAGES: Record<string, [string, () => Promise<unknown>, Record<string, string>?][]> = {
  '/documentation/browse': [['/documentation/browse', documentPages(() => openFolder(folderIdFromAddress(), DEFAULT_SORT.ordering, true))]],
  '/documentation/browse/:folderId': [['/documentation/browse/f%2D1', documentPages(() => openFolder(folderIdFromAddress(), DEFAULT_SORT.ordering, true))]],
  '/documentation/view/:id': [['/documentation/view/d1', documentPages(() => viewReads(viewTarget()!))]],
  '/documentation/view/:id/version/:version': [['/documentation/view/d1/version/2', documentPages(() => viewReads(viewTarget()!))]],
  '/documentation/view/:id/:second': [
    ['/documentation/view/d1/2', documentPages(() => viewReads(viewTarget()!))],
    ['/documentation/view/d1/r%2D7', documentPages(() => viewReads(viewTarget()!))],
  ],
  '/documentation/edit/:id': [['/documentation/edit/d1', documentPages(() => readDocument(segment(2)))]],
  '/documentation/:id/history': [['/documentation/d1/history', documentPages(() => historyReads(segment(1)))]],
  '/documentation/trash/:folderId': [
    ['/documentation/trash/1', documentPages(() => trashReads(trashFolderOf(segment(2))))],
    ['/documentation/trash/f9', documentPages(() => trashReads(trashFolderOf(segment(2))))],
  ],
  '/documentation/results/:documentId/:id': [['/documentation/results/d1/r1', documentPages(() => resultRowReads(segment(2), segment(3)))]],
  '/documentation/results/:id': [['/documentation/results/d1', documentPages(() => readDocument(segment(2)))]],
  '/documentation/search': [['/documentation/search', documentPages(() => Promise.resolve())]],
  '/documentation/qr-sheet/:folderId': [['/documentation/qr-sheet/f8', documentPages(() => qrSheetRead(segment(2)))]],
  '/': [
    [
      '/',
      async () => {
        const reads = await dashboardReads();
        return Promise.all([reads.assignments, reads.favourites, reads.activity, readGuidance(false, 'firstSteps')]);
      },
    ],
  ],
  '/admin/roles': [['/admin/roles', () => api.roles.list({ skip: 0, limit: ROLES_PAGE_SIZE }, 'roles'), admin]],
  '/admin/roles/:id': [['/admin/roles/r1', () => api.roles.get(segment(2), 'role'), admin]],
  '/admin/activity-log': [['/admin/activity-log', () => api.activity({ skip: 0, limit: ACTIVITY_PAGE_SIZE }, 'activity'), admin]],
  '/admin/api-tokens': [['/admin/api-tokens', () => apiTokensRead(0, 'memberApiTokens'), admin]],
  '/admin/settings': [['/admin/settings', settingsReads, admin]],
  '/admin/webhooks': [['/admin/webhooks', () => api.webhooks.list('webhooks'), admin]],
  '/admin/webhooks/new': [['/admin/webhooks/new', folderChoices, admin]],
  '/admin/webhooks/:id': [
    [
      '/admin/webhooks/w1',
      () => Promise.all([api.webhooks.get(segment(2), 'webhook'), folderChoices(), api.webhooks.deliveries(segment(2), { skip: 0, limit: DELIVERY_LOG_PAGE }, 'deliveries')]),
      admin,
    ],
  ],
  '/admin/users': [
    [
      '/admin/users',
      () => {
        const page = { skip: 0, limit: USERS_PAGE_SIZE };
        return Promise.all([api.users.list(usersQuery([], page), usersPageRead([], page, true)), allRoles('roles')]);
      },
      admin,
    ],
  ],
  '/admin/users/new': [['/admin/users/new', () => allRoles('roles'), admin]],
  '/admin/users/:id': [['/admin/users/u1', () => Promise.all([allRoles('roles'), api.users.get(segment(2), 'user')]), admin]],
  '/admin/sso': [['/admin/sso', ssoReads, admin]],
  '/billing': [['/billing', billingReads]],
  '/account-settings': [['/account-settings', () => ownApiTokensRead('apiTokens')]],
};

/** Every name's answer as the server would write it: one body every reader can read (a list, a folder, a document…). */
function writtenFor(path: string, session: Record<string, string> = {}): PageData {
  openPage(path, { token: TOKEN }, session); // no stored login: sends nothing, only to read the block's names
  const block = JSON.parse((document.getElementById('rb-page-data') as unknown as { textContent: string }).textContent) as PageData;
  const body = { results: [], total: 0, id: 'x', root_id: 'r00t', path: [], username: 'ann', steps: [] };
  const answers: PageAnswers = Object.fromEntries(Object.keys(block.reads ?? {}).map((name) => [name, { status: 200, body }]));
  return { answers, session: sessionDigest(TOKEN) };
}

describe("every route's first reads are taken by name by the page's modules", () => {
  it('covers every route of the table', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(pageReads).sort());
  });

  it('takes each read the bootstrap sent, once: nothing is asked twice, nothing is left', async () => {
    for (const [path, read, session] of Object.values(PAGES).flat()) {
      openPage(path, { token: TOKEN, loggedIn: 'true' }, session);
      const sent = sentEarly();
      expect(sent.length, path).toBeGreaterThan(1);
      await Promise.all([loadUser(), read()]);
      await settle();
      expect(sentEarly(), path).toEqual([]);
      const asked = requests.asked.filter((a) => !a.includes('/trash')); // the trash's own list is no first read
      expect(asked.length, `${path}: ${asked.join(' ')}`).toBe(new Set(asked).size);
      expect(asked.length, path).toBe(sent.length);
    }
  });

  it('takes every answer the server wrote: no first read goes to the network', async () => {
    for (const [path, read, session] of Object.values(PAGES).flat()) {
      const written = writtenFor(path, session);
      openPage(path, { token: TOKEN, loggedIn: 'true' }, session, { written });
      expect(sentEarly(), path).toEqual([]);
      await Promise.all([loadUser(), read()]);
      await settle();
      // Only the trash's own list (not a first read) may ask.
      expect(requests.asked.filter((a) => !a.includes('/trash')), path).toEqual([]);
    }
  });
});

describe('a folder the server drew in the default sort, in a browser that remembers another', () => {
  it("hydrates from the server's answers, then re-sorts from the contents the bootstrap sent in the remembered sort: no round trip", async () => {
    const path = '/documentation/browse/f1';
    const written = writtenFor(path);
    const remembered = SORT_ORDERS.find((o) => o.key === '-modified_at')!;
    openPage(path, { token: TOKEN, loggedIn: 'true', documentationSort: remembered.key }, {}, { written });
    const sortedContents = '/api/v1/documentation/folders/f1/contents?ordering=-modified_at&ordering=name&limit=100';
    // The HTML sent it already, while the modules loaded.
    expect(sentEarly()).toContain('contents');
    // The page's opening in the sort the server drew (islands/browse/mount.ts), hydrated in place.
    const drawn = await openFolder('f1', DEFAULT_SORT.ordering, true);
    const loads = folderLoads(drawn);
    expect(loads('f1', DEFAULT_SORT.ordering).drawn).toBe(true);
    // The load right after the take-over, in this browser's sort: the bootstrap's read, not a new one.
    const resorted = await loads('f1', remembered.ordering).opened;
    await settle();
    expect(resorted.first.results).toHaveLength(1); // the stand-in's answer, not the server's empty default
    expect(requests.asked.filter((a) => a.includes('/f1/contents'))).toEqual([sortedContents]);
    expect(sentEarly()).not.toContain('contents');
    // A later load asks the network.
    await loads('f1', DEFAULT_SORT.ordering).opened;
    await settle();
    expect(requests.asked.filter((a) => a.includes('/f1/contents'))).toHaveLength(2);
  });
});
