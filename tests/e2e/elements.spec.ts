/**
 * The standalone Lit elements (DESIGN.md: framework-neutral, built on their own by
 * scripts/build-elements.mjs) on their plain-HTML demo pages, served by the running server with the
 * app's Content-Security-Policy: rb-qr-code, rb-qr-dialog and rb-permission-editor.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import { expect, expectAccessible, test, usePhoneViewport } from './support/test.ts';

const qrDemo = '/elements/rb-qr-code/demo.html';
const editorDemo = '/elements/rb-permission-editor/demo.html';
const qrDialogDemo = '/elements/rb-qr-dialog/demo.html';

async function openDemo(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
}

test.describe('standalone element demo pages', () => {
  test('the server serves both demo pages with the app\'s Content-Security-Policy', async ({ request }) => {
    for (const path of [qrDemo, editorDemo, qrDialogDemo]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-security-policy'], path).toContain("script-src 'self'");
    }
  });

  test('the element bundles are served as JavaScript', async ({ request }) => {
    for (const path of ['/elements/rb-qr-code.js', '/elements/rb-permission-editor.js', '/elements/rb-qr-dialog.js', '/elements/rb-qr-code/demo.js']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/javascript');
    }
  });
});

test.describe('rb-qr-dialog', () => {
  test("the QR code dialog: 'QR Code: {name}', the code of the address, '{name} QR code.png', focus back to the opener", async ({ page }) => {
    await openDemo(page, qrDialogDemo);
    await page.getByLabel('Name').fill('Cold store: bay 4');
    const address = 'https://ringbinder.example/documentation/view/0190e1a0-0000-7000-8000-0000000000aa';
    await page.getByLabel('Address').fill(address);
    const opener = page.getByRole('button', { name: 'Show QR code' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'QR Code: Cold store: bay 4' });
    await expect(dialog.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await expect(dialog.getByRole('link', { name: address })).toHaveAttribute('href', address);
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PNG' }).click();
    expect((await downloading).suggestedFilename()).toBe('Cold store bay 4 QR code.png');

    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's Close (the X is first)
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByRole('status')).toHaveText('Closed');
  });
});

test.describe('rb-qr-code', () => {
  test('draws the typed address as a QR code, downloads it as PNG, and passes the accessibility scan', async ({ page }) => {
    await openDemo(page, qrDemo);
    const address = 'https://ringbinder.example/documentation/browse/0190e1a0-0000-7000-8000-0000000000aa';
    await page.getByLabel('Address').fill(address);

    const code = page.getByRole('img', { name: `QR code for ${address}` });
    await expect(code).toBeVisible();
    const svg = code.locator('svg');
    await expect(svg).toHaveCount(1);
    const box = await svg.boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    // A code has many dark modules: the drawing is far from empty.
    expect(await svg.locator('rect, path, circle').count()).toBeGreaterThan(20);

    // Decode it where the browser can (BarcodeDetector is missing from Linux Chromium builds).
    const decoded = await page.evaluate(async () => {
      const Detector = (globalThis as { BarcodeDetector?: new (o: object) => { detect(s: ImageBitmapSource): Promise<{ rawValue: string }[]> } })
        .BarcodeDetector;
      if (!Detector) return null;
      const svgEl = document.querySelector('rb-qr-code')!.shadowRoot!.querySelector('svg')!;
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svgEl))}`;
      await image.decode();
      const found = await new Detector({ formats: ['qr_code'] }).detect(image);
      return found[0]?.rawValue ?? '';
    });
    test.info().annotations.push({ type: 'decode', description: decoded === null ? 'BarcodeDetector unavailable: not decoded' : 'decoded' });
    if (decoded !== null) expect(decoded).toBe(address);

    // Another address, another drawing.
    const before = await svg.innerHTML();
    await page.getByLabel('Address').fill(`${address}-2`);
    await expect(page.getByRole('img', { name: `QR code for ${address}-2` })).toBeVisible();
    await expect.poll(() => page.locator('rb-qr-code svg').innerHTML()).not.toBe(before);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('qr-code.png');
    await expect(page.getByRole('status')).toHaveText('Downloaded qr-code.png');

    // Print builds its page in a hidden frame: only the code (as an image) and the address. What the frame
    // holds is sent out as it is added: the browser may block the page in its print dialog, or print at once
    // and remove the frame.
    const printViews: unknown[] = [];
    await page.exposeFunction('notePrintView', (view: unknown) => printViews.push(view));
    await page.evaluate(() => {
      const note = (window as unknown as { notePrintView: (view: unknown) => void }).notePrintView;
      new MutationObserver((changes) => {
        for (const frame of changes.flatMap((c) => [...c.addedNodes]).filter((n): n is HTMLIFrameElement => n instanceof HTMLIFrameElement)) {
          const body = frame.contentDocument?.body;
          note({
            title: frame.title,
            images: [...(body?.querySelectorAll('img') ?? [])].map((img) => `${img.alt} ${img.src.slice(0, 'data:image/svg+xml'.length)}`),
            text: [...(body?.querySelectorAll('p') ?? [])].map((p) => p.textContent ?? ''),
          });
        }
      }).observe(document.body, { childList: true });
    });
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => printViews).toEqual([
      { title: `Print view of the QR code for ${address}-2`, images: [`QR code for ${address}-2 data:image/svg+xml`], text: [`${address}-2`] },
    ]);

    await expectAccessible(page);
  });
});

test.describe('rb-permission-editor', () => {
  test('adds an entry, grants a role Read, and reports the entries in rb-change', async ({ page }) => {
    await openDemo(page, editorDemo);
    // The demo's own entry and the two inherited ones.
    await expect(page.getByRole('checkbox', { name: 'Read for Acme Ltd' })).toBeChecked();
    const inherited = page.getByRole('table', { name: 'Inherited entries' });
    await expect(inherited.getByRole('row', { name: /Managers Audits Grant/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add Entry' }).click();
    const subject = page.getByRole('combobox', { name: 'Subject of entry 2' });
    await expect(subject).toBeFocused();
    await subject.selectOption({ label: 'Managers' });
    await page.getByRole('checkbox', { name: 'Read for Managers' }).check();

    const detail = JSON.parse((await page.locator('#change').textContent()) ?? '{}') as unknown;
    expect(detail).toEqual({
      entries: [
        { subject: '0190e1a0-0000-7000-8000-000000000001', is_grant: true, permissions: 1 },
        { subject: '0190e1a0-0000-7000-8000-000000000002', is_grant: true, permissions: 1 },
      ],
    });

    // Revoke, from the keyboard.
    await page.getByRole('combobox', { name: 'Grant or Revoke for Managers' }).selectOption('revoke');
    await expect(page.locator('#change')).toContainText('"is_grant": false');

    await page.getByRole('button', { name: 'Remove entry for Acme Ltd' }).click();
    await expect(page.getByRole('button', { name: 'Add Entry' })).toBeFocused();
    expect(JSON.parse((await page.locator('#change').textContent()) ?? '{}')).toEqual({
      entries: [{ subject: '0190e1a0-0000-7000-8000-000000000002', is_grant: false, permissions: 1 }],
    });

    await expectAccessible(page);
  });

  test('loads the ACL and the subjects itself from api-base with a token', async ({ page, orgAdmin }) => {
    await openDemo(page, editorDemo);
    await page.evaluate((token) => {
      const editor = document.createElement('rb-permission-editor');
      editor.id = 'loaded';
      editor.setAttribute('api-base', '/api/v1');
      editor.setAttribute('item-kind', 'folder');
      editor.setAttribute('item-id', 'root');
      editor.token = token;
      document.querySelector('main')!.append(editor);
    }, orgAdmin.token);
    const loaded = page.locator('#loaded');
    // A new organisation's root grants the organisation Read (DESIGN.md).
    await expect(loaded.getByRole('checkbox', { name: /^Read for / })).toBeChecked();
    await expect(loaded.getByRole('combobox', { name: 'Subject of entry 1' }).locator('optgroup[label="Organization"] option')).toHaveCount(1);
  });

  test('the subject picker groups Organization, Roles and Users', async ({ page }) => {
    await openDemo(page, editorDemo);
    const groups = page.getByRole('combobox', { name: 'Subject of entry 1' }).locator('optgroup');
    await expect(groups).toHaveCount(3);
    expect(await groups.evaluateAll((list) => list.map((g) => g.getAttribute('label')))).toEqual(['Organization', 'Roles', 'Users']);
  });

  test('a folder offers Create Documents and Create Folders; a document does not', async ({ page }) => {
    await openDemo(page, editorDemo);
    await expect(page.getByRole('checkbox', { name: 'Create Documents for Acme Ltd' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Create Folders for Acme Ltd' })).toBeVisible();

    await page.getByLabel('Item kind').selectOption('document');
    for (const name of ['Read', 'Write', 'Delete', 'Edit Permissions']) {
      await expect(page.getByRole('checkbox', { name: `${name} for Acme Ltd` })).toBeVisible();
    }
    await expect(page.getByRole('checkbox', { name: /^Create (Documents|Folders)/ })).toHaveCount(0);
    await expect(page.getByText(/^Create (Documents|Folders)$/)).toHaveCount(0);
    await expectAccessible(page);
  });

  test('at phone width each entry is a card that fits: labelled checkboxes, nothing scrolls sideways', async ({ page }) => {
    await usePhoneViewport(page);
    await openDemo(page, editorDemo);
    await page.getByRole('button', { name: 'Add Entry' }).click();
    await page.getByRole('combobox', { name: 'Subject of entry 2' }).selectOption({ label: 'Inspectors' });
    const entries = page.locator('rb-permission-editor').getByRole('list', { name: 'Entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    const card = entries.nth(1);
    await expect(card.getByRole('group', { name: 'Permissions for Inspectors' })).toBeVisible();
    for (const name of ['Read', 'Write', 'Delete', 'Edit Permissions', 'Create Documents', 'Create Folders']) {
      // The label shows the permission's name; the subject is added for screen readers only.
      await expect(card.getByRole('checkbox', { name: `${name} for Inspectors` })).toBeVisible();
      await expect(card.locator('label', { hasText: new RegExp(`^\\s*${name} for Inspectors\\s*$`) })).toBeVisible();
    }
    await expectFitsPhone(page, [card.getByRole('button', { name: 'Remove entry for Inspectors' }), card.getByRole('checkbox', { name: 'Create Folders for Inspectors' })]);
    await expectAccessible(page);
  });

  test('read-only shows the entries as text, with no controls', async ({ page }) => {
    await openDemo(page, editorDemo);
    await page.getByLabel('Read-only').check();
    const editor = page.locator('rb-permission-editor');
    await expect(editor.getByRole('table', { name: 'Entries', exact: true }).getByRole('row', { name: 'Acme Ltd Grant Read' })).toBeVisible();
    await expect(editor.getByRole('checkbox')).toHaveCount(0);
    await expect(editor.getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
  });
});
