/**
 * A folder's first paint (issues #8, #31, #42): with the session cookie the server draws the browse island's
 * own drawing (islands/browse/FolderPage.tsx) into the page's HTML — breadcrumbs, heading, sort button,
 * description, the tiles — and, with the island's script held back, the page already shows the folder;
 * once the island has loaded it takes that drawing over in place (hydration): the same nodes, one heading.
 * Without the cookie the island draws the folder itself. One drawing, so no test compares two.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, holdRequests, signInWithToken, test, usePhoneViewport } from './support/test.ts';

interface Item {
  id: string;
}

/** Holds back the island's component script (the request stays unanswered until `release`). */
const holdIsland = (page: Page) => holdRequests(page, /\/_astro\/BrowseFolder\.[^/]+\.js$/);

/** The session cookie a sign-in sets (src/server/auth/session-cookie.ts): the login's token. */
async function giveSessionCookie(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'rb_session', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}

/** A token only Shoelace's own theme defines (islands/shared/shoelace-theme.ts), '' while it is not on the page. */
const shoelaceToken = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-z-index-dialog').trim());

async function siteChecks(token: string): Promise<Item> {
  const parent = await callApi<Item>('documentation/folders', { token, json: { parent_id: 'root', name: 'Site checks', description: 'Everything the site team fills in' } });
  await callApi('documentation/folders', { token, json: { parent_id: parent.id, name: 'Archive' } });
  await callApi('documentation/documents', { token, json: { folder_id: parent.id, name: 'Daily round', doctype: 'form', description: 'Walk the hall, then the yard' } });
  await callApi('documentation/documents', { token, json: { folder_id: parent.id, name: 'Weekly results', doctype: 'sheet' } });
  return parent;
}

const TILE_NAMES = [/^Archive, Folder$/, /^Daily round, Checklist$/, /^Weekly results, Result Sheet$/];

for (const width of ['desktop', 'phone'] as const) {
  test(`at ${width} width the server draws the island's folder, and the island takes that drawing over in place`, async ({ page, context, orgAdmin }) => {
    if (width === 'phone') await usePhoneViewport(page);
    const token = orgAdmin.token;
    const parent = await siteChecks(token);

    await signInWithToken(page, token);
    await giveSessionCookie(context, token);
    const release = await holdIsland(page);
    await page.goto(`/documentation/browse/${parent.id}`);

    const drawing = page.locator('#browse-folder');
    await expect(drawing.locator('h1.page-heading')).toHaveText('Site checks');
    await expect(drawing.locator('li.item-tile a.item-name')).toHaveText(TILE_NAMES);
    await expect(drawing.locator('.item-description')).toHaveText('Walk the hall, then the yard');
    await expect(drawing.locator('.folder-description')).toHaveText('Everything the site team fills in');
    await expect(drawing.locator('nav.breadcrumbs')).toHaveText(/Home.*Documentation.*Site checks/);
    await expect(drawing.getByRole('button', { name: /^Sort: Kind ascending$/ })).toHaveCount(1);
    await expect(page.getByText('Loading…')).toHaveCount(0);
    // Shoelace's theme is no part of the HTML the drawing waits for: the island brings it.
    expect(await shoelaceToken(page)).toBe('');
    await page.evaluate(() => ((window as unknown as { __rbDrawn?: Element[] }).__rbDrawn = [...document.querySelectorAll('#browse-folder h1, #browse-folder li.item-tile')]));

    release();
    await expect.poll(() => shoelaceToken(page)).not.toBe('');
    await expect(page.getByRole('list', { name: 'Contents of Site checks' }).getByRole('listitem')).toHaveCount(3);
    // Hydrated, not drawn again: every node the server drew is still the page's.
    await expect.poll(() => page.evaluate(() => (window as unknown as { __rbDrawn: Element[] }).__rbDrawn.every((node) => node.isConnected))).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Site checks' })).toHaveCount(1);
    // …and it is the island's: a tile's options open the item menu.
    await page.getByRole('button', { name: 'Options for Daily round' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    // …added before the house theme, which keeps the last word on the tokens it maps (theme.css).
    const [primary, house] = await page.evaluate(() => ['--sl-color-primary-600', '--rb-primary'].map((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()));
    expect(primary).toBe(house);
  });
}

test('without the session cookie the island draws the folder itself', async ({ page, orgAdmin }) => {
  const token = orgAdmin.token;
  const parent = await siteChecks(token);
  await signInWithToken(page, token);
  await page.goto(`/documentation/browse/${parent.id}`);
  await expect(page.getByRole('list', { name: 'Contents of Site checks' }).locator('a.item-name')).toHaveText(TILE_NAMES);
  await expect(page.getByRole('heading', { level: 1, name: 'Site checks' })).toHaveCount(1);
});

test('a long folder: the server draws its first page, the island hydrates it and reads the rest', async ({ page, context, orgAdmin }) => {
  await usePhoneViewport(page);
  const token = orgAdmin.token;
  const parent = await callApi<Item>('documentation/folders', { token, json: { parent_id: 'root', name: 'Many checks' } });
  const names = Array.from({ length: 40 }, (_, i) => `Check ${String(i + 1).padStart(2, '0')}`);
  for (const name of names) await callApi('documentation/documents', { token, json: { folder_id: parent.id, name, doctype: 'form' } });

  await signInWithToken(page, token);
  await giveSessionCookie(context, token);
  const release = await holdIsland(page);
  await page.goto(`/documentation/browse/${parent.id}`);
  const tiles = page.locator('#browse-folder li.item-tile');
  await expect(tiles).toHaveCount(names.length);
  await expect(tiles.locator('a.item-name')).toHaveText(names.map((name) => `${name}, Checklist`));

  release();
  await expect(page.getByRole('list', { name: 'Contents of Many checks' })).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('list', { name: 'Contents of Many checks' }).getByRole('listitem')).toHaveCount(names.length);
  expect(await tiles.last().evaluate((element) => getComputedStyle(element).contentVisibility)).toBe('auto');
});

test('a sort this browser remembers: the server draws the default sort, the island re-sorts once it has taken over', async ({ page, context, orgAdmin }) => {
  const token = orgAdmin.token;
  const parent = await siteChecks(token);
  await signInWithToken(page, token);
  await giveSessionCookie(context, token);
  await page.addInitScript(() => localStorage.setItem('documentationSort', '-name'));
  await page.goto(`/documentation/browse/${parent.id}`);
  const list = page.getByRole('list', { name: 'Contents of Site checks' });
  await expect(page.getByRole('button', { name: 'Sort: Name descending' })).toBeVisible();
  await expect(list.locator('a.item-name')).toHaveText([/^Weekly results/, /^Daily round/, /^Archive/]);
});
