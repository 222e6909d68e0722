/**
 * A document page's body in its first HTML (issue #31, src/server/http/first-paint/): opened with the
 * session cookie a sign-in sets, a checklist's view page asks the API for none of its first data and shows
 * its questions while the viewer's module (and rb-checklist's) is held back — the server drew them with
 * the element's own templates in a declarative shadow root, inert. Once the module is in, the element
 * takes over in place: nothing moves, the scroll and the focus stay, and the answers work. Without the
 * cookie the page reads and draws it all itself, as before.
 */
import type { Page } from '@playwright/test';
import { baseUrl } from './support/environment.ts';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { apiReads, expect, holdRequests, signInWithToken, test, usePhoneViewport } from './support/test.ts';

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

test('with the session cookie a checklist shows its questions from the HTML before its code, and the element takes over in place', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const doc = await publishChecklist(orgAdmin.token, 'Forklift check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  const reads = apiReads(page);
  const release = await holdChecklistCode(page);
  await page.goto(`/documentation/view/${doc.id}`);

  const filler = page.locator('rb-checklist');
  const first = filler.locator('legend').first();
  await expect(first).toContainText('Is the guard in place?');
  await expect(filler.locator('legend')).toHaveCount(3);
  await expect(page.locator('.document-question-count')).toHaveText('3 questions');
  await expect(filler).toHaveAttribute('inert', '');
  await expect(filler.getByRole('radio', { name: 'True' })).not.toBeChecked();
  const firstReads = ['auth/me', `documentation/documents/${doc.id}`];
  for (const read of firstReads) expect(reads.map((r) => r.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);

  // The reader scrolls and has the focus somewhere on the page before the element takes over.
  await page.evaluate(() => window.scrollTo(0, 120));
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.locator('#main').focus();
  const before = await first.boundingBox();

  release();
  await expect(filler).not.toHaveAttribute('inert');
  await expect(filler).not.toHaveAttribute('data-server-drawn');
  await expect(filler.locator('legend')).toHaveCount(3); // drawn anew, not added to
  expect(await first.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

  await filler.getByRole('radio', { name: 'True' }).check();
  await expect(filler.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page.locator('.document-question-count')).toHaveCount(1);
});

test('without the cookie the checklist page reads its data and draws its questions itself', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Ladder check', QUESTIONS);
  await signInWithToken(page, orgAdmin.token);
  expect((await page.context().cookies(baseUrl())).find((c) => c.name === 'rb_session')).toBeUndefined();
  const reads = apiReads(page);
  await page.goto(`/documentation/view/${doc.id}`);
  const filler = page.locator('rb-checklist');
  await expect(filler.locator('legend').first()).toContainText('Is the guard in place?');
  await expect(filler).not.toHaveAttribute('inert');
  await expect(page.locator('.document-question-count')).toHaveText('3 questions');
  await expect(page.locator('.document-description')).toHaveText('How to fill in Ladder check');
  expect(reads.map((r) => r.split('?')[0])).toEqual(expect.arrayContaining(['auth/me', `documentation/documents/${doc.id}`]));
  await filler.getByRole('radio', { name: 'True' }).check();
  await expect(filler.getByRole('button', { name: 'Submit' })).toBeEnabled();
});
