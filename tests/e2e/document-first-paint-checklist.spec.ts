/**
 * A checklist's page with its body in its first HTML (issue #31, src/server/http/first-paint/): opened with the
 * session cookie a sign-in sets, a checklist's view page asks the API for none of its first data and shows
 * its questions while the viewer's module (and rb-checklist's) is held back — the server drew them with
 * the element's own templates in a declarative shadow root, the element waiting (`defer-hydration`). Once
 * the module is in, the element hydrates: it takes over the server's nodes (the same nodes, not drawn
 * again), nothing moves, the scroll and the focus stay, no hydration error, and the answers work. Without
 * the cookie the page reads and draws it all itself, as before. (The other doctypes: tests/e2e/document-first-paint-*.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { baseUrl } from './support/environment.ts';
import { addSessionCookie, countShifts, holdModules } from './support/document-first-paint.ts';
import { publishChecklist, question, rowsOf } from './support/checklist-filler.ts';
import { apiReads, callApi, expect, holdRequests, signInWithToken, test, usePhoneViewport } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

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

