/**
 * A page's phone-size picture (src/shared/presentations/small-picture.ts): a large picture added in the
 * editor is stored with a copy at most 1,280 px on its long side (a small picture, none for a small one),
 * published through the editor; the view page's first HTML offers both pictures (srcset, sizes), and at phone
 * width the browser fetches the small one, not the full one — until the page is zoomed beyond the small
 * picture's pixels, when the viewer reads the full picture and draws it in its place.
 */
import type { Page } from '@playwright/test';
import { alertText, dialogNamed } from './support/checklist-editor.ts';
import { addPages, drawPicture, jpegSize, mediaBytes, openEditor, createPresentation, pagesOf, stored } from './support/presentation-editor.ts';
import { baseUrl } from './support/environment.ts';
import { attrsOf, one } from '../support/html.ts';
import { expect, test, usePhoneViewport } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

/** The picture files the page fetched (by upload id: a signed address or a bearer read; not media-urls calls). */
function pictureReads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/\/media\/[^/?]+\/?[^/?]*(\?|$)/.test(url) && !url.includes('media-urls')) seen.push(url);
  });
  return seen;
}

test('a large picture is stored with a small one; at phone width the view page fetches the small one, and the full one once zoomed in', async ({ page, orgAdmin }) => {
  test.setTimeout(180_000);
  const doc = await createPresentation(orgAdmin.token, 'Dock walk');
  await openEditor(page, orgAdmin.token, doc.id);
  const large = await drawPicture(page, 4000, 3000, 'image/jpeg');
  const small = await drawPicture(page, 1000, 750, 'image/jpeg');
  await addPages(
    page,
    [
      { name: 'dock.jpg', mimeType: 'image/jpeg', buffer: large },
      { name: 'sign.jpg', mimeType: 'image/jpeg', buffer: small },
    ],
    2,
  );

  // The large picture: compressed within 2560×1440, and its small picture within 1280×1280; the small one has none.
  const [dock, sign] = pagesOf((await stored(orgAdmin.token, doc.id)).draft_contents!);
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, dock!.media))).toEqual({ width: 1920, height: 1440 });
  expect(dock!.media_small).toEqual(expect.any(String));
  const smallBytes = await mediaBytes(orgAdmin.token, doc.id, dock!.media_small!);
  expect(jpegSize(smallBytes)).toEqual({ width: 1280, height: 960 });
  expect(smallBytes.length).toBeLessThan((await mediaBytes(orgAdmin.token, doc.id, dock!.media)).length);
  expect(sign!.media_small).toBeUndefined();

  await page.getByRole('button', { name: 'Publish…' }).click();
  await dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Publish', exact: true }).click();
  await dialogNamed(page, 'Publish').getByRole('button', { name: /^Publish version/ }).click();
  await expect(alertText(page, 'Publish Successful!')).toBeVisible({ timeout: 30_000 });
  const published = pagesOf((await stored(orgAdmin.token, doc.id)).contents)[0]!;
  expect(published.media_small).toBe(dock!.media_small);

  // At phone width, with the session cookie a sign-in sets: the first HTML offers both pictures.
  await usePhoneViewport(page);
  await page.context().addCookies([{ name: 'rb_session', value: orgAdmin.token, url: baseUrl() }]);
  const reads = pictureReads(page);
  const response = await page.goto(`/documentation/view/${doc.id}`);
  const image = attrsOf(one(await response!.text(), 'img.pv-first-image'));
  expect(image.srcset).toMatch(new RegExp(`^[^"]*/${published.media_small}\\?[^" ]+ 1280w, [^"]*/${published.media}\\?[^" ]+ 1920w$`));
  expect(image.sizes).toBe('100vw');

  // The viewer draws the small picture at the page's own size; the full picture was never fetched.
  const viewer = page.locator('.presentation-viewer');
  await expect(viewer).toHaveAttribute('data-image-ready', 'true');
  await expect(viewer).toHaveAttribute('data-picture', 'small');
  await expect(page.locator('.pv-canvas')).toHaveAttribute('data-page-width', '1920');
  expect(reads.filter((url) => url.includes(published.media_small!)).length).toBeGreaterThanOrEqual(1);
  expect(reads.filter((url) => url.includes(published.media))).toEqual([]);

  // Zoomed in beyond the small picture's 1,280 px (the page is ~370 px wide here): the full picture takes its place.
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  await zoomIn.click();
  await zoomIn.click();
  await expect(viewer).toHaveAttribute('data-picture', 'small');
  expect(reads.filter((url) => url.includes(published.media))).toEqual([]);
  await zoomIn.click();
  await zoomIn.click();
  await expect(viewer).toHaveAttribute('data-picture', 'full');
  expect(reads.filter((url) => url.includes(published.media)).length).toBe(1);
  await expect(page.locator('.pv-canvas')).toHaveAttribute('data-page-width', '1920');
});
