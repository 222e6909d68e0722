/**
 * A presentation's page with its first page in its first HTML (issue #31, src/server/http/first-paint/presentation.ts):
 * opened with the session cookie a sign-in sets, the first page's image paints with its size while every module
 * is held back, and the viewer takes it over without a shift; without the cookie the viewer reads and draws it
 * itself. (The other doctypes: tests/e2e/document-first-paint-*.spec.ts.)
 */
import { createPresentation, pictureJpeg, thumbnailOf, type PresentationApi } from '../bench/presentation-viewer-fixture.ts';
import { baseUrl } from './support/environment.ts';
import { addSessionCookie, countShifts, holdModules } from './support/document-first-paint.ts';
import { apiReads, callApi, expect, signInWithToken, test, usePhoneViewport } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

test('with the session cookie a presentation’s first page image paints from the HTML with its size while every module is held back; the viewer takes over without a shift', async ({ page, orgAdmin }) => {
  await usePhoneViewport(page);
  const picture = await pictureJpeg(800, 450, { r: 214, g: 232, b: 246 });
  const presentations: PresentationApi = { origin: baseUrl(), call: <T>(method: string, path: string, json?: unknown) => callApi<T>(path, { token: orgAdmin.token, method, json }) };
  const deck = await createPresentation(presentations, 'Line check', [
    { filename: 'one.jpg', content_type: 'image/jpeg', bytes: picture, thumb: await thumbnailOf(picture), description: 'First', shapes: [], size: { width: 800, height: 450 } },
    { filename: 'two.jpg', content_type: 'image/jpeg', bytes: picture, thumb: await thumbnailOf(picture), description: 'Second', shapes: [], size: { width: 800, height: 450 } },
  ]);
  const first = deck.contents.pages[deck.contents.page_index[0]!]!;
  await signInWithToken(page, orgAdmin.token);
  await addSessionCookie(page, orgAdmin.token);
  await countShifts(page);
  const reads = apiReads(page);
  const release = await holdModules(page);
  await page.goto(`/documentation/view/${deck.id}`, { waitUntil: 'commit' });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Line check');
  const image = page.locator(`img[data-first-image="${first.media}"]`);
  await expect(image).toHaveAttribute('width', '800');
  await expect(image).toHaveAttribute('height', '450');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  await expect(image).toBeVisible();
  const stage = await page.locator('.pv-stage-area').boundingBox();
  const scrolled = await page.evaluate(() => window.scrollY);
  const shiftsBefore = await page.evaluate(() => window.__rbShifts!);

  release();
  await expect(page.locator('.pv-canvas')).toHaveAttribute('data-page-width', '800');
  await expect(page.locator('.presentation-viewer')).toHaveAttribute('data-image-ready', 'true');
  await expect(image).toHaveCount(0);
  expect(await page.locator('.pv-stage-area').boundingBox()).toEqual(stage);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(await page.evaluate(() => window.__rbShifts!) - shiftsBefore).toBeLessThanOrEqual(0.02);
  // Its first data and its image came with the HTML: neither was read through the API.
  for (const read of ['auth/me', `documentation/documents/${deck.id}`, `documentation/documents/${deck.id}/media/${first.media}`]) {
    expect(reads.map((r) => r.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);
  }

  // Without the cookie the viewer reads and draws it itself.
  await page.context().clearCookies({ name: 'rb_session' });
  await page.goto(`/documentation/view/${deck.id}`);
  await expect(page.locator('.presentation-viewer')).toHaveAttribute('data-image-ready', 'true');
  await expect(page.locator('img[data-first-image]')).toHaveCount(0);
});

