import { countShifts } from './support/document-first-paint.ts';
/**
 * Issue #31: a signed-in page's first data is in its first HTML, and the folder's tiles and home's dashboard
 * (its welcome card, first steps and panels) are drawn in it (src/server/http/first-paint/), before any
 * module has run.
 * - Every route of THE table of first reads (src/shared/page-data-reads.ts), opened with the session cookie,
 *   takes auth/me and each of its first reads from its HTML and asks the API for none of them.
 * - The folder page and home show their content while every module is held back, and the island or the
 *   page script takes over without a layout shift, the focus and the scroll kept.
 * - Without the cookie they still work (they read for themselves); offline after one visit with the
 *   cookie they still work (the service worker's shell reads from its offline cache).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { pageReads, pageReadsOf } from '../../src/shared/page-data-reads.ts';
import { matchRoute } from '../../src/routes.ts';
import { createMember, createOrgAdmin, createRole, inviteByEmail, type OrgAdmin } from './support/accounts.ts';
import { apiReads, holdRequests, signInWithToken } from './support/browser.ts';
import { publishChecklist, question, rowsOf, sheetWithARow } from './support/checklist-filler.ts';
import { memberOf } from './support/documentation.ts';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, phoneViewport, test } from './support/test.ts';

declare global {
  interface Window {
    __rbShifts?: number;
    __rbFocusedBefore?: Element;
  }
}

/** The session cookie a sign-in sets (src/server/auth/session-cookie.ts): the login's token. */
async function giveSessionCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'rb_session', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}

/** Every module of the site (the pages' scripts, the islands, the elements) is held back until `release`. */
const holdModules = (page: Page) => holdRequests(page, /\/(?:_astro|elements)\/[^?#]*\.m?js(?:[?#]|$)/);


test.describe('with the session cookie', () => {
  test.use({ serviceWorkers: 'block' });

  let admin: OrgAdmin;
  /** A page address for each route pattern of the table (and both forms of `/documentation/view/:id/:second`). */
  let addresses: Record<string, string[]>;

  test.beforeAll(async () => {
    admin = await createOrgAdmin('firstpaint');
    const token = admin.token;
    const folder = await callApi<{ id: string }>('documentation/folders', { token, json: { parent_id: 'root', name: 'Plant E' } });
    await callApi('documentation/folders', { token, json: { parent_id: folder.id, name: 'Line 9' } });
    const form = await publishChecklist(token, 'Morning round', { ok: question('Fine', 'true/false') }, folder.id);
    await callApi(`documentation/documents/${form.id}/data`, { token, json: { record: { ok: { value: true } } } });
    const [row] = await rowsOf(token, form.id);
    const sheet = await sheetWithARow(token, 'Round results');
    const role = await createRole(admin, 'Fitters');
    const member = await createMember(admin, 'fitter');
    const webhook = await callApi<{ id: string }>('webhooks', { token, json: { url: 'https://hooks.example.com/in', events: ['member.joined'] } });
    addresses = {
      '/documentation/browse': ['/documentation/browse'],
      '/documentation/browse/:folderId': [`/documentation/browse/${folder.id}`],
      '/documentation/view/:id': [`/documentation/view/${form.id}`],
      '/documentation/view/:id/version/:version': [`/documentation/view/${form.id}/version/${form.version}`],
      '/documentation/view/:id/:second': [`/documentation/view/${form.id}/${form.version}`, `/documentation/view/${form.id}/${row!.id}`],
      '/documentation/edit/:id': [`/documentation/edit/${form.id}`],
      '/documentation/:id/history': [`/documentation/${form.id}/history`],
      '/documentation/trash/:folderId': ['/documentation/trash/1', `/documentation/trash/${folder.id}`],
      '/documentation/results/:documentId/:id': [`/documentation/results/${form.id}/${row!.id}`],
      '/documentation/results/:id': [`/documentation/results/${sheet.id}`],
      '/documentation/search': ['/documentation/search'],
      '/documentation/qr-sheet/:folderId': [`/documentation/qr-sheet/${folder.id}`],
      '/': ['/'],
      '/admin/roles': ['/admin/roles'],
      '/admin/roles/:id': [`/admin/roles/${role.id}`],
      '/admin/activity-log': ['/admin/activity-log'],
      '/admin/api-tokens': ['/admin/api-tokens'],
      '/admin/settings': ['/admin/settings'],
      '/admin/webhooks': ['/admin/webhooks'],
      '/admin/webhooks/new': ['/admin/webhooks/new'],
      '/admin/webhooks/:id': [`/admin/webhooks/${webhook.id}`],
      '/admin/users': ['/admin/users'],
      '/admin/users/new': ['/admin/users/new'],
      '/admin/users/:id': [`/admin/users/${member.id}`],
      '/billing': ['/billing'],
      '/account-settings': ['/account-settings'],
      '/admin/sso': ['/admin/sso'],
    };
  });

  test('the table of first reads has an address here for every route in it', () => {
    expect(Object.keys(addresses).sort()).toEqual(Object.keys(pageReads).sort());
  });

  for (const pattern of Object.keys(pageReads)) {
    test(`${pattern}: opened with the cookie, it asks the API for none of its first data`, async ({ page, context }) => {
      await signInWithToken(page, admin.token);
      await giveSessionCookie(context, admin.token);
      for (const address of addresses[pattern]!) {
        const match = matchRoute(address);
        expect(match?.route.pattern, address).toBe(pattern);
        const first = Object.values({ me: 'auth/me', ...pageReadsOf(pattern, match!.params) });
        const sent = apiReads(page);
        await page.goto(address);
        // The page's modules took every answer from the HTML by its read's name (a sheet's rows too, when
        // its page has them), the bootstrap had none to send…
        await expect.poll(() => page.evaluate(() => (window.__rbPageDataTaken ?? []).length)).toBeGreaterThanOrEqual(first.length);
        await expect.poll(() => page.evaluate(() => Object.keys(window.__rbPageReads ?? {}))).toEqual([]);
        // …and none of its first reads went to the network.
        for (const read of first) expect(sent, `${address}: ${read} came with the HTML`).not.toContain(read);
      }
    });
  }

  test('the folder page shows its tiles while every module is held back; the island takes their place, no shift, focus and scroll kept', async ({ page, context }) => {
    const token = admin.token;
    const folder = await callApi<{ id: string }>('documentation/folders', { token, json: { parent_id: 'root', name: 'Many rounds', description: 'All of the site <b>rounds</b>' } });
    const names = Array.from({ length: 30 }, (_, i) => `Round ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) await callApi('documentation/documents', { token, json: { folder_id: folder.id, name, doctype: 'form' } });
    await signInWithToken(page, token);
    await giveSessionCookie(context, token);
    await countShifts(page);
    const release = await holdModules(page);
    // Not to its load (which waits for the modules): to its first response.
    await page.goto(`/documentation/browse/${folder.id}`, { waitUntil: 'commit' });

    const drawing = page.locator('#browse-folder');
    await expect(drawing.locator('h1.page-heading')).toHaveText('Many rounds');
    await expect(drawing.locator('.folder-description')).toHaveText('All of the site <b>rounds</b>');
    await expect(drawing.locator('nav.breadcrumbs')).toHaveText(/Home.*Documentation.*Many rounds/);
    await expect(drawing.locator('li.item-tile a.item-name').first()).toHaveText('Round 01, Checklist');
    await expect(drawing.locator('li.item-tile rb-item-tile').first()).toHaveAttribute('kind', 'form');
    await expect(drawing.locator('li.item-tile')).toHaveCount(names.length);
    // No module has run: the tiles are the HTML's (their element is not even defined yet).
    expect(await page.evaluate(() => customElements.get('rb-item-tile'))).toBeUndefined();

    // A tile's link has the focus, and the drawing's nodes are remembered: the island hydrates them in place.
    const focused = await page.evaluate(() => {
      const link = document.querySelector<HTMLElement>('#browse-folder li.item-tile a.item-name');
      link?.setAttribute('data-focused-before', '');
      link?.focus({ preventScroll: true });
      (window as unknown as { __rbDrawn?: Element[] }).__rbDrawn = [...document.querySelectorAll('#browse-folder h1, #browse-folder li.item-tile, #browse-folder button')];
      return link !== null && document.activeElement === link;
    });
    expect(focused).toBe(true);
    await page.mouse.wheel(0, 300);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    const scrolled = await page.evaluate(() => scrollY);
    const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

    release();
    await expect(page.getByRole('list', { name: 'Contents of Many rounds' }).getByRole('listitem')).toHaveCount(names.length);
    // Taken over, not drawn again: the island's dates are the browser's, on the very nodes the server drew.
    await expect.poll(() => page.evaluate(() => customElements.get('rb-item-tile') !== undefined)).toBe(true);
    const kept = await page.evaluate(() => {
      const before = (window as unknown as { __rbDrawn: Element[] }).__rbDrawn;
      return before.length > 0 && before.every((node) => node.isConnected);
    });
    expect(kept).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Many rounds' })).toHaveCount(1);
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-focused-before'))).toBe(true);
    expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
    // The hydrated drawing is the island's: its sort button opens the sort menu.
    await page.getByRole('button', { name: /^Sort: / }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Name descending' })).toBeVisible();
  });

  for (const viewport of [
    { label: 'desktop', size: { width: 1280, height: 720 } },
    { label: '390 px', size: phoneViewport },
  ]) {
    test(`home shows the dashboard's cards while every module is held back; the page script takes them over without a shift, focus and scroll kept (${viewport.label})`, async ({ page, context }) => {
      await page.setViewportSize(viewport.size);
      // Something in every card the server can draw: an assignment (by a member, so it is in Recent Activity
      // too), a favourite, and first steps partly done (a folder, a checklist, a member; no QR labels).
      const owner = await createOrgAdmin('homepaint');
      const token = owner.token;
      const me = await callApi<{ id: string }>('auth/me', { token });
      const folder = await callApi<{ id: string }>('documentation/folders', { token, json: { parent_id: 'root', name: 'Yard & gates' } });
      const form = await publishChecklist(token, 'Gate check', { ok: question('Closed', 'true/false') }, folder.id);
      await callApi(`documentation/folders/${folder.id}/favorite`, { token, method: 'POST' });
      const member = await memberOf(owner);
      await callApi('workflow/assignments/document', { token: member.token, json: { assigned_to: { type: 'user', id: me.id }, object_id: form.id, notes: 'Before noon' } });

      await signInWithToken(page, token);
      await giveSessionCookie(context, token);
      await countShifts(page);
      const sent = apiReads(page);
      const release = await holdModules(page);
      await page.goto('/', { waitUntil: 'commit' });

      // Every card is the HTML's: no module has run, and nothing was asked of the API.
      await expect(page.locator('#welcome-heading')).toHaveText(`Welcome to ${owner.org.name}`);
      const card = (name: string) => page.getByRole('region', { name });
      await expect(card('First steps').getByRole('listitem')).toHaveText([/Create a folder \(done\)/, /Make a checklist \(done\)/, /Invite a member \(done\)/, /Print QR labels for a folder \(to do\)/]);
      const assignments = card('Assignments to Claim');
      await expect(assignments.getByRole('link', { name: 'Gate check' })).toHaveAttribute('href', `/documentation/view/${form.id}`);
      await expect(assignments).toContainText(`by ${member.username}, `);
      await expect(assignments).toContainText('Before noon');
      const claim = assignments.getByRole('button', { name: 'Claim Gate check' });
      await expect(claim).toBeVisible();
      await expect(card('Favorites').getByRole('link', { name: 'Yard & gates' })).toHaveAttribute('href', `/documentation/browse/${folder.id}`);
      await expect(card('Recent Activity')).toContainText(`${member.username} assigned you: Gate check`);
      await expect(card('Checklists in Progress')).toContainText('No checklists in progress');
      await expect(card('Checklists in Progress').getByRole('link', { name: 'Create a folder or checklist' })).toBeVisible();
      expect(sent).toEqual([]);

      // The focus on the server's Claim button, the page scrolled.
      await claim.evaluate((button) => {
        // Held by identity (the script may change its attributes, never the node).
        window.__rbFocusedBefore = button;
        (button as HTMLElement).focus({ preventScroll: true });
      });
      await page.mouse.move(viewport.size.width / 2, viewport.size.height / 2);
      await page.mouse.wheel(0, 200);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
      const scrolled = await page.evaluate(() => scrollY);
      const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

      release();
      // The page's script has taken over: the chrome knows the user, and every first answer was taken.
      await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
      await expect.poll(() => page.evaluate(() => Object.keys(window.__rbPageReads ?? {}))).toEqual([]);
      await expect(assignments.getByRole('button', { name: 'Claim Gate check' })).toBeVisible();
      expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
      expect(await page.evaluate(() => scrollY)).toBe(scrolled);
      expect(await page.evaluate(() => document.activeElement === window.__rbFocusedBefore)).toBe(true);
      for (const read of ['auth/me', ...Object.values(pageReadsOf('/', {}))]) expect(sent, `${read} came with the HTML`).not.toContain(read);

      // The server's button is the page's now: it claims.
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'You claimed Gate check.' }).first()).toBeVisible();
      await expect(assignments.getByRole('button', { name: 'Unclaim Gate check' })).toBeFocused();
    });
  }

  test("home lists a pending invitation below the welcome from the HTML; the page script takes it over without a shift, and its Accept works", async ({ page, context }) => {
    const invited = await createOrgAdmin('invitedpaint');
    const other = await createOrgAdmin('inviterpaint');
    await inviteByEmail(other.token, invited.email);
    await signInWithToken(page, invited.token);
    await giveSessionCookie(context, invited.token);
    await countShifts(page);
    const release = await holdModules(page);
    await page.goto('/', { waitUntil: 'commit' });

    const invitations = page.getByRole('region', { name: 'Your Invitations' });
    await expect(invitations).toContainText(other.org.name);
    await expect(invitations.getByRole('button', { name: `Accept the invitation to join ${other.org.name}` })).toBeVisible();
    // Below the welcome card, above the panels.
    const [welcome, listed, panels] = await Promise.all(['#welcome', '#home-invitations', '.dashboard-panels'].map((s) => page.locator(s).boundingBox()));
    expect(listed!.y).toBeGreaterThan(welcome!.y);
    expect(panels!.y).toBeGreaterThan(listed!.y);
    const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

    release();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => Object.keys(window.__rbPageReads ?? {}))).toEqual([]);
    expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);

    // The server's button is the page's now: accepting joins and switches to the organisation.
    await invitations.getByRole('button', { name: `Accept the invitation to join ${other.org.name}` }).click();
    await expect(page.getByText(`You have joined ${other.org.name}.`)).toBeVisible();
    await expect(page.locator('#welcome-heading')).toHaveText(`Welcome to ${other.org.name}`);
    await expect(invitations).toBeHidden();
  });

  test('home with a checklist in progress in this browser: the server draws that panel empty (it cannot know), the page lists the draft', async ({ page, context }) => {
    const me = await callApi<{ id: string }>('auth/me', { token: admin.token });
    const form = await publishChecklist(admin.token, 'Half done', { ok: question('Fine', 'true/false') });
    await signInWithToken(page, admin.token);
    await giveSessionCookie(context, admin.token);
    await page.evaluate(
      ({ key }) => localStorage.setItem(key, JSON.stringify({ answers: {}, savedAt: new Date().toISOString() })),
      { key: `rb-checklist:draft:${admin.org.id}:${me.id}:${form.id}` },
    );
    await page.goto('/');
    const drafts = page.getByRole('region', { name: 'Checklists in Progress' });
    await expect(drafts.getByRole('link', { name: 'Half done' })).toHaveAttribute('href', `/documentation/view/${form.id}`);
    await expect(drafts).not.toContainText('No checklists in progress');
  });

  test('with the cookie removed, the folder page and home still show their content (they read it themselves)', async ({ page, context }) => {
    const folder = await callApi<{ id: string }>('documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Cookieless' } });
    await callApi('documentation/folders', { token: admin.token, json: { parent_id: folder.id, name: 'Line 10' } });
    await signInWithToken(page, admin.token);
    await giveSessionCookie(context, admin.token);
    await context.clearCookies({ name: 'rb_session' });
    const sent = apiReads(page);
    await page.goto(`/documentation/browse/${folder.id}`);
    await expect(page.getByRole('link', { name: 'Line 10' })).toBeVisible();
    expect(sent.map((s) => s.split('?')[0])).toContain(`documentation/folders/${folder.id}`);
    await page.goto('/');
    await expect(page.locator('#welcome-heading')).toHaveText(`Welcome to ${admin.org.name}`);
    expect(sent).toContain('auth/me');
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit with the cookie, a checklist and home reload offline from the worker and its kept reads', async ({ page, context, orgAdmin, expectPageProblem }) => {
    // Offline, the reads that are not kept (lists, the drawer's folders) fail; the page shows without them.
    expectPageProblem(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(at \S+\/api\/v1\//);
    const checklist = await publishChecklist(orgAdmin.token, 'Offline round', { ok: question('Lights off', 'true/false') });
    await signInWithToken(page, orgAdmin.token);
    await giveSessionCookie(context, orgAdmin.token);
    const sent = apiReads(page);
    await page.goto(`/documentation/view/${checklist.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Offline round');
    // Its first data came with the HTML: the worker never saw it go by…
    expect(sent.map((s) => s.split('?')[0])).not.toContain(`documentation/documents/${checklist.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // …and keeps it all the same, once it controls the page (a first visit: keepThisPageOffline).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('rb-api');
          return (await cache.keys()).map((request) => new URL(request.url).pathname);
        }),
      )
      .toEqual(expect.arrayContaining([`/api/v1/documentation/documents/${checklist.id}`, '/api/v1/auth/me']));

    await context.setOffline(true);
    try {
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Offline round');
      await page.goto('/');
      await expect(page.locator('#welcome-heading')).toHaveText(`Welcome to ${orgAdmin.org.name}`);
    } finally {
      await context.setOffline(false);
    }
  });
});
