/**
 * Every QR code the app draws holds an address under PUBLIC_URL, not under the browser's origin (issue
 * #29: an admin on an internal host name printed codes nobody else could open). A private server whose
 * PUBLIC_URL names it `localhost` is opened at `127.0.0.1`: the item menu's QR Code, a document's QR Link
 * and an invitation's QR Code must decode to `http://localhost:…` addresses. The dialog's downloads are a
 * vector SVG and a PNG of 1024 px that decodes to the same address.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { createChecklist, createFolder } from './support/documentation.ts';
import { baseUrl } from './support/environment.ts';
import { attrsOf, one, select } from '../support/html.ts';
import { startPrivateServer, type PrivateServer } from './support/private-server.ts';
import { createOrgAdmin, expect, inviteByEmail, newIdentity, readQrCode, test, type OrgAdmin } from './support/test.ts';

/** Port offset of this spec's private server (admin-settings uses 71, billing 61, notifications 41 and 42). */
const PORT_OFFSET = 81;

test.describe('QR codes under PUBLIC_URL', () => {
  test.describe.configure({ mode: 'default' });
  let server: PrivateServer;
  let publicUrl = '';
  let restore: () => void = () => undefined;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    const port = Number(new URL(baseUrl()).port) + PORT_OFFSET + testInfo.workerIndex;
    // The same server under another name: a code of the page's origin would hold 127.0.0.1.
    publicUrl = `http://localhost:${port}`;
    server = await startPrivateServer({ portOffset: PORT_OFFSET, workerIndex: testInfo.workerIndex, env: { PUBLIC_URL: publicUrl } });
    expect(server.url).not.toBe(publicUrl);
    restore = server.becomeSuiteServer();
  });

  test.afterAll(async () => {
    restore();
    await server?.stop();
  });

  async function signIn(page: Page, admin: OrgAdmin): Promise<void> {
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('loggedIn', 'true');
    }, admin.token);
  }

  /** The PNG's size from its header, and the code its pixels hold (jsQR). */
  async function readPng(download: Download): Promise<{ width: number; height: number; data: string | undefined }> {
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), data: found?.data };
  }

  test("an item's QR Code and a document's QR Link hold {PUBLIC_URL}/…; they download as SVG and as a 1024 px PNG", async ({ page, context }) => {
    test.slow(); // a private server's first pages, two dialogs, two files decoded
    const admin = await createOrgAdmin('qr');
    const folder = await createFolder(admin.token, 'Pumps');
    const doc = await createChecklist(admin.token, 'Pump check', folder.id);
    const address = `${publicUrl}/documentation/view/${doc.id}`;
    await signIn(page, admin);

    await page.goto(`${server.url}/documentation/browse/${folder.id}`);
    await page.getByRole('button', { name: 'Options for Pump check' }).click();
    await page.getByRole('menuitem', { name: 'QR Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR Code: Pump check' });
    const code = dialog.getByRole('img', { name: `QR code for ${address}` });
    await expect(code).toBeVisible();
    expect(await readQrCode(context, code)).toBe(address);

    const svgDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download SVG' }).click();
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toBe('Pump check QR code.svg');
    const drawing = await readFile((await svg.path())!, 'utf8');
    expect(attrsOf(one(drawing, 'svg'))).toMatchObject({ width: '1024', height: '1024' });
    expect(select(drawing, 'image')).toEqual([]); // vector: rectangles, no picture inside

    const pngDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download PNG' }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe('Pump check QR code.png');
    expect(await readPng(png)).toEqual({ width: 1024, height: 1024, data: address });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The document's own page: its QR Link.
    await page.goto(`${server.url}/documentation/view/${doc.id}`);
    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'QR Link' }).click();
    const link = page.getByRole('dialog', { name: 'QR Code: Pump check' });
    await expect(link.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await expect(link.getByRole('link', { name: address })).toHaveAttribute('href', address);
  });

  test("an invitation's QR Code and Copy Link hold {PUBLIC_URL}/invitation/{id}, as its mail does", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const admin = await createOrgAdmin('inviter');
    const email = newIdentity('guest').email;
    const id = await inviteByEmail(admin.token, email);
    const link = `${publicUrl}/invitation/${id}`;
    await signIn(page, admin);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('tab', { name: 'Invited', exact: true }).click();
    await page.getByRole('button', { name: `QR Code for the invitation to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: `QR Code: ${email}` });
    const code = dialog.getByRole('img', { name: `QR code for ${link}` });
    await expect(code).toBeVisible();
    expect(await readQrCode(context, code)).toBe(link);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Copy Link of the invitation to ${email}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });
});
