/**
 * A presentation's first page image is read the moment its document is in, beside the viewer's code
 * (the doctype registry's `pageReads`, islands/presentation-viewer/first-page.ts), not once the viewer
 * and Konva have loaded: on a slow phone that is a round trip (562 ms) sooner. The viewer's shared file
 * (Konva's core with it) is held back at the real server (nothing mocked): the image read must already
 * have left, and the viewer, once loaded, draws from that read instead of asking again.
 */
import type { Page } from '@playwright/test';
import { createPresentation, pictureJpeg, thumbnailOf, type PresentationApi } from '../bench/presentation-viewer-fixture.ts';
import { baseUrl } from './support/environment.ts';
import { apiReads, callApi, expect, holdRequests, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const apiOf = (admin: OrgAdmin): PresentationApi => ({
  origin: baseUrl(),
  call: <T>(method: string, path: string, json?: unknown) => callApi<T>(path, { token: admin.token, method, json }),
});

/** Holds back the presentation viewer's shared file (the viewer cannot run without it) until `release`. */
const holdViewer = (page: Page) => holdRequests(page, /\/_astro\/presentation-viewer-shared\.[^/]+\.js$/);

test("a presentation's view page reads its first page image as soon as its document is in, beside the viewer's code, once", async ({ page, orgAdmin }) => {
  const picture = await pictureJpeg(800, 450, { r: 214, g: 232, b: 246 });
  const second = await pictureJpeg(450, 800, { r: 246, g: 226, b: 200 });
  const presentation = await createPresentation(apiOf(orgAdmin), 'Line check', [
    { filename: 'one.jpg', content_type: 'image/jpeg', bytes: picture, thumb: await thumbnailOf(picture), description: 'First', shapes: [] },
    { filename: 'two.jpg', content_type: 'image/jpeg', bytes: second, thumb: await thumbnailOf(second), description: 'Second', shapes: [] },
  ]);
  const first = presentation.contents.pages[presentation.contents.page_index[0]!]!;
  const firstImage = `documentation/documents/${presentation.id}/media/${first.media}`;
  await signInWithToken(page, orgAdmin.token);
  const reads = apiReads(page);
  const release = await holdViewer(page);
  await page.goto(`/documentation/view/${presentation.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'View Line check' })).toBeVisible();
  await expect.poll(() => reads.filter((read) => read === firstImage)).toHaveLength(1);

  release();
  await expect(page.locator('.pv-canvas')).toHaveAttribute('data-page-width', '800');
  // The viewer drew from the read that had left: the first image was asked for once.
  expect(reads.filter((read) => read === firstImage)).toHaveLength(1);
});
