/**
 * Kiosks and visitors on a share link (issue #43 "The second day", items 1–6): a kiosk opened once reopens
 * offline and recovers by itself when the network returns; after a submission its confirmation stays in
 * view with the focus on it while the form clears for the next person; a 429 keeps the answers on the
 * device and sends them after Retry-After; the required-field feedback names every unanswered question once
 * the person tried to submit; the card stops saying "Saved on this device" once the queue is sent; a decimal
 * outside its range is told, the focus stays on the photo control, and "Remove photo 1" is a button.
 */
import type { Page } from '@playwright/test';
import { publishChecklist, question, questionNamed, queueStatus, rowsOf, submitButton, filler, type DocumentAnswer } from './support/checklist-filler.ts';
import { callApi, expect, expectAccessible, phoneViewport, test, type OrgAdmin } from './support/test.ts';

const SUBMITTED = 'Answers Successfully Submitted.';
const QUEUED = 'Saved on this device: the answers will be sent when the network returns.';
const LOAD_FAILED = 'Something went wrong when retrieving your checklist.';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const linkTo = (admin: OrgAdmin, doc: DocumentAnswer, name = 'Reception') =>
  callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: admin.token, json: { name } });

/** A visitor book long enough to pass the bottom of a 1280×800 screen. */
const visitorBook = (admin: OrgAdmin) =>
  publishChecklist(admin.token, 'Visitor book', {
    gate: question('Gate locked', 'true/false', { required: true }),
    host: question('Host', 'single choice', { choices: ['Reception', 'Workshop', 'Office', 'Stores', 'Yard'], required: true }),
    name: question('Your name', 'text', { required: true }),
    company: question('Company', 'text'),
    car: question('Car registration', 'text'),
    badge: question('Badge number', 'number'),
    safety: question('Safety video watched', 'true/false', { required: true }),
    note: question('Anything else', 'text'),
  });

async function fillVisitor(page: Page): Promise<void> {
  await questionNamed(page, 'Gate locked').getByRole('radio', { name: 'True' }).check();
  await questionNamed(page, 'Host').getByRole('radio', { name: 'Workshop' }).check();
  await questionNamed(page, 'Your name').getByRole('textbox').fill('Dana');
  await questionNamed(page, 'Safety video watched').getByRole('radio', { name: 'True' }).check();
}

const sharedCacheEntries = (page: Page) => page.evaluate(async () => ((await caches.has('rb-share')) ? (await (await caches.open('rb-share')).keys()).length : 0));

test.describe('a kiosk station offline', () => {
  // The suite blocks service workers (playwright.config.ts); ?kiosk=1 registers the app's worker.
  test.use({ serviceWorkers: 'allow' });

  test('opened once online, it reopens offline after a reload, and recovers by itself when the network returns', async ({ page, context, orgAdmin, expectPageProblem }) => {
    test.setTimeout(90_000);
    const doc = await visitorBook(orgAdmin);
    const link = await linkTo(orgAdmin, doc);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/fill/${link.token}?kiosk=1`);
    await expect(submitButton(page)).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    // The FIRST online load keeps the link's checklist (no second online load).
    await expect.poll(() => sharedCacheEntries(page), { timeout: 15_000 }).toBe(1);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: doc.name })).toBeVisible();
    await expect(questionNamed(page, 'Gate locked')).toBeVisible();

    // A station whose copy is gone shows the failure offline, and the checklist once the network returns, without a reload.
    await page.evaluate(() => caches.delete('rb-share'));
    expectPageProblem(/Failed to load resource: net::ERR_FAILED/); // the read the station makes offline
    await page.reload();
    await expect(filler(page).getByText(LOAD_FAILED)).toBeVisible();
    await context.setOffline(false);
    await expect(questionNamed(page, 'Gate locked')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: doc.name })).toBeVisible();
  });
});

test.describe('a kiosk station', () => {
  for (const [width, viewport] of [
    ['1280×800', { width: 1280, height: 800 }],
    ['390×844', phoneViewport],
  ] as const) {
    test(`at ${width}: after a submission the confirmation is in view with the focus on it, and the form is clear for the next person`, async ({ page, orgAdmin }) => {
      const doc = await visitorBook(orgAdmin);
      const link = await linkTo(orgAdmin, doc);
      await page.setViewportSize(viewport);
      await page.goto(`/fill/${link.token}?kiosk=1`);
      await fillVisitor(page);
      await submitButton(page).click();
      const confirmation = filler(page).getByText(SUBMITTED);
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toBeInViewport({ ratio: 1 });
      await expect(confirmation).toBeFocused();
      await expect(questionNamed(page, 'Gate locked').getByRole('radio', { name: 'True' })).not.toBeChecked();
      await expect(questionNamed(page, 'Your name').getByRole('textbox')).toHaveValue('');
      expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(1);
      await expectAccessible(page);
      // The next person's first answer: the confirmation goes.
      await questionNamed(page, 'Gate locked').getByRole('radio', { name: 'False' }).check();
      await expect(confirmation).toHaveCount(0);
    });
  }

  test('a 429 keeps the answers on the device and sends them after Retry-After', async ({ page, orgAdmin }) => {
    const doc = await visitorBook(orgAdmin);
    const link = await linkTo(orgAdmin, doc);
    let refused = 0;
    await page.route(/\/api\/v1\/documentation\/documents\/[^/]+\/data$/, async (route) => {
      if (route.request().method() === 'POST' && refused === 0) {
        refused += 1;
        return route.fulfill({
          status: 429,
          headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '2' },
          body: JSON.stringify({ detail: 'Too many attempts, please try again later' }),
        });
      }
      return route.continue();
    });
    await page.goto(`/fill/${link.token}?kiosk=1`);
    await fillVisitor(page);
    await submitButton(page).click();
    await expect(filler(page).getByText(/^Saved on this device: the server is busy; the answers will be sent at \d{1,2}:\d{2}/)).toBeVisible();
    await expect(filler(page).getByText('Too many attempts, please try again later')).toHaveCount(0);
    await expect(queueStatus(page)).toHaveText('1 submission waiting to be sent');
    await expect.poll(async () => (await rowsOf(orgAdmin.token, doc.id)).length, { timeout: 15_000 }).toBe(1);
    await expect(queueStatus(page)).toHaveText(/^Sent at \d{1,2}:\d{2}/);
    expect(refused).toBe(1);
  });
});

test.describe('a visitor on a share link', () => {
  for (const [width, viewport] of [
    ['1280×800', { width: 1280, height: 800 }],
    ['390×844', phoneViewport],
  ] as const) {
    test(`at ${width}: the required-field feedback names every unanswered question, and only once the visitor tried to submit`, async ({ page, orgAdmin }) => {
      const doc = await publishChecklist(orgAdmin.token, 'Ladder check', {
        feet: question('Feet intact', 'true/false', { required: true }),
        rungs: question('Rungs', 'pass/fail', { required: true }),
        label: question('Photo of the ladder label', 'true/false', { photoVerification: true }),
        who: question('Checked by', 'text', { required: true }),
      });
      const link = await linkTo(orgAdmin, doc);
      await page.setViewportSize(viewport);
      await page.goto(`/fill/${link.token}`);
      await expect(questionNamed(page, 'Feet intact')).toBeVisible();
      // Nothing is said before the visitor tried.
      await expect(filler(page).getByText("'Photo of the ladder label': A photo is required")).toHaveCount(0);
      await expect(filler(page).getByText('Answer every required question to submit.')).toHaveCount(0);
      await expect(submitButton(page)).toBeDisabled();

      await questionNamed(page, 'Rungs').getByRole('radio', { name: 'Pass' }).check();
      await submitButton(page).click({ force: true }); // a greyed-out Submit still answers a tap
      const lines = filler(page).locator('#submit-hint p');
      await expect(lines).toHaveText([
        'Answer every required question to submit.',
        "'Feet intact': An answer is required",
        "'Photo of the ladder label': A photo is required",
        "'Checked by': An answer is required",
      ]);
      // The first unanswered question takes the focus, so a phone visitor need not hunt for it.
      await expect(questionNamed(page, 'Feet intact').getByRole('radio', { name: 'True' })).toBeFocused();
      await expectAccessible(page);
      expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(0);

      await questionNamed(page, 'Feet intact').getByRole('radio', { name: 'True' }).check();
      await expect(lines).toHaveText(['Answer every required question to submit.', "'Photo of the ladder label': A photo is required", "'Checked by': An answer is required"]);
    });
  }

  test('after the network returns and the queue is sent, the card no longer says the answers wait', async ({ page, context, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Gate check', { gate: question('Gate locked', 'true/false', { required: true }) });
    const link = await linkTo(orgAdmin, doc);
    await page.goto(`/fill/${link.token}`);
    await questionNamed(page, 'Gate locked').getByRole('radio', { name: 'True' }).check();
    await context.setOffline(true);
    await submitButton(page).click();
    await expect(filler(page).getByText(QUEUED)).toBeVisible();
    await context.setOffline(false);
    await expect(queueStatus(page)).toHaveText(/^Sent at \d{1,2}:\d{2}/, { timeout: 20_000 });
    await expect(filler(page).getByText(QUEUED)).toHaveCount(0);
    await expect(filler(page).getByText(SUBMITTED)).toBeVisible();
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(1);
  });

  for (const [width, viewport] of [
    ['1280×800', { width: 1280, height: 800 }],
    ['390×844', phoneViewport],
  ] as const) {
    test(`at ${width}: a decimal outside its range is told, the focus stays on the photo control, and "Remove photo 1" is a button`, async ({ page, orgAdmin }) => {
      const doc = await publishChecklist(orgAdmin.token, 'Fridge check', {
        temp: question('Temperature', 'decimal', { validation: { enabled: true, min: 1, max: 5, roles: [], users: [] } }),
        seal: question('Door seal', 'true/false', { photoVerification: true }),
      });
      const link = await linkTo(orgAdmin, doc);
      await page.setViewportSize(viewport);
      await page.goto(`/fill/${link.token}`);
      const temperature = questionNamed(page, 'Temperature').getByRole('spinbutton');
      await temperature.fill('9.5');
      await expect(questionNamed(page, 'Temperature').getByText('Outside the expected range: 1 to 5')).toBeVisible();
      await expect(temperature).toHaveAccessibleDescription(/Outside the expected range: 1 to 5/);
      await temperature.fill('3.5');
      await expect(questionNamed(page, 'Temperature').getByText('Outside the expected range: 1 to 5')).toHaveCount(0);

      const photo = questionNamed(page, 'Door seal').locator('input[type="file"]');
      await photo.focus();
      await photo.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG });
      const remove = questionNamed(page, 'Door seal').getByRole('button', { name: 'Remove photo 1' });
      await expect(remove).toBeVisible();
      await expect(photo).toBeFocused();
      // A real button: a border and a target of at least 24 px (WCAG 2.5.8), not a line of text.
      const look = await remove.evaluate((button) => {
        const style = getComputedStyle(button);
        const box = button.getBoundingClientRect();
        return { border: parseFloat(style.borderTopWidth), borderColour: style.borderTopColor, height: box.height };
      });
      expect(look.border).toBeGreaterThan(0);
      expect(look.borderColour).not.toBe('rgba(0, 0, 0, 0)');
      expect(look.height).toBeGreaterThanOrEqual(24);
      await remove.click();
      await expect(remove).toHaveCount(0);
      await expect(photo).toBeFocused();
      await expectAccessible(page);
    });
  }
});
