/**
 * A folder's first paint before React (issue #8, islands/browse/folder-preview.ts): with the island's
 * script held back, the page already shows the folder it opened beside auth/me — breadcrumbs, heading,
 * description, every tile — as a picture nobody can use or hear; once the island has loaded, it alone is
 * on the page. The picture's tiles and breadcrumbs are the island's own elements (<rb-item-tile>,
 * <rb-breadcrumbs>), so no test compares the two drawings.
 */
import type { Locator, Page } from '@playwright/test';
import { callApi, expect, holdRequests, signInWithToken, test, usePhoneViewport } from './support/test.ts';

interface Item {
  id: string;
}

/** Holds back the island's component script (the request stays unanswered until `release`). */
const holdIsland = (page: Page) => holdRequests(page, /\/_astro\/BrowseFolder\.[^/]+\.js$/);

/** A token only Shoelace's own theme defines (islands/shared/shoelace-theme.ts), '' while it is not on the page. */
const shoelaceToken = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-z-index-dialog').trim());

for (const width of ['desktop', 'phone'] as const) {
  test(`at ${width} width a folder is painted from its opening before React loads, and the island takes its place`, async ({ page, orgAdmin }) => {
    if (width === 'phone') await usePhoneViewport(page);
    const token = orgAdmin.token;
    const parent = await callApi<Item>('documentation/folders', { token, json: { parent_id: 'root', name: 'Site checks', description: 'Everything the site team fills in' } });
    await callApi('documentation/folders', { token, json: { parent_id: parent.id, name: 'Archive' } });
    await callApi('documentation/documents', { token, json: { folder_id: parent.id, name: 'Daily round', doctype: 'form', description: 'Walk the hall, then the yard' } });
    await callApi('documentation/documents', { token, json: { folder_id: parent.id, name: 'Weekly results', doctype: 'sheet' } });

    await signInWithToken(page, token);
    const release = await holdIsland(page);
    await page.goto(`/documentation/browse/${parent.id}`);

    const preview = page.locator('#folder-preview');
    await expect(preview.locator('h1.page-heading')).toHaveText('Site checks');
    await expect(preview.locator('li.item-tile a.item-name')).toHaveText([/^Archive, Folder$/, /^Daily round, Checklist$/, /^Weekly results, Result Sheet$/]);
    await expect(preview.locator('.item-description')).toHaveText('Walk the hall, then the yard');
    await expect(preview.locator('nav.breadcrumbs')).toHaveText(/Home.*Documentation.*Site checks/);
    await expect(preview.getByRole('button', { name: /^Sort: / })).toHaveCount(0); // hidden from assistive technology
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(preview).toHaveAttribute('inert', '');
    await expect(page.getByText('Loading…')).toBeHidden();
    await expect(preview.locator('li.item-tile')).toHaveCount(3);
    // Shoelace's theme is no part of the HTML the picture waits for: the island brings it.
    expect(await shoelaceToken(page)).toBe('');

    release();
    const island = page.locator('astro-island');
    await expect(page.getByRole('list', { name: 'Contents of Site checks' }).getByRole('listitem')).toHaveCount(3);
    await expect(preview).toBeEmpty();
    await expect(page.getByRole('heading', { level: 1, name: 'Site checks' })).toHaveCount(1);
    await expect(island.locator('li.item-tile rb-item-tile')).toHaveCount(3);
    // …added before the house theme, which keeps the last word on the tokens it maps (theme.css).
    expect(await shoelaceToken(page)).not.toBe('');
    const [primary, house] = await page.evaluate(() => ['--sl-color-primary-600', '--rb-primary'].map((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()));
    expect(primary).toBe(house);
  });
}

test('the picture of a long folder is its first screen only: the island draws the rest', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const token = orgAdmin.token;
  const parent = await callApi<Item>('documentation/folders', { token, json: { parent_id: 'root', name: 'Many checks' } });
  const names = Array.from({ length: 40 }, (_, i) => `Check ${String(i + 1).padStart(2, '0')}`);
  for (const name of names) await callApi('documentation/documents', { token, json: { folder_id: parent.id, name, doctype: 'form' } });

  await signInWithToken(page, token);
  const release = await holdIsland(page);
  await page.goto(`/documentation/browse/${parent.id}`);
  const preview = page.locator('#folder-preview');
  const tiles = preview.locator('li.item-tile');
  await expect(tiles.first()).toBeVisible();
  const drawn = await tiles.count();
  // Fewer than the folder holds (each tile costs the slow phone's main thread before the paint)…
  expect(drawn).toBeLessThan(names.length);
  // …and enough to fill the window: the last one drawn ends below its bottom edge.
  const last = (await tiles.last().boundingBox())!;
  expect(last.y + last.height).toBeGreaterThan(page.viewportSize()!.height);
  await expect(preview.locator('a.item-name')).toHaveText(names.slice(0, drawn).map((name) => `${name}, Checklist`));
  // Every tile of the picture is on the first screen, so none skips its contents (the island's tiles do,
  // below the fold, with content-visibility: auto): skipping them first only adds a second layout to the paint.
  const contentVisibility = (tile: Locator) => tile.evaluate((element) => getComputedStyle(element).contentVisibility);
  expect(await contentVisibility(tiles.last())).toBe('visible');

  release();
  await expect(page.getByRole('list', { name: 'Contents of Many checks' }).getByRole('listitem')).toHaveCount(names.length);
  expect(await contentVisibility(page.locator('astro-island li.item-tile').last())).toBe('auto');
  await expect(preview).toBeEmpty();
});

