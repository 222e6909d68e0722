/**
 * Search (documentation §2 Search): the top bar's box (and its icon at 390 px), the search page with each
 * filter (text, only in current folder, types, created and modified ranges), the grid sorted by Type, a
 * row opening the viewer or the folder's browser; axe at desktop and 390 px. The stage is set over the
 * real API.
 */
import type { Page } from '@playwright/test';
import { checkAtPhoneWidth, createChecklist, createFolder, heading } from './support/documentation.ts';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test } from './support/test.ts';

const resultNames = (page: Page) => page.locator('#search-rows th .cell-value');
const resultTypes = (page: Page) => page.locator('#search-rows td:last-child .cell-value');

test.describe('search', () => {
  test('the top bar box searches, the grid is sorted by Type, and a row opens its item', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Pump Station');
    await createChecklist(orgAdmin.token, 'Pump Inspection', folder.id, 1);
    await callApi('documentation/documents', { token: orgAdmin.token, json: { folder_id: 'root', name: 'Pump briefing', doctype: 'presentation', description: '' } });
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search documents' });
    await box.fill('pump');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/documentation\/search\?q=pump/);
    await expect(heading(page)).toHaveText('Search');
    // The global box is left out of the search page.
    await expect(page.getByRole('searchbox', { name: 'Search documents' })).toHaveCount(0);
    await expect(page.getByLabel('Search text')).toHaveValue('pump');
    await expect(resultNames(page)).toHaveText(['Pump Inspection', 'Pump briefing']);
    await expect(resultTypes(page)).toHaveText(['Checklist', 'Presentation']);
    await expect(page.locator('#search-rows tr').first().locator('td').nth(2)).toHaveText(/Folder\s*Pump Station/);

    // Folders only when ticked; a folder opens its browser.
    await page.getByRole('checkbox', { name: 'Folder' }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(resultTypes(page)).toHaveText(['Checklist', 'Folder', 'Presentation']);
    await expect(page).toHaveURL(/types=folder%2Cpresentation%2Cform%2Csheet|types=folder,presentation,form,sheet/);
    await page.locator('#search-rows').getByRole('link', { name: 'Pump Station' }).click();
    await expect(page).toHaveURL(`/documentation/browse/${folder.id}`);
    await page.goBack();
    await page.locator('#search-rows').getByRole('link', { name: 'Pump Inspection' }).click();
    await expect(page).toHaveURL(/\/documentation\/view\//);
    await expect(heading(page)).toHaveText('View Pump Inspection');
  });

  test('each filter: only in current folder, types, created and modified ranges; No Results Found', async ({ page, orgAdmin }) => {
    const north = await createFolder(orgAdmin.token, 'North Site');
    await createChecklist(orgAdmin.token, 'Boiler check north', north.id);
    await createChecklist(orgAdmin.token, 'Boiler check south');
    await callApi('documentation/documents', { token: orgAdmin.token, json: { folder_id: 'root', name: 'Boiler report', doctype: 'report', description: '' } });
    await signInWithToken(page, orgAdmin.token);

    // From the folder's browser, the box carries the folder: 'Only in current folder' is offered.
    await page.goto(`/documentation/browse/${north.id}`);
    const box = page.getByRole('searchbox', { name: 'Search documents' });
    await box.fill('boiler');
    await box.press('Enter');
    await expect(resultNames(page)).toHaveText(['Boiler check north', 'Boiler check south']);
    const only = page.getByRole('checkbox', { name: 'Only in current folder' });
    await only.check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(resultNames(page)).toHaveText(['Boiler check north']);
    await only.uncheck();

    // Types: Report only.
    for (const name of ['Presentation', 'Checklist', 'Result Sheet']) await page.getByRole('checkbox', { name, exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Report' }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(resultNames(page)).toHaveText(['Boiler report']);
    await expect(resultTypes(page)).toHaveText(['Report']);

    // Created: from tomorrow → nothing; to today → everything again. Modified likewise.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-CA');
    await page.getByRole('checkbox', { name: 'Checklist' }).check();
    const created = page.getByRole('group', { name: 'Created' });
    await created.getByLabel('From').fill(day(1));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No Results Found' })).toBeVisible();
    await expect(page.locator('#search-table')).toBeHidden();
    await created.getByLabel('From').fill('');
    await created.getByLabel('To').fill(day(0));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(resultNames(page)).toHaveCount(3);
    const modified = page.getByRole('group', { name: 'Modified' });
    await modified.getByLabel('To').fill(day(-1));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No Results Found' })).toBeVisible();
    await modified.getByLabel('To').fill('');
    await modified.getByLabel('From').fill(day(0));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(resultNames(page)).toHaveCount(3);

    // The address holds the search: a reload shows the same results with the same filters.
    await page.reload();
    await expect(resultNames(page)).toHaveCount(3);
    await expect(modified.getByLabel('From')).toHaveValue(day(0));
    await expect(page.getByRole('checkbox', { name: 'Report' })).toBeChecked();
  });

  test('axe and fit at desktop and 390 px; the icon replaces the box on phones', async ({ page, orgAdmin }) => {
    await createChecklist(orgAdmin.token, 'Ladder audit');
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/');
    await expect(page.getByRole('searchbox', { name: 'Search documents' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Search documents' })).toBeHidden();
    await expectAccessible(page);
    await page.goto('/documentation/search?q=ladder');
    await expect(resultNames(page)).toHaveText(['Ladder audit']);
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('searchbox', { name: 'Search documents' })).toBeHidden();
    await page.getByRole('link', { name: 'Search documents' }).click();
    await expect(page).toHaveURL('/documentation/search');
    await expect(page.getByLabel('Search text')).toBeFocused();
    await page.getByLabel('Search text').fill('ladder');
    await page.getByLabel('Search text').press('Enter');
    await checkAtPhoneWidth(page, () => expect(resultNames(page)).toHaveText(['Ladder audit']));
    await expectNoHorizontalScroll(page);
  });
});
