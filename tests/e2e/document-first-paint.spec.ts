/**
 * A document page's body in its first HTML (issue #31, src/server/http/first-paint/): opened with the
 * session cookie a sign-in sets, a checklist's view page asks the API for none of its first data and shows
 * its questions while the viewer's module (and rb-checklist's) is held back — the server drew them with
 * the element's own templates in a declarative shadow root, the element waiting (`defer-hydration`). Once
 * the module is in, the element hydrates: it takes over the server's nodes (the same nodes, not drawn
 * again), nothing moves, the scroll and the focus stay, no hydration error, and the answers work. Without
 * the cookie the page reads and draws it all itself, as before.
 */
import type { Page } from '@playwright/test';
import { createPresentation, pictureJpeg, thumbnailOf, type PresentationApi } from '../bench/presentation-viewer-fixture.ts';
import { baseUrl } from './support/environment.ts';
import { sheetResultsStep } from '../../src/server/http/first-paint/sheet-results.ts';
import { sheetResultsMarkup } from '../../src/shared/first-paint/sheet-results.ts';
import { firstWindowStart } from '../../src/shared/sheets/first-rows.ts';
import { publishChecklist, question, rowsOf, sheetWithARow } from './support/checklist-filler.ts';
import { apiReads, callApi, expect, holdRequests, signInWithToken, test, usePhoneViewport } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

/** The session cookie a sign-in sets (src/server/auth/session-cookie.ts): its value is the session's token. */
async function addSessionCookie(page: Page, token: string): Promise<void> {
  await page.context().addCookies([{ name: 'rb_session', value: token, url: baseUrl() }]);
}

/** Holds back the checklist's viewer and filler files (rb-checklist and Lit are in them). */
const holdChecklistCode = (page: Page) => holdRequests(page, /\/_astro\/checklist-(?:viewer|filler)[^/]*\.js$/);

const QUESTIONS = {
  ok: question('Is the guard in place?', 'true/false', { required: true }),
  count: question('How many pallets?', 'number'),
  note: question('Anything else', 'text'),
};

declare global {
  interface Window {
    /** A node of the server's shadow root, kept before the element's module runs. */
    __rbServerLegend?: Element | null;
    __rbServerRadio?: Element | null;
  }
}

/** The page's errors (uncaught, and console.error: Lit reports a failed hydration so). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('with the session cookie a checklist shows its questions from the HTML before its code, and the element hydrates in place', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const doc = await publishChecklist(orgAdmin.token, 'Forklift check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  const reads = apiReads(page);
  const errors = pageErrors(page);
  const release = await holdChecklistCode(page);
  await page.goto(`/documentation/view/${doc.id}`);

  const filler = page.locator('rb-checklist');
  const first = filler.locator('legend').first();
  await expect(first).toContainText('Is the guard in place?');
  await expect(filler.locator('legend')).toHaveCount(3);
  await expect(page.locator('.document-question-count')).toHaveText('3 questions');
  await expect(filler).toHaveAttribute('defer-hydration', '');
  await expect(filler).not.toHaveAttribute('inert');
  await expect(filler.getByRole('radio', { name: 'True' })).not.toBeChecked();
  await expect(filler.getByRole('radio', { name: 'False' })).not.toBeChecked();
  const pageReads = ['auth/me', `documentation/documents/${doc.id}`];
  for (const read of pageReads) expect(reads.map((r) => r.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);

  // The reader scrolls and has the focus on a radio button of the server's drawing before the element's code runs.
  await page.evaluate(() => window.scrollTo(0, 120));
  const scrolled = await page.evaluate(() => window.scrollY);
  await filler.getByRole('radio', { name: 'True' }).focus();
  await page.evaluate(() => {
    const root = document.querySelector('rb-checklist')!.shadowRoot!;
    window.__rbServerLegend = root.querySelector('legend');
    window.__rbServerRadio = root.activeElement;
  });
  const before = await first.boundingBox();

  release();
  await expect(filler).not.toHaveAttribute('defer-hydration');
  await expect(filler.locator('legend')).toHaveCount(3); // hydrated, not added to
  // The same nodes: the element took over the server's shadow root, it did not draw it again.
  expect(await page.evaluate(() => document.querySelector('rb-checklist')!.shadowRoot!.querySelector('legend') === window.__rbServerLegend)).toBe(true);
  expect(await page.evaluate(() => document.querySelector('rb-checklist')!.shadowRoot!.activeElement === window.__rbServerRadio)).toBe(true);
  expect(await first.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // The server's nodes answer: the element's listeners are on them.
  await filler.getByRole('radio', { name: 'True' }).check();
  await expect(filler.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await filler.getByRole('radio', { name: 'False' }).check();
  await expect(filler.getByRole('radio', { name: 'True' })).not.toBeChecked();
  await expect(page.locator('.document-question-count')).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('answers given on the server’s drawing before the element’s code runs are kept: Submit sends them (issue #43, a kiosk’s first touch)', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Early touch check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  const errors = pageErrors(page);
  const release = await holdChecklistCode(page);
  await page.goto(`/documentation/view/${doc.id}`);
  const filler = page.locator('rb-checklist');
  await expect(filler).toHaveAttribute('defer-hydration', '');
  // The person answers on the server's drawing while the module is still held back.
  await filler.getByRole('radio', { name: 'False' }).check();
  await filler.getByRole('spinbutton').fill('7');
  await filler.getByRole('textbox').first().fill('Forks worn');

  release();
  await expect(filler).not.toHaveAttribute('defer-hydration');
  await expect(filler.getByRole('radio', { name: 'False' })).toBeChecked();
  await expect(filler.getByRole('spinbutton')).toHaveValue('7');
  await filler.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('#alerts').getByRole('status').filter({ hasText: 'Answers Successfully Submitted.' })).toBeVisible();
  await expect.poll(async () => (await rowsOf(orgAdmin.token, doc.id)).length).toBe(1);
  const rows = await rowsOf(orgAdmin.token, doc.id);
  expect(rows[0]!.record.ok?.value).toBe(false);
  expect(Number(rows[0]!.record.count?.value)).toBe(7);
  expect(rows[0]!.record.note?.value).toBe('Forks worn');
  expect(errors).toEqual([]);
});

test('with the session cookie the answers kept on this device come back once the element has hydrated', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Hoist check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  const errors = pageErrors(page);
  await page.goto(`/documentation/view/${doc.id}`);
  const filler = page.locator('rb-checklist');
  await expect(filler).not.toHaveAttribute('defer-hydration');
  await filler.getByRole('radio', { name: 'False' }).check();
  await filler.getByRole('spinbutton').fill('7');
  await page.reload();
  // The server drew the checklist unanswered (it cannot know this device's draft); the element, once hydrated, shows it.
  await expect(filler).not.toHaveAttribute('defer-hydration');
  await expect(filler.getByRole('radio', { name: 'False' })).toBeChecked();
  await expect(filler.getByRole('radio', { name: 'True' })).not.toBeChecked();
  await expect(filler.getByRole('spinbutton')).toHaveValue('7');
  expect(errors).toEqual([]);
});

test('without the cookie the checklist page reads its data and draws its questions itself', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Ladder check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  expect((await page.context().cookies(baseUrl())).find((c) => c.name === 'rb_session')).toBeUndefined();
  const reads = apiReads(page);
  await page.goto(`/documentation/view/${doc.id}`);
  const filler = page.locator('rb-checklist');
  await expect(filler.locator('legend').first()).toContainText('Is the guard in place?');
  await expect(filler).not.toHaveAttribute('defer-hydration');
  await expect(page.locator('.document-question-count')).toHaveText('3 questions');
  await expect(page.locator('.document-description')).toHaveText('How to fill in Ladder check');
  expect(reads.map((r) => r.split('?')[0])).toEqual(expect.arrayContaining(['auth/me', `documentation/documents/${doc.id}`]));
  await filler.getByRole('radio', { name: 'True' }).check();
  await expect(filler.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

/** Every module of the site (the pages' scripts, the islands, the elements) is held back until `release`. */
const holdModules = (page: Page) => holdRequests(page, /\/(?:_astro|elements)\/[^?#]*\.m?js(?:[?#]|$)/);

declare global {
  interface Window {
    __rbShifts?: number;
  }
}

/** Sums the layout shifts (without recent input) from now on, in window.__rbShifts. */
async function countShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__rbShifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__rbShifts! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('with the session cookie the page’s heading, breadcrumbs and questions paint while every module is held back; the page takes over without a shift at 390 px', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Yard & Dock' } });
  const doc = await publishChecklist(orgAdmin.token, 'Forklift <daily> check', QUESTIONS, folder.id);
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  await countShifts(page);
  const reads = apiReads(page);
  const release = await holdModules(page);
  await page.goto(`/documentation/view/${doc.id}`, { waitUntil: 'commit' });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Forklift <daily> check');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Documentation', 'Yard & Dock']);
  await expect(page.locator('rb-checklist legend').first()).toContainText('Is the guard in place?');
  await expect(page.locator('#document-status')).toBeEmpty();
  // No module has run: the page is the HTML's.
  expect(await page.evaluate(() => customElements.get('rb-breadcrumbs'))).toBeUndefined();

  // The reader has the focus on a crumb and has scrolled a little before the page's code takes over.
  await crumbs.getByRole('link', { name: 'Yard & Dock' }).focus();
  await page.evaluate(() => window.scrollTo(0, 40));
  const scrolled = await page.evaluate(() => window.scrollY);
  const shiftsBefore = await page.evaluate(() => window.__rbShifts!);
  const question = await page.locator('rb-checklist legend').first().boundingBox();

  release();
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
  await expect(page.locator('rb-checklist')).not.toHaveAttribute('defer-hydration');
  await expect(crumbs.getByRole('link')).toHaveText(['Home', 'Documentation', 'Yard & Dock']);
  expect(await page.locator('rb-checklist legend').first().boundingBox()).toEqual(question);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Yard & Dock');
  expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
  for (const read of ['auth/me', `documentation/documents/${doc.id}`]) expect(reads.map((r) => r.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);
});

test('with the session cookie an older version’s page paints its heading and warning from the HTML; without the cookie it draws them itself', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Crane check', QUESTIONS);
  // A newer version, so the page of this one warns that it is not the latest.
  await callApi(`documentation/documents/${doc.id}`, { token: orgAdmin.token, method: 'PUT', json: { version: doc.version, contents: { questions: QUESTIONS, question_index: Object.keys(QUESTIONS) }, changelog: 'Again' } });
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  const release = await holdModules(page);
  await page.goto(`/documentation/view/${doc.id}/version/${doc.version}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`View Crane check (Version: ${doc.version})`);
  await expect(page.getByText('This is not the most recent version of this document.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View the latest version' })).toHaveAttribute('href', `/documentation/view/${doc.id}`);
  release();
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();

  await page.context().clearCookies({ name: 'rb_session' });
  await page.goto(`/documentation/view/${doc.id}/version/${doc.version}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`View Crane check (Version: ${doc.version})`);
  await expect(page.getByText('This is not the most recent version of this document.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText(['Home', 'Documentation']);
  await expect(page.getByRole('link', { name: 'History' })).toBeVisible();
});

test('with the session cookie a presentation’s first page image paints from the HTML with its size while every module is held back; the viewer takes over without a shift', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const picture = await pictureJpeg(800, 450, { r: 214, g: 232, b: 246 });
  const presentations: PresentationApi = { origin: baseUrl(), call: <T>(method: string, path: string, json?: unknown) => callApi<T>(path, { token: orgAdmin.token, method, json }) };
  const deck = await createPresentation(presentations, 'Line check', [
    { filename: 'one.jpg', content_type: 'image/jpeg', bytes: picture, thumb: await thumbnailOf(picture), description: 'First', shapes: [], size: { width: 800, height: 450 } },
    { filename: 'two.jpg', content_type: 'image/jpeg', bytes: picture, thumb: await thumbnailOf(picture), description: 'Second', shapes: [], size: { width: 800, height: 450 } },
  ]);
  const first = deck.contents.pages[deck.contents.page_index[0]!]!;
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  await countShifts(page);
  const reads = apiReads(page);
  const release = await holdModules(page);
  await page.goto(`/documentation/view/${deck.id}`, { waitUntil: 'commit' });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Line check');
  const image = page.locator(`img[data-first-image="${first.media}"]`);
  await expect(image).toHaveAttribute('width', '800');
  await expect(image).toHaveAttribute('height', '450');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  await expect(image).toBeVisible();
  const stage = await page.locator('.pv-stage-area').boundingBox();
  const scrolled = await page.evaluate(() => window.scrollY);
  const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

  release();
  await expect(page.locator('.pv-canvas')).toHaveAttribute('data-page-width', '800');
  await expect(page.locator('.presentation-viewer')).toHaveAttribute('data-image-ready', 'true');
  await expect(image).toHaveCount(0);
  expect(await page.locator('.pv-stage-area').boundingBox()).toEqual(stage);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
  // Its first data and its image came with the HTML: neither was read through the API.
  for (const read of ['auth/me', `documentation/documents/${deck.id}`, `documentation/documents/${deck.id}/media/${first.media}`]) {
    expect(reads.map((r) => r.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);
  }

  // Without the cookie the viewer reads and draws it itself.
  await page.context().clearCookies({ name: 'rb_session' });
  await page.goto(`/documentation/view/${deck.id}`);
  await expect(page.locator('.presentation-viewer')).toHaveAttribute('data-image-ready', 'true');
  await expect(page.locator('img[data-first-image]')).toHaveCount(0);
});

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
