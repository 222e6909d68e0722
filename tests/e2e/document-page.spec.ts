/**
 * The document page (documentation §2): the viewer frame of the latest and of an older version, the
 * toolbar (View/Edit switch, History, QR Link with the code of the page address), a submitted row's
 * address, and a document that cannot be loaded. The stage is set over the real API; the page is
 * scanned with axe and checked at phone width.
 */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { breadcrumbs, checkAtPhoneWidth, createChecklist, createFolder, expectBreadcrumbs, heading, publishNextVersion } from './support/documentation.ts';
import { expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test } from './support/test.ts';

test.describe('document page', () => {
  test("an older version: 'View {name} (Version: n)' and the warning with a link to the latest", async ({ page, orgAdmin }) => {
    const v1 = await createChecklist(orgAdmin.token, 'Forklift Check', 'root', 2);
    await publishNextVersion(orgAdmin.token, v1, 'One more');

    await signInWithToken(page, orgAdmin.token);
    for (const path of [`/documentation/view/${v1.id}/version/1`, `/documentation/view/${v1.id}/1`]) {
      await page.goto(path);
      await expect(heading(page)).toHaveText('View Forklift Check (Version: 1)');
      await expect(page.locator('#topbar-page')).toHaveText('View Forklift Check (Version: 1)');
      await expect(page).toHaveTitle(`View Forklift Check (Version: 1) ${orgAdmin.org.name}`);
      await expect(page.getByText('This is not the most recent version of this document.')).toBeVisible();
      await expect(page.getByText('2 questions', { exact: true })).toBeVisible(); // the body shows version 1
    }
    await expectBreadcrumbs(page, ['Home', 'Documentation']);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'View the latest version' }).click();
    await expect(page).toHaveURL(`/documentation/view/${v1.id}`);
    await expect(heading(page)).toHaveText('View Forklift Check');
    await expect(page).toHaveTitle(`View Forklift Check ${orgAdmin.org.name}`);
    await expect(page.getByText('This is not the most recent version of this document.')).toBeHidden();
    await expect(page.getByText('How to use Forklift Check')).toBeVisible();
    await expect(page.getByText('3 questions', { exact: true })).toBeVisible();

    // The latest version named by its number is a version view without the warning.
    await page.goto(`/documentation/view/${v1.id}/version/2`);
    await expect(heading(page)).toHaveText('View Forklift Check (Version: 2)');
    await expect(page.getByText('This is not the most recent version of this document.')).toBeHidden();

    await page.goto(`/documentation/view/${v1.id}/version/1`);
    await checkAtPhoneWidth(page, () => expect(page.getByRole('link', { name: 'View the latest version' })).toBeVisible());
  });

  test('the toolbar: View/Edit switch, History, and QR Link with the code of the page address', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Warehouse');
    const sub = await createFolder(orgAdmin.token, 'Bay 4', folder.id);
    const doc = await createChecklist(orgAdmin.token, 'Empty Checklist', sub.id);
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/view/${doc.id}`);
    await expect(heading(page)).toHaveText('View Empty Checklist');
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Warehouse', 'Bay 4']);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Bay 4' })).toHaveAttribute('href', `/documentation/browse/${sub.id}`);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/documentation/browse');
    await expect(page.getByText('No Questions Found In Checklist')).toBeVisible();

    const modes = page.getByRole('group', { name: 'View or edit' });
    await expect(modes.getByRole('link', { name: 'View' })).toHaveAttribute('aria-current', 'page');
    await expect(modes.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/documentation/edit/${doc.id}`);
    await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveAttribute('href', `/documentation/${doc.id}/history`);
    await expectAccessible(page);

    // The toolbar menu, from the keyboard: QR Link opens the dialog with the code of this page.
    const menuButton = page.getByRole('button', { name: 'Document menu' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'QR Link' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'QR Code: Empty Checklist' });
    await expect(dialog).toBeVisible();
    const address = new URL(`/documentation/view/${doc.id}`, page.url()).href;
    await expect(dialog.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await expect(dialog.getByText(address)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeEnabled();
    expect(await decodeQrCode(page)).toBe(address);
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PNG' }).click();
    expect((await downloading).suggestedFilename()).toBe('Empty Checklist QR code.png');

    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's Close (the X is first)
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    // The element and its QR library arrived as files the Content-Security-Policy allows (the suite's
    // automatic check fails on any violation or console error), and no request of the page failed.
    expect(failedRequests).toEqual([]);

    await modes.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/documentation/edit/${doc.id}`);

    await page.goto(`/documentation/view/${doc.id}`);
    await checkAtPhoneWidth(page, () => expect(page.getByRole('button', { name: 'Document menu' })).toBeVisible());
    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'QR Link' }).click();
    await expect(page.getByRole('dialog', { name: 'QR Code: Empty Checklist' }).getByRole('img', { name: /^QR code for / })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('a submitted-row address shows the document frame with the row mount point', async ({ page, orgAdmin }) => {
    const doc = await createChecklist(orgAdmin.token, 'Daily Round', 'root', 1);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/view/${doc.id}/0190e1a0-0000-7000-8000-0000000000ab`);
    await expect(heading(page)).toHaveText('View Daily Round');
    await expect(page.locator('#document-row')).toHaveAttribute('data-row-id', '0190e1a0-0000-7000-8000-0000000000ab');
    await expect(page.getByText('1 question', { exact: true })).toBeHidden(); // the row, not the checklist
  });

  test('a document that cannot be loaded: the detail as a warning, then the folder browser', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Audits');
    const doc = await createChecklist(orgAdmin.token, 'Quarterly', folder.id);
    await signInWithToken(page, orgAdmin.token);

    await page.goto('/documentation/view/0190e1a0-0000-7000-8000-00000000dead');
    await expect(page).toHaveURL('/documentation/browse');
    await expect(page.getByRole('alert').filter({ hasText: 'Document not found' })).toBeVisible();

    // A version that does not exist, of a document that does: its folder.
    await page.goto(`/documentation/view/${doc.id}/version/7`);
    await expect(page).toHaveURL(`/documentation/browse/${folder.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Version not found' })).toBeVisible();
  });
});

/** Decodes the QR dialog's code: its SVG drawn onto a canvas, the pixels read with jsQR. */
async function decodeQrCode(page: Page): Promise<string | undefined> {
  const { width, height, pixels } = await page.evaluate(async () => {
    const svg = document.querySelector('#qr-dialog')!.shadowRoot!.querySelector('rb-qr-code')!.shadowRoot!.querySelector('svg')!;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 240;
    canvas.height = image.naturalHeight || 240;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
}
