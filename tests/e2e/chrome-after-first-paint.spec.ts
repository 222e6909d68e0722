/**
 * The signed-in chrome gives the page its first paint (issue #8, src/screens/chrome/signed-in-chrome.ts):
 * the menus, the drawer's folders and favourites, the notifications bell and the organisation's name mount once the page has
 * painted what it read beside auth/me — on a phone at 4× CPU that work held the heading back by about
 * 50 ms, and its own reads went out before the page's answer was even used. A tap, key or click on the
 * chrome before then mounts it at once, so none is lost.
 *
 * Each test holds the real server's answer to the page's document read (the request goes through, late:
 * nothing is mocked), so the chrome is still waiting when the test looks.
 */
import type { Page } from '@playwright/test';
import { callApi, expect, signInWithToken, test, usePhoneViewport, type OrgAdmin } from './support/test.ts';

async function checklistOf(admin: OrgAdmin): Promise<{ id: string }> {
  const folder = await callApi<{ id: string }>('documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Site A' } });
  return callApi<{ id: string }>('documentation/documents', {
    token: admin.token,
    json: { folder_id: folder.id, name: 'Fire drill', doctype: 'form', description: '', contents: { questions: { done: { title: 'Doors closed', valueType: 'true/false', required: true } }, question_index: ['done'] } },
  });
}

/** Holds the answer to GET documentation/documents/{id} until `release`. */
async function holdDocument(page: Page, id: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1/documentation/documents/${id}`, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

const revealed = (page: Page) => expect(page.locator('#main')).not.toHaveAttribute('aria-busy');

test.describe('the chrome after the page’s first paint', () => {
  test('its own reads and menus wait until the page has painted what it read', async ({ page, orgAdmin }) => {
    const checklist = await checklistOf(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    // In-page times (performance.now), so a loaded machine cannot fail the test: the document's read asked and
    // answered, the chrome's first reads of the favourites and notifications, the account menu's showing.
    await page.addInitScript((id) => {
      const times: Record<string, number> = {};
      (window as unknown as { __times: typeof times }).__times = times;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const path = new URL(input instanceof Request ? input.url : String(input), location.href).pathname;
        const own = path === `/api/v1/documentation/documents/${id}`;
        if (own) times.asked ??= performance.now();
        if (path === '/api/v1/documentation/favorites') times.favourites ??= performance.now();
        if (path.startsWith('/api/v1/documentation/notifications')) times.notifications ??= performance.now();
        const response = send(input, init);
        if (own) response.then(() => (times.answered ??= performance.now())).catch(() => undefined);
        return response;
      };
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Account menu"]')?.checkVisibility()) times.menus ??= performance.now();
      }).observe(document, { childList: true, subtree: true, attributes: true });
    }, checklist.id);
    const { release } = await holdDocument(page, checklist.id);
    await page.goto(`/documentation/view/${checklist.id}`);
    await revealed(page); // the user is in; the page's document is not
    await page.waitForTimeout(300);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page).toHaveTitle(`View Fire drill ${orgAdmin.org.name}`);
    const times = () => page.evaluate(() => (window as unknown as { __times: Record<string, number | undefined> }).__times);
    await expect.poll(async () => Object.keys(await times()).sort()).toEqual(['answered', 'asked', 'favourites', 'menus', 'notifications']);
    const { asked, answered, favourites, notifications, menus } = (await times()) as Record<'asked' | 'answered' | 'favourites' | 'notifications' | 'menus', number>;
    // The drawer's favourites used to be read the moment auth/me answered, ahead of the page's own paint; the
    // bell's notifications once the page had loaded, whether or not its document had come. Now each waits for
    // the document's answer, or for the longest the chrome waits for a page's reads (1 s from auth/me's answer,
    // which comes after the document was asked).
    const chromeMayMount = Math.min(answered, asked + 1000);
    expect(favourites).toBeGreaterThanOrEqual(chromeMayMount);
    expect(notifications).toBeGreaterThanOrEqual(chromeMayMount);
    expect(menus).toBeGreaterThanOrEqual(chromeMayMount);
  });

  test('the document menu reads whether it is a favourite and subscribed only after the heading has painted', async ({ page, orgAdmin }) => {
    const checklist = await checklistOf(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    // Counts the frames rendered since the heading was in the page, and notes that count at each read of the
    // favourites or subscriptions: a read sent while rendering the heading goes out before its first frame.
    await page.addInitScript(() => {
      const w = window as unknown as { framesWithHeading: number; followReads: { url: string; frames: number }[] };
      w.framesWithHeading = 0;
      w.followReads = [];
      const tick = () => {
        if (document.querySelector('h1')?.textContent?.includes('Fire drill')) w.framesWithHeading++;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      const send = window.fetch.bind(window);
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        if (/\/documentation\/(favorites|subscriptions)/.test(url)) w.followReads.push({ url, frames: w.framesWithHeading });
        return send(input, init);
      };
    });
    await page.goto(`/documentation/view/${checklist.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();
    const reads = () => page.evaluate(() => (window as unknown as { followReads: { url: string; frames: number }[] }).followReads);
    await expect.poll(async () => (await reads()).length).toBe(2);
    for (const read of await reads()) expect(read.frames, read.url).toBeGreaterThan(0);
    // They are still read: the menu says what its entries do.
    await page.getByRole('button', { name: 'Document menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Favourite' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Subscribe' })).toBeVisible();
  });

  test('a tap on the menu button before then is not lost', async ({ page, orgAdmin }) => {
    await usePhoneViewport(page);
    const checklist = await checklistOf(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const { release } = await holdDocument(page, checklist.id);
    await page.goto(`/documentation/view/${checklist.id}`);
    await revealed(page);
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await menu.click();
    // Mounted by the tap itself: the drawer opens now, not after the page's read.
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();
  });

  test('a warning a page leaves for the next one shows there, however long the next page takes to come', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    // The folder browser's HTML comes late: the failed document page stays long enough for its chrome to mount.
    await page.route('**/documentation/browse', async (route) => {
      if (route.request().resourceType() === 'document') await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/documentation/view/0190e1a0-0000-7000-8000-00000000dead');
    await expect(page).toHaveURL('/documentation/browse');
    await expect(page.getByRole('alert').filter({ hasText: 'Document not found' })).toBeVisible();
  });
});

test.describe('the service worker after the page’s first paint', () => {
  test.use({ serviceWorkers: 'allow' });

  test('registers once the page has painted what it read, so its precache does not compete with the page', async ({ page, orgAdmin }) => {
    const checklist = await checklistOf(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    // In-page times (performance.now): the document's read asked and answered, the worker's registration.
    await page.addInitScript((id) => {
      const times: { asked?: number; answered?: number; registered?: number } = {};
      (window as unknown as { __times: typeof times }).__times = times;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const own = (input instanceof Request ? input.url : String(input)).endsWith(`/api/v1/documentation/documents/${id}`);
        if (own) times.asked ??= performance.now();
        const response = fetch(input, init);
        if (own) response.then(() => (times.answered ??= performance.now())).catch(() => undefined);
        return response;
      };
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        times.registered ??= performance.now();
        return register(...args);
      };
    }, checklist.id);
    const { release } = await holdDocument(page, checklist.id);
    await page.goto(`/documentation/view/${checklist.id}`, { waitUntil: 'load' });
    await revealed(page);
    await page.waitForTimeout(300);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();
    const registered = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/')) !== undefined);
    await expect.poll(registered).toBe(true);
    const times = await page.evaluate(() => (window as unknown as { __times: { asked?: number; answered?: number; registered?: number } }).__times);
    const { asked, answered, registered: registeredAt } = times;
    if (asked === undefined || answered === undefined || registeredAt === undefined) throw new Error(`not every moment was seen: ${JSON.stringify(times)}`);
    // Not before the document's answer, unless the read took longer than the chrome waits for a page's reads
    // (1 s from auth/me's answer, so after the document was asked): times measured in the page, not by the test's
    // clock, so a loaded machine cannot fail it.
    expect(registeredAt).toBeGreaterThanOrEqual(Math.min(answered, asked + 1000));
  });
});
