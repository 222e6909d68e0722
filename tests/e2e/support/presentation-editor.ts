/**
 * The presentation editor's browser tests' helpers (tests/e2e/presentation-editor.spec.ts): the stored
 * document over the API, files to add (a real PDF, pictures drawn in the browser), the upload's bytes and
 * a JPEG's size, the editor opened, pages added through the chooser, shapes placed and dragged.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { PresentationContents as Contents } from '../../../src/shared/presentations/model.ts';
import { callApi } from './accounts.ts';
import { signInWithToken } from './browser.ts';
import { baseUrl } from './environment.ts';

export interface StoredDocument {
  id: string;
  version: number;
  contents: Contents;
  draft_contents: Contents | null;
}

export const stored = (token: string, id: string) => callApi<StoredDocument>(`documentation/documents/${id}`, { token });
export const pagesOf = (contents: Contents) => contents.page_index.map((id) => contents.pages[id]!);

/** A small but real PDF. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A picture drawn in the browser (a gradient with a mark in one corner), as the bytes of `type`. */
export async function drawPicture(page: Page, width: number, height: number, type: 'image/png' | 'image/jpeg'): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, type }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d')!;
      const gradient = g.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, '#3a7bd5');
      gradient.addColorStop(1, '#f4d03f');
      g.fillStyle = gradient;
      g.fillRect(0, 0, width, height);
      g.fillStyle = '#c0392b';
      g.fillRect(0, 0, width / 5, height / 5);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.95));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    },
    { width, height, type },
  );
  return Buffer.from(base64, 'base64');
}

/** The stored upload's bytes, read over the API with the bearer token. */
export async function mediaBytes(token: string, documentId: string, uploadId: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl()}/api/v1/documentation/documents/${documentId}/media/${uploadId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A JPEG's width and height from its start-of-frame marker. */
export function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error('not a JPEG marker');
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

export const canvas = (page: Page) => page.locator('.page-canvas');
export const thumbs = (page: Page) => page.locator('.page-thumb');
export const drawn = async (page: Page) => JSON.parse((await canvas(page).getAttribute('data-shapes')) ?? '[]') as { id: string; kind: string; color: string; strokeWidth: number; rotation: number; selected: boolean }[];
export const box = async (locator: Locator) => (await locator.boundingBox())!;

export async function createPresentation(token: string, name: string): Promise<StoredDocument> {
  return callApi<StoredDocument>('documentation/documents', { token, json: { folder_id: 'root', name, doctype: 'presentation' } });
}

export async function openEditor(page: Page, token: string, id: string): Promise<void> {
  await signInWithToken(page, token);
  await page.goto(`/documentation/edit/${id}`);
  await expect(page.getByRole('button', { name: 'Add pages' })).toBeVisible();
}

/** Adds files through the Add pages chooser and waits until every upload has landed in the draft. */
export async function addPages(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], total: number): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add pages' }).click();
  await (await chooser).setFiles(files);
  await expect(thumbs(page)).toHaveCount(total);
  await expect(page.locator('.thumb-progress')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('.page-thumb[data-queued]')).toHaveCount(0);
  await expect(page.locator('.draft-status')).toHaveText('Draft saved', { timeout: 30_000 });
}

/** Chooses a tool and clicks the canvas at (dx, dy) from its top left corner. */
export async function place(page: Page, tool: string, dx: number, dy: number): Promise<void> {
  await page.getByRole('button', { name: tool, exact: true }).click();
  await expect(page.getByRole('button', { name: tool, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await canvas(page).scrollIntoViewIfNeeded();
  const c = await box(canvas(page));
  await page.mouse.click(c.x + dx, c.y + dy);
}

export async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 5; i += 1) await page.mouse.move(from.x + ((to.x - from.x) * i) / 5, from.y + ((to.y - from.y) * i) / 5);
  await page.mouse.up();
}

export async function centreOf(locator: Locator, dy = 0): Promise<{ x: number; y: number }> {
  const b = await box(locator);
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 + dy };
}
