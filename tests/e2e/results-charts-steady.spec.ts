import { countShifts } from './support/document-first-paint.ts';
/**
 * Results charts that do not move the page (issues #42 and #45): the charts stand above THE results grid
 * but arrive after it (the analytics call, then the lazy chunk with uPlot). Their place is kept from the
 * start, so neither the grid's first row nor Export CSV moves while they come, and the layout shifts a
 * person sees (hadRecentInput excluded) stay ≤ 0.02 — on a checklist's results page and on a result sheet's,
 * at 1280 × 800 and 390 × 844.
 *
 * Each stage is held so that every step is seen: the analytics call and the charts' chunk are held back,
 * the grid is read; the numbers are let through (the chunk still held); then the chunk.
 */
import type { Page } from '@playwright/test';
import { publishChecklist, question, type DocumentAnswer } from './support/checklist-filler.ts';
import { holdRequests } from './support/browser.ts';
import { callApi, expect, layoutWidths, signInWithToken, test, type OrgAdmin } from './support/test.ts';

test.describe.configure({ timeout: 90_000 });

declare global {
  interface Window {
    __rbShifts?: number;
  }
}


/** Where the grid's first row and Export CSV stand, relative to the document. */
function placesOf(page: Page): Promise<{ row: number; exportCsv: number }> {
  return page.evaluate(() => {
    const top = (element: Element | null | undefined) => {
      if (!element) throw new Error('not on the page');
      return Math.round(element.getBoundingClientRect().top + window.scrollY);
    };
    const exportButton = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Export CSV');
    return { row: top(document.querySelector('.sheet-results-grid tbody tr')), exportCsv: top(exportButton) };
  });
}

/** Two frames: what the last change drew has been laid out and painted. */
const painted = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Opens `path` with the analytics and the charts' chunk held back, and checks that the grid stays where
 * it is drawn while the charts titled `titles` arrive, and that what moved on screen sums to ≤ 0.02.
 */
async function expectSteady(page: Page, admin: OrgAdmin, path: string, titles: string[]): Promise<void> {
  await signInWithToken(page, admin.token);
  await countShifts(page);
  const releaseNumbers = await holdRequests(page, /\/analytics\?/);
  const releaseChunk = await holdRequests(page, /\/_astro\/ChartCards\.[^/]*\.js/);
  await page.goto(path);
  await expect(page.locator('.sheet-results-grid tbody tr').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await painted(page);
  const before = await placesOf(page);

  const numbers = page.waitForResponse(/\/analytics\?/);
  releaseNumbers();
  await numbers;
  await painted(page);
  expect(await placesOf(page), 'where the grid stands once the numbers are in (uPlot still loading)').toEqual(before);

  releaseChunk();
  for (const title of titles) await expect(page.getByRole('region', { name: title, exact: true }).locator('canvas')).toBeVisible();
  await painted(page);
  expect(await placesOf(page), 'where the grid stands once the charts stand').toEqual(before);
  expect(await page.evaluate(() => window.__rbShifts!), 'the layout shifts from the load until the charts stand').toBeLessThanOrEqual(0.02);
}

async function checklistWithAnswers(admin: OrgAdmin, unanswered?: 'unanswered'): Promise<DocumentAnswer> {
  const doc = await publishChecklist(admin.token, 'Cold room round', {
    ...(unanswered ? { never: question('Spare question', 'true/false') } : {}),
    floor: question('Floor clean', 'pass/fail'),
    temp: question('Cold room °C', 'decimal', { validation: { enabled: true, min: 2, max: 8 } } as Parameters<typeof question>[2]),
    note: question('Notes', 'text'),
  });
  for (let i = 0; i < 12; i++) {
    const record = { floor: { value: i % 4 === 0 ? 'fail' : 'pass' }, temp: { value: i }, note: { value: `Round ${i}` } };
    await callApi(`documentation/documents/${doc.id}/data`, { token: admin.token, json: { record } });
  }
  return doc;
}

/** A result sheet of one checklist with a decimal and a date-time question (both charted), and a few rows. */
async function sheetWithAnswers(admin: OrgAdmin): Promise<DocumentAnswer> {
  const { token } = admin;
  const columns = {
    pressure: question('Pressure in bar', 'decimal'),
    seen: question('Last serviced', 'datetime'),
    serial: question('Serial number', 'text'),
  };
  const form = await publishChecklist(token, 'Pump check', columns);
  const sheet = await callApi<DocumentAnswer>('documentation/documents', { token, json: { folder_id: 'root', name: 'Pump rounds', doctype: 'sheet' } });
  const questions = Object.fromEntries(Object.entries(columns).map(([id, q]) => [id, { ...q, form_id: form.id }]));
  await callApi(`documentation/documents/${sheet.id}`, {
    token,
    method: 'PUT',
    json: { version: sheet.version, changelog: 'Three columns', contents: { questions, question_index: Object.keys(columns), form_links: {}, form_ids: [form.id] } },
  });
  for (let i = 0; i < 6; i++) {
    const record = { pressure: { value: 4 + i / 2 }, seen: { value: new Date(Date.now() - i * 86_400_000).toISOString() }, serial: { value: `SN-${i}` } };
    await callApi(`documentation/documents/${form.id}/data`, { token, json: { record } });
  }
  return sheet;
}

for (const { label, size } of layoutWidths) {
  test(`a checklist’s results at ${label}: the grid does not move while the charts arrive`, async ({ page, orgAdmin }) => {
    await page.setViewportSize(size);
    const doc = await checklistWithAnswers(orgAdmin);
    await expectSteady(page, orgAdmin, `/documentation/results/${doc.id}`, ['Submissions', 'Floor clean', 'Cold room °C']);
  });

  test(`a result sheet’s results at ${label}: the grid does not move while the charts arrive`, async ({ page, orgAdmin }) => {
    await page.setViewportSize(size);
    const sheet = await sheetWithAnswers(orgAdmin);
    await expectSteady(page, orgAdmin, `/documentation/results/${sheet.id}`, ['Pressure in bar', 'Last serviced']);
  });
}

test('a chart with nothing in the range keeps its place in view and says so; the grid does not move', async ({ page, orgAdmin }) => {
  await page.setViewportSize(layoutWidths[0].size);
  const doc = await checklistWithAnswers(orgAdmin, 'unanswered');
  await expectSteady(page, orgAdmin, `/documentation/results/${doc.id}`, ['Submissions', 'Floor clean', 'Cold room °C']);
  await expect(page.getByRole('region', { name: 'Spare question', exact: true })).toContainText('No answers in this range.');
});
