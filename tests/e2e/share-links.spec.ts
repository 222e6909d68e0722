/**
 * Share links (#29): a checklist filled without an account. An editor makes a link in the Properties
 * dialog's Share tab and copies its address; a browser with nobody signed in opens /fill/{token}, fills
 * the checklist in and submits, and the row's author is `share: {name}`; a revoked link says so in words;
 * offline, the open page keeps the answers and sends them exactly once when the network returns; the
 * embed page inside an iframe with the snippet's script takes its content's height and submits, and
 * without the script keeps its fixed height; axe on both pages at desktop and 390 px.
 */
import type { Browser, Frame, Page } from '@playwright/test';
import { publishChecklist, question, queueStatus, rowsOf, type DocumentAnswer } from './support/checklist-filler.ts';
import { attrsOf, one } from '../support/html.ts';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

interface ShareLink {
  id: string;
  name: string;
  token: string;
  url: string;
}

const makeLink = (admin: OrgAdmin, doc: DocumentAnswer, name: string) =>
  callApi<ShareLink>(`documentation/documents/${doc.id}/share-links`, { token: admin.token, json: { name } });

const gateCheck = (admin: OrgAdmin, name = 'Gate check') =>
  publishChecklist(admin.token, name, {
    gate: question('Gate locked', 'true/false', { required: true }),
    note: question('Anything else', 'text'),
  });

/** A page in a browser context of its own, where nobody has ever signed in. */
async function strangerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

const filler = (where: Page | Frame) => where.locator('rb-checklist');
const questionNamed = (where: Page | Frame, title: string) => filler(where).getByRole('group', { name: title, exact: true });
const submit = (where: Page | Frame) => filler(where).getByRole('button', { name: 'Submit' });

test.describe('share links', () => {
  test('an editor makes a link in the Share tab and copies its address; someone without an account fills the checklist in through it', async ({ page, context, browser, orgAdmin }) => {
    test.setTimeout(60_000);
    const doc = await gateCheck(orgAdmin);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    await page.getByRole('button', { name: `Options for ${doc.name}` }).click();
    await page.getByRole('menuitem', { name: 'Properties' }).click();
    // The dialog's host: its tabs and fields are its light DOM, slotted into the panel.
    const dialog = page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name: 'Document Properties', exact: true }) });
    await dialog.getByRole('tab', { name: 'Share' }).click();
    await expect(dialog.getByText('No share links yet.', { exact: false })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Front door');
    await dialog.getByRole('button', { name: 'Create Link' }).click();

    const entry = dialog.getByRole('listitem', { name: 'Front door' });
    await expect(entry).toBeVisible();
    await expect(entry.getByText(`by ${orgAdmin.username}`, { exact: false })).toBeVisible();
    await expect(entry.getByText('Never expires')).toBeVisible();
    await expect(entry.getByRole('img', { name: /^QR code for http:\/\/127\.0\.0\.1:\d+\/fill\/share_[A-Za-z0-9_-]{43}$/ })).toBeVisible();
    await entry.getByRole('button', { name: 'Copy address of Front door' }).click();
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/fill\/share_[A-Za-z0-9_-]{43}$/);
    const token = address.split('/').pop()!;
    await entry.getByRole('button', { name: 'Copy script embed of Front door' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `<script type="module" src="${new URL(address).origin}/elements/ringbinder.js"></script><rb-checklist share-token="${token}"></rb-checklist>`,
    );
    await entry.getByRole('button', { name: 'Copy iframe embed of Front door' }).click();
    const iframe = one(await page.evaluate(() => navigator.clipboard.readText()), 'iframe');
    expect(attrsOf(iframe)).toMatchObject({ src: `${new URL(address).origin}/embed/fill/${token}`, title: 'Gate check' }); // titled with the checklist’s name (issue #43 item 11)
    await expectAccessible(page);

    // Someone with no account, on another device.
    const stranger = await strangerPage(browser);
    await stranger.goto(address);
    await expect(stranger.getByRole('heading', { level: 1, name: doc.name })).toBeVisible();
    await expect(stranger.getByText(orgAdmin.org.name)).toBeVisible();
    await expect(stranger).toHaveTitle(`${doc.name} · ${orgAdmin.org.name}`);
    await questionNamed(stranger, 'Gate locked').getByRole('radio', { name: 'True' }).check();
    await questionNamed(stranger, 'Anything else').getByRole('textbox').fill('Hinge squeaks');
    await submit(stranger).click();
    await expect(filler(stranger).getByText('Answers Successfully Submitted.')).toBeVisible();
    await expect(submit(stranger)).toHaveCount(0);

    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_by_username).toBe('share: Front door');
    expect(rows[0]!.record.note!.value).toBe('Hinge squeaks');

    // Fill In Again: the empty form is back.
    await filler(stranger).getByRole('button', { name: 'Fill In Again' }).click();
    await expect(questionNamed(stranger, 'Gate locked').getByRole('radio', { name: 'True' })).not.toBeChecked();
    await expect(submit(stranger)).toBeDisabled();

    // Revoked in the Share tab (asked again first): the link says so at once.
    await entry.getByRole('button', { name: 'Revoke Front door' }).click();
    await entry.getByRole('button', { name: 'Keep Link' }).click();
    await entry.getByRole('button', { name: 'Revoke Front door' }).click();
    await entry.getByRole('button', { name: 'Revoke Link' }).click();
    await expect(entry).toHaveCount(0);
    await stranger.reload();
    await expect(filler(stranger).getByRole('alert')).toHaveText('This link has been revoked');
    await expect(stranger.getByRole('heading', { level: 1 })).toHaveText('This checklist cannot be filled in');
    await stranger.context().close();
  });

  test('a revoked link, and an address that is no link, say so in words instead of the checklist', async ({ page, orgAdmin }) => {
    const doc = await gateCheck(orgAdmin);
    const link = await makeLink(orgAdmin, doc, 'Yard');
    await callApi(`documentation/documents/${doc.id}/share-links/${link.id}`, { token: orgAdmin.token, method: 'DELETE' });
    await page.goto(new URL(link.url).pathname);
    await expect(filler(page).getByRole('alert')).toHaveText('This link has been revoked');
    await expect(questionNamed(page, 'Gate locked')).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/fill/share_${'x'.repeat(43)}`);
    await expect(filler(page).getByRole('alert')).toHaveText(/^This link is not valid\./);
  });

  test('offline: the open page keeps the answers and sends them exactly once when the network returns', async ({ browser, orgAdmin }) => {
    test.setTimeout(60_000);
    const doc = await gateCheck(orgAdmin);
    const link = await makeLink(orgAdmin, doc, 'Basement');
    const page = await strangerPage(browser);
    await page.goto(link.url);
    await expect(submit(page)).toBeVisible();

    await page.context().setOffline(true);
    await questionNamed(page, 'Gate locked').getByRole('radio', { name: 'False' }).check();
    await submit(page).click();
    await expect(filler(page).getByText('Saved on this device: the answers will be sent when the network returns.')).toBeVisible();
    await expect(queueStatus(page)).toHaveText('1 submission waiting to be sent');
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(0);

    await page.context().setOffline(false);
    await expect.poll(async () => (await rowsOf(orgAdmin.token, doc.id)).length, { timeout: 20_000 }).toBe(1);
    await expect(queueStatus(page)).toHaveText(/^Sent at \d{1,2}:\d{2}/);

    // Exactly once: another online event and a reload send nothing again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.reload();
    await expect(submit(page)).toBeVisible();
    await page.waitForTimeout(1000);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_by_username).toBe('share: Basement');
    expect(rows[0]!.record.gate!.value).toBe(false);
    await page.context().close();
  });

  test('embedded with the iframe snippet, the frame takes its content’s height and submits; without the script it keeps its fixed height', async ({ page, orgAdmin }) => {
    test.setTimeout(60_000);
    const doc = await gateCheck(orgAdmin);
    const link = await makeLink(orgAdmin, doc, 'Intranet');
    const origin = new URL(link.url).origin;
    const frameAt = `${origin}/embed/fill/${link.token}`;
    const host = (withScript: boolean) =>
      `<!doctype html><html lang="en"><head><title>Intranet</title></head><body><h1>Our intranet</h1>` +
      `<iframe src="${frameAt}" title="Intranet" style="width:100%;border:0" height="600"></iframe>` +
      (withScript ? `<script src="${origin}/elements/embed-frame.js" async></script>` : '') +
      `<p>After the frame</p></body></html>`;
    // A host page of the same origin (framing by other origins is EMBED_ORIGINS's, tested apart).
    await page.route(`${origin}/intranet/*`, (route) =>
      route.fulfill({ contentType: 'text/html', body: host(route.request().url().endsWith('with-script')) }),
    );

    await page.goto('/intranet/with-script');
    const iframe = page.locator('iframe');
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('button', { name: 'Submit' })).toBeVisible();
    const contentHeight = () => page.frames()[1]!.evaluate(() => Math.ceil(document.getElementById('main')!.getBoundingClientRect().height));
    const frameHeight = () => iframe.evaluate((element) => Math.round(element.getBoundingClientRect().height));
    await expect.poll(async () => (await frameHeight()) === (await contentHeight()), { message: 'the frame is as tall as its content' }).toBe(true);
    expect(await frameHeight()).not.toBe(600);
    const scrolls = () => page.frames()[1]!.evaluate(() => document.documentElement.scrollHeight > document.documentElement.clientHeight);
    expect(await scrolls()).toBe(false);

    await frame.getByRole('group', { name: 'Gate locked', exact: true }).getByRole('radio', { name: 'True' }).check();
    await frame.getByRole('button', { name: 'Submit' }).click();
    await expect(frame.getByText('Answers Successfully Submitted.')).toBeVisible();
    // Shorter now: the frame followed.
    await expect.poll(async () => (await frameHeight()) === (await contentHeight())).toBe(true);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows.map((r) => r.created_by_username)).toEqual(['share: Intranet']);

    await page.goto('/intranet/without-script');
    await expect(frame.getByRole('button', { name: 'Submit' })).toBeVisible();
    expect(await frameHeight()).toBe(600);
  });

  test.describe('a kiosk station on a share link', () => {
    // The suite blocks service workers (playwright.config.ts); ?kiosk=1 registers the app's worker.
    test.use({ serviceWorkers: 'allow' });

    test('?kiosk=1 reopens offline (the worker keeps the shell and the link’s checklist), is ready for the next person, and sends once online', async ({ page, context, orgAdmin }) => {
      test.setTimeout(90_000);
      const doc = await gateCheck(orgAdmin, 'Visitor book');
      const link = await makeLink(orgAdmin, doc, 'Reception');
      await page.goto(`/fill/${link.token}?kiosk=1`);
      await expect(filler(page)).toHaveAttribute('kiosk', '');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await page.reload(); // through the worker: the link's checklist is kept
      await expect(submit(page)).toBeVisible();

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: doc.name })).toBeVisible();
      await questionNamed(page, 'Gate locked').getByRole('radio', { name: 'True' }).check();
      await submit(page).click();
      await expect(filler(page).getByText('Saved on this device: the answers will be sent when the network returns.')).toBeVisible();
      // A kiosk is ready for the next person at once: the form, not 'Fill In Again'.
      await expect(questionNamed(page, 'Gate locked').getByRole('radio', { name: 'True' })).not.toBeChecked();
      await expect(filler(page).getByRole('button', { name: 'Fill In Again' })).toHaveCount(0);

      await context.setOffline(false);
      await expect.poll(async () => (await rowsOf(orgAdmin.token, doc.id)).map((r) => r.created_by_username), { timeout: 20_000 }).toEqual(['share: Reception']);
    });
  });

  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 720 }],
    ['390 px', phoneViewport],
  ] as const) {
    test(`the fill page and the embed page pass axe at ${width} width`, async ({ page, orgAdmin }) => {
      const doc = await publishChecklist(orgAdmin.token, 'Van check', {
        tyres: question('Tyres inflated', 'true/false', { required: true }),
        km: question('Odometer', 'number'),
        where: question('Depot', 'single choice', { choices: ['North', 'South'] }),
      });
      const link = await makeLink(orgAdmin, doc, 'Vans');
      await page.setViewportSize(viewport);
      for (const path of [`/fill/${link.token}`, `/embed/fill/${link.token}`]) {
        await page.goto(path);
        await expect(submit(page)).toBeVisible();
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});
