/**
 * A result sheet's page with its first rows in its first HTML (issue #31, src/server/http/first-paint/sheet-results.ts,
 * src/shared/first-paint/sheet-results.ts): opened with the session cookie a sign-in sets, the first window's rows
 * paint while every module is held back (in the browser's time zone already: the inline step), and the grid takes
 * over without a shift; a browser whose clock is far off gets no drawing. (The other doctypes:
 * tests/e2e/document-first-paint-*.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { addSessionCookie, countShifts, holdModules } from './support/document-first-paint.ts';
import { sheetResultsStep } from '../../src/server/http/first-paint/sheet-results.ts';
import { sheetResultsMarkup } from '../../src/shared/first-paint/sheet-results.ts';
import { firstWindowStart } from '../../src/shared/sheets/first-rows.ts';
import { sheetWithARow } from './support/checklist-filler.ts';
import { apiReads, expect, signInWithToken, test } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

test('with the session cookie a result sheet’s first rows come with the HTML (a window in UTC days that holds the local one): the grid asks the API for none of them', async ({ page, orgAdmin }) => {
  const sheet = await sheetWithARow(orgAdmin.token, 'Walk results');
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  for (const address of [`/documentation/view/${sheet.id}`, `/documentation/results/${sheet.id}`]) {
    const reads = apiReads(page);
    await page.goto(address);
    await expect(page.getByRole('table', { name: `Results of ${sheet.name}` }).locator('tbody tr'), address).toHaveCount(1);
    await expect(page.getByRole('table', { name: `Results of ${sheet.name}` }).locator('tbody td').nth(2)).toContainText('True');
    // Taken from the HTML, once: nothing left over for anyone else.
    await expect.poll(() => page.evaluate(() => Object.keys(window.__rbPageReads ?? {}))).toEqual([]);
    const rows = reads.filter((read) => read.startsWith(`documentation/documents/${sheet.id}/sheet-data?start_time=`));
    expect(rows, `${address}: the first window came with the HTML`).toEqual([]);
  }
});

/** The grid of a sheet's results: the server's drawing (inert, hidden from assistive technology) or the island's. */
const drawnGrid = (page: Page) => page.locator('[data-first-paint="sheet-results"]');
const firstRowText = (page: Page, scope: string) => page.locator(`${scope} .data-grid-table tbody tr:not(.data-grid-message-row)`).first().innerText();

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`with the session cookie a result sheet’s first rows paint from the HTML while every module is held back, and the grid takes over without a shift at ${width} px`, async ({ page, orgAdmin }) => {
    await page.setViewportSize({ width, height });
    const sheet = await sheetWithARow(orgAdmin.token, `Walk results ${width}`);
    await signInWithToken(page, orgAdmin.token);
    await addSessionCookie(page, orgAdmin.token);
    await countShifts(page);
    const reads = apiReads(page);
    const release = await holdModules(page);
    await page.goto(`/documentation/view/${sheet.id}`, { waitUntil: 'commit' });

    // Drawn by the server: the header and the first row, in the browser's time zone already (the inline step).
    const drawn = drawnGrid(page);
    await expect(drawn.locator('tbody tr[data-at]')).toHaveCount(1);
    await expect(drawn.locator('tbody tr[data-at] td').nth(2)).toContainText('True');
    await expect(drawn.locator('tbody tr[data-at] td').nth(1)).toBeVisible();
    await expect(drawn).toHaveAttribute('inert', '');
    await expect(drawn).toHaveAttribute('aria-hidden', 'true');
    const localTime = await drawn.locator('tbody time').first().evaluate((time: HTMLTimeElement) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time.dateTime)),
    );
    await expect(drawn.locator('tbody time').first()).toHaveText(localTime);
    await expect(drawn.locator('.data-grid-range')).toHaveText('1–1 of 1');
    // A table on a wide screen, cards on a phone (THE grid's stylesheet came with it).
    expect(await drawn.locator('thead').evaluate((head) => getComputedStyle(head).position)).toBe(width < 600 ? 'absolute' : 'static');
    expect(await page.evaluate(() => customElements.get('rb-breadcrumbs'))).toBeUndefined();
    expect(reads, 'no API request before the modules run').toEqual([]);

    const before = await firstRowText(page, '[data-first-paint]');
    const row = await drawn.locator('tbody tr[data-at]').boundingBox();
    const table = await drawn.locator('.data-grid').boundingBox();
    await page.evaluate(() => window.scrollTo(0, 30));
    const scrolled = await page.evaluate(() => window.scrollY);
    const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

    release();
    const grid = page.getByRole('table', { name: `Results of ${sheet.name}` });
    await expect(grid.locator('tbody tr')).toHaveCount(1);
    await expect(drawn).toHaveCount(0);
    expect(await firstRowText(page, '.sheet-results:not([data-first-paint])')).toBe(before);
    expect(await grid.locator('tbody tr').boundingBox()).toEqual(row);
    expect(await page.locator('.sheet-results .data-grid').boundingBox()).toEqual(table);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
    expect(reads.filter((read) => read.startsWith(`documentation/documents/${sheet.id}/sheet-data?start_time=`)), 'the first window came with the HTML').toEqual([]);
  });
}

test('with the session cookie a browser whose clock is days off the server’s gets no drawing of a result sheet (its rows and count could be wrong): the grid draws itself, in place', async ({ page, orgAdmin }) => {
  const sheet = await sheetWithARow(orgAdmin.token, 'Old results');
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  // The browser's clock 32 days on: its filter's local day is after the row the server's window holds.
  await page.clock.setSystemTime(Date.now() + 32 * 24 * 60 * 60 * 1000);
  const release = await holdModules(page);
  await page.goto(`/documentation/view/${sheet.id}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`View ${sheet.name}`);
  await expect(drawnGrid(page)).toHaveCount(0);
  await expect(page.locator('#document-body .data-grid')).toHaveCount(0);

  release();
  const grid = page.getByRole('table', { name: `Results of ${sheet.name}` });
  await expect(grid.locator('.data-grid-message')).toHaveText('No Results Found');
  await expect(page.locator('.data-grid-range')).toHaveText('0 of 0');
});

test('the inline step leaves out the drawn rows before the local day 30 days ago and counts the rest (the window’s rows near its start)', async ({ page }) => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = Date.now();
  const start = firstWindowStart(new Date(now));
  const at = (ms: number) => ({ created_at: new Date(ms).toISOString(), created_by_username: `at ${ms}`, record: {}, submissions: {} });
  // Newest first: two rows well inside the last 30 days, two in the window before any local day 30 days ago.
  const rows = [at(now - DAY), at(now - 2 * DAY), at(start * 1000 + 60_000), at(start * 1000 + 1_000)];
  const markup = sheetResultsMarkup({ document: { id: 'd', name: 'Sheet', contents: {} }, rows, total: 4, windowStart: start }, (iso) => iso);
  await page.setContent(`<main>${markup}<script>${sheetResultsStep()}</script></main>`);
  const drawn = drawnGrid(page);
  await expect(drawn.locator('tbody tr[data-at]')).toHaveCount(2);
  await expect(drawn.locator('.data-grid-range')).toHaveText('1–2 of 2');
  await expect(drawn.locator('.data-grid-message-row')).toBeHidden();
  const local = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)), rows[0]!.created_at);
  await expect(drawn.locator('tbody time').first()).toHaveText(local);
});

test.describe('in a time zone far from UTC', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('a result sheet’s grid still takes its first rows from the HTML, and its filter starts at the local day 30 days ago', async ({ page, orgAdmin }) => {
    const sheet = await sheetWithARow(orgAdmin.token, 'Island results');
    await signInWithToken(page, orgAdmin.token);
    await addSessionCookie(page, orgAdmin.token);
    const reads = apiReads(page);
    const release = await holdModules(page);
    await page.goto(`/documentation/view/${sheet.id}`, { waitUntil: 'commit' });
    const expected = await page.evaluate(() => {
      const day = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
      return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    });
    // The server's drawing, before any module: the filter's local day and the row's time in this zone (UTC+14).
    await expect(drawnGrid(page).locator('input[type="date"]')).toHaveValue(expected);
    const drawnTime = await drawnGrid(page).locator('tbody time').first().innerText();
    release();
    await expect(page.getByRole('table', { name: `Results of ${sheet.name}` }).locator('tbody tr')).toHaveCount(1);
    await expect(drawnGrid(page)).toHaveCount(0);
    expect(reads.filter((read) => read.startsWith(`documentation/documents/${sheet.id}/sheet-data?start_time=`))).toEqual([]);
    await expect(page.getByLabel('Datetime on or after')).toHaveValue(expected);
    await expect(page.getByRole('table', { name: `Results of ${sheet.name}` }).locator('tbody .sheet-answer-date').first()).toHaveText(drawnTime);
  });
});
