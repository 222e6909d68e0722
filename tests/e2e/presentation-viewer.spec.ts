/**
 * The presentation viewer (issue #14; documentation §2 "Viewer", §4 "Presentation view", §9): a
 * presentation made over the API with real files — a landscape and a portrait JPEG with 256×256
 * thumbnails and a PDF, uploaded through the signed-upload flow — and shapes of every kind. The viewer
 * shows the strip (the thumbnails, not the pages), draws the page and its shapes on the Konva stage (read
 * back from the data the canvas publishes from its own nodes), renders the markdown description safely,
 * zooms to a shape selected twice, moves between pages with the arrow keys, downloads the PDF, plays a
 * video page inline (seeking by range requests), and says
 * '--Empty--' for a presentation without pages; axe at desktop and phone width.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import {
  createPresentation,
  onePagePdf,
  pictureJpeg,
  shape,
  thumbnailOf,
  type PresentationApi,
  type StoredPresentation,
} from '../bench/presentation-viewer-fixture.ts';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport, type OrgAdmin } from './support/test.ts';

const apiOf = (admin: OrgAdmin): PresentationApi => ({
  origin: baseUrl(),
  call: <T>(method: string, path: string, json?: unknown) => callApi<T>(path, { token: admin.token, method, json }),
});

const DESCRIPTION = [
  '# Assembly line',
  '',
  'Check the **guards** before the shift.',
  '',
  '| Part | Qty |',
  '|------|-----|',
  '| Bolt | 4 |',
  '',
  '~~Old procedure~~',
  '',
  '- [x] Guards fitted',
  '- [ ] Floor swept',
  '',
  '<script>window.__pwned = "script"</script>',
  '',
  'Hello <img src="x" onerror="window.__pwned = \'img\'">',
].join('\n');

async function threePages(admin: OrgAdmin, name: string): Promise<StoredPresentation> {
  const landscape = await pictureJpeg(1200, 675, { r: 214, g: 232, b: 246 });
  const portrait = await pictureJpeg(600, 900, { r: 246, g: 226, b: 200 });
  return createPresentation(apiOf(admin), name, [
    {
      filename: 'line.jpg',
      content_type: 'image/jpeg',
      bytes: landscape,
      thumb: await thumbnailOf(landscape),
      description: DESCRIPTION,
      shapes: [
        shape('s-rect', 'rectangle', { x: 520, y: 300, width: 160, height: 90, color: 'red', strokeWidth: 3, description: 'Loose bolt' }),
        shape('s-ellipse', 'ellipse', { x: 100, y: 80, width: 140, height: 100, color: 'blue', strokeWidth: 1, rotation: 30 }),
        shape('s-arrow', 'arrow', { x: 800, y: 500, width: 200, height: 40, color: 'green', strokeWidth: 5, rotation: -45, description: 'Flow direction' }),
      ],
    },
    {
      filename: 'tower.jpg',
      content_type: 'image/jpeg',
      bytes: portrait,
      thumb: await thumbnailOf(portrait),
      description: 'Cooling tower\nSecond line is not the title',
      shapes: [shape('s-tower', 'rectangle', { x: 200, y: 300, width: 200, height: 300, color: 'yellow', strokeWidth: 2, description: 'Inlet' })],
    },
    { filename: 'safety.pdf', content_type: 'application/pdf', bytes: onePagePdf(), description: 'Safety sheet' },
  ]);
}

const strip = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const canvas = (page: Page) => page.locator('.pv-canvas');
const viewer = (page: Page) => page.locator('.presentation-viewer');

interface DrawnShape {
  id: string;
  kind: string;
  color: string;
  strokeWidth: number;
  rotation: number;
  selected: boolean;
}

const drawn = async (page: Page): Promise<DrawnShape[]> => JSON.parse((await canvas(page).getAttribute('data-shapes')) ?? '[]') as DrawnShape[];

async function openViewer(page: Page, admin: OrgAdmin, doc: StoredPresentation): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `View ${doc.name}` })).toBeVisible({ timeout: 20_000 });
}

test('a presentation shows its strip, its page with shapes and a safe markdown description', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const doc = await threePages(orgAdmin, 'Plant tour');
  const thumbs = doc.contents.page_index.map((id) => doc.contents.pages[id]!.media_thumb);
  const mediaRequests: string[] = [];
  const events: string[] = []; // in the order the browser saw them
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.includes('/media')) mediaRequests.push(path);
    if (path.endsWith(`/media/${doc.contents.pages['page-1']!.media}`)) events.push('page image asked');
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/media-urls')) events.push('media-urls answered');
  });
  await openViewer(page, orgAdmin, doc);

  // The strip: one button per page, named by the first line of its description; the first is current.
  const buttons = strip(page).getByRole('button');
  await expect(buttons).toHaveCount(3);
  await expect(buttons.nth(0)).toHaveAccessibleName('Page 1: Assembly line');
  await expect(buttons.nth(1)).toHaveAccessibleName('Page 2: Cooling tower');
  await expect(buttons.nth(2)).toHaveAccessibleName('Page 3: Safety sheet');
  await expect(buttons.nth(0)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Page 1 of 3')).toBeVisible();

  // Thumbnails, not the pages, fill the strip: each <img> shows the thumbnail upload (256×256).
  const images = strip(page).locator('img');
  await expect(images).toHaveCount(2);
  for (let i = 0; i < 2; i++) {
    await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(256);
    expect(await images.nth(i).getAttribute('src')).toContain(thumbs[i]!);
  }
  const pdfThumb = buttons.nth(2);
  await expect(pdfThumb.getByText('PDF')).toBeVisible();

  // The page image on the Konva stage, at its own size, with its three shapes as drawn by Konva.
  await expect(viewer(page)).toHaveAttribute('data-image-ready', 'true', { timeout: 20_000 });
  await expect(canvas(page)).toHaveAttribute('data-page-width', '1200');
  await expect(canvas(page)).toHaveAttribute('data-page-height', '675');
  await expect(canvas(page)).toHaveAttribute('data-zoom', '1');
  expect(await drawn(page)).toEqual([
    { id: 's-rect', kind: 'rectangle', color: 'red', strokeWidth: 3, rotation: 0, selected: false },
    { id: 's-ellipse', kind: 'ellipse', color: 'blue', strokeWidth: 1, rotation: 30, selected: false },
    { id: 's-arrow', kind: 'arrow', color: 'green', strokeWidth: 5, rotation: -45, selected: false },
  ]);
  await expect(canvas(page)).toHaveAccessibleName('Page 1: Assembly line, 3 annotations');
  // The canvas really painted: the middle of the page is the picture's dark block, not the empty stage.
  const middle = await canvas(page).evaluate((box) => {
    const layers = [...box.querySelectorAll('canvas')];
    const picture = layers[0]!;
    const pixel = picture.getContext('2d')!.getImageData(Math.floor(picture.width / 2), Math.floor(picture.height / 2), 1, 1).data;
    return [pixel[0], pixel[1], pixel[2], pixel[3]];
  });
  expect(middle[3]).toBe(255);
  expect(middle[0]).toBeLessThan(80); // the block (30, 34, 56), JPEG-softened

  // The page's file is read straight with the token, without waiting for the thumbnails' media-urls
  // answer (one API level after the document, not two); no other page's full image is in the strip.
  expect(events.indexOf('page image asked')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('page image asked')).toBeLessThan(events.indexOf('media-urls answered'));
  expect(mediaRequests.some((p) => p.endsWith(`/media/${doc.contents.pages['page-2']!.media}`) && p.includes('/api/v1/media/'))).toBe(false);

  // Markdown: a heading, the table, strikethrough and the task list; raw HTML is text, never run.
  const description = page.locator('.pv-description');
  await expect(description.getByRole('heading', { name: 'Assembly line' })).toBeVisible();
  await expect(description.getByRole('table')).toBeVisible();
  await expect(description.getByRole('columnheader', { name: 'Part' })).toBeVisible();
  await expect(description.getByRole('cell', { name: 'Bolt' })).toBeVisible();
  await expect(description.locator('del')).toHaveText('Old procedure');
  await expect(description.getByRole('checkbox', { name: 'Done: Guards fitted' })).toBeChecked();
  await expect(description.getByRole('checkbox', { name: 'Not done: Floor swept' })).not.toBeChecked();
  await expect(description.getByRole('checkbox').first()).toBeDisabled();
  await expect(description).toContainText('<script>window.__pwned = "script"</script>');
  await expect(description.locator('script, img, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

  // The annotation list: a first select selects, the second zooms to 2× onto the shape.
  const annotations = page.getByRole('complementary', { name: 'Annotations' });
  const loose = annotations.getByRole('button', { name: 'Loose bolt' });
  await expect(annotations.getByRole('button', { name: 'Blue ellipse' })).toBeVisible();
  await loose.click();
  await expect(loose).toHaveAttribute('aria-pressed', 'true');
  expect((await drawn(page)).find((s) => s.id === 's-rect')?.selected).toBe(true);
  await expect(canvas(page)).toHaveAttribute('data-zoom', '1');
  await loose.click();
  await expect(canvas(page)).toHaveAttribute('data-zoom', '2');
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(canvas(page)).toHaveAttribute('data-zoom', '1');

  // A shape on the canvas selected twice zooms too (hit where Konva drew it).
  const box = (await canvas(page).boundingBox())!;
  const scale = Math.min(box.width / 1200, box.height / 675);
  const left = box.x + (box.width - 1200 * scale) / 2;
  const top = box.y + (box.height - 675 * scale) / 2;
  const rectEdge = { x: left + (520 + 80) * scale, y: top + 300 * scale }; // the top edge of 'Loose bolt'
  await page.mouse.click(left + 1150 * scale, top + 40 * scale); // the page around the shapes: nothing selected
  await expect(loose).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.click(rectEdge.x, rectEdge.y);
  await expect(loose).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.click(rectEdge.x, rectEdge.y);
  await expect(canvas(page)).toHaveAttribute('data-zoom', '2');

  // Selecting the thumbnail (the current page too) resets the zoom; the wheel zooms, never below 1.
  await buttons.nth(0).click();
  await expect(canvas(page)).toHaveAttribute('data-zoom', '1');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(1.5);
  await page.mouse.wheel(0, 2000);
  await expect(canvas(page)).toHaveAttribute('data-zoom', '1');

  await expectAccessible(page);
});

test('arrow keys move between pages; a PDF page downloads from the toolbar', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const doc = await threePages(orgAdmin, 'Walkthrough');
  await openViewer(page, orgAdmin, doc);
  await expect(viewer(page)).toHaveAttribute('data-image-ready', 'true', { timeout: 20_000 });
  const buttons = strip(page).getByRole('button');

  await page.keyboard.press('ArrowRight');
  await expect(buttons.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(viewer(page)).toHaveAttribute('data-image-ready', 'true', { timeout: 20_000 });
  await expect(canvas(page)).toHaveAttribute('data-page-width', '600');
  await expect(canvas(page)).toHaveAttribute('data-page-height', '900');
  expect((await drawn(page)).map((s) => [s.id, s.kind, s.color])).toEqual([['s-tower', 'rectangle', 'yellow']]);
  await expect(page.locator('.pv-description')).toContainText('Cooling tower');
  await expect(page.getByRole('button', { name: 'Download' })).toBeHidden();

  await page.keyboard.press('ArrowRight');
  await expect(buttons.nth(2)).toHaveAttribute('aria-current', 'page');
  await expect(canvas(page)).toBeHidden();
  await expect(page.locator('.pv-media')).toContainText('safety.pdf');
  const download = page.getByRole('button', { name: 'Download safety.pdf' });
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('safety.pdf');
  const saved = await file.path();
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // At the last page ArrowRight stays; ArrowLeft goes back. In the strip, focus follows the page.
  await page.keyboard.press('ArrowRight');
  await expect(buttons.nth(2)).toHaveAttribute('aria-current', 'page');
  await buttons.nth(2).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(buttons.nth(1)).toHaveAttribute('aria-current', 'page');
  await expect(buttons.nth(1)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(buttons.nth(0)).toHaveAttribute('aria-current', 'page');
  await expect(buttons.nth(0)).toBeFocused();

  // The annotation panel's handle is a keyboard separator: its arrows resize, they do not change page.
  const handle = page.getByRole('separator', { name: 'Resize the annotation panel' });
  const before = Number(await handle.getAttribute('aria-valuenow'));
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 16));
  await page.keyboard.press('Home');
  await expect(handle).toHaveAttribute('aria-valuenow', '5');
  await expect(buttons.nth(0)).toHaveAttribute('aria-current', 'page');
});

test('a video page plays inline from its media address: metadata read, seeking by range requests, downloadable', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  // tests/e2e/fixtures/clip.mp4: 2 s of H.264 (160×90, 10 fps, faststart), made with
  // ffmpeg -f lavfi -i testsrc=size=160x90:rate=10:duration=2 -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 35 -movflags +faststart
  const clip = readFileSync(new URL('./fixtures/clip.mp4', import.meta.url));
  const doc = await createPresentation(apiOf(orgAdmin), 'Induction video', [
    { filename: 'clip.mp4', content_type: 'video/mp4', bytes: clip, description: 'Watch before the shift' },
  ]);
  const ranges: string[] = [];
  page.on('response', (response) => {
    if (response.request().headers()['range'] !== undefined) ranges.push(`${response.status()} ${response.headers()['content-range'] ?? ''}`);
  });
  await openViewer(page, orgAdmin, doc);
  await expect(strip(page).getByRole('button').first()).toContainText('Video');
  await expect(canvas(page)).toBeHidden();
  const video = page.locator('.pv-media video');
  await expect(video).toHaveAttribute('aria-label', 'clip.mp4');

  // The browser reads the file's metadata from the address the viewer set: 2 s, 160×90.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => [Math.round(v.duration), v.videoWidth, v.videoHeight])).toEqual([2, 160, 90]);

  // Seeking to the middle: the media route answers the browser's range requests (206 with Content-Range).
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve, reject) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.addEventListener('error', () => reject(new Error(`video error ${v.error?.code}`)), { once: true });
        v.currentTime = 1.2;
      }),
  );
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(1.2, 1);
  expect(ranges.some((r) => r.startsWith('206 bytes '))).toBe(true);

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download clip.mp4' }).click()]);
  expect(file.suggestedFilename()).toBe('clip.mp4');
  expect(readFileSync(await file.path()).equals(clip)).toBe(true);
  await expectAccessible(page);
});

test('a portrait page’s thumbnail fills its frame without grey slivers (issue #43 item 18)', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const doc = await threePages(orgAdmin, 'Portrait tour');
  await openViewer(page, orgAdmin, doc);
  const portrait = strip(page).getByRole('button').nth(1).locator('.pv-thumb-picture');
  const image = portrait.locator('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(256);
  // The thumbnail is the page centred on white (256×256); the frame around it must be that white, not the grey of the page.
  const shot = await sharp(await portrait.screenshot()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = shot.info;
  const pixel = (x: number, y: number) => [...shot.data.subarray((y * width + x) * 3, (y * width + x) * 3 + 3)];
  const frame = (await portrait.boundingBox())!;
  const picture = (await image.boundingBox())!;
  expect(picture.width).toBeLessThan(frame.width - 8); // a square picture in a wider frame: there are edges to see
  for (const [x, y] of [[2, height >> 1], [width - 3, height >> 1], [width >> 3, 2], [width - (width >> 3), height - 3]] as const) {
    for (const channel of pixel(x, y)) expect(channel, `the frame at ${x},${y}`).toBeGreaterThanOrEqual(250);
  }
});

test('at phone width the panels stack and nothing scrolls sideways', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const doc = await threePages(orgAdmin, 'Phone tour');
  await usePhoneViewport(page);
  await openViewer(page, orgAdmin, doc);
  await expect(viewer(page)).toHaveAttribute('data-image-ready', 'true', { timeout: 20_000 });
  await expectNoHorizontalScroll(page);
  const stage = (await page.locator('.pv-stage-area').boundingBox())!;
  const panel = (await page.getByRole('complementary', { name: 'Annotations' }).boundingBox())!;
  const pages = (await strip(page).boundingBox())!;
  expect(panel.y).toBeGreaterThanOrEqual(stage.y + stage.height - 1);
  expect(pages.y).toBeGreaterThanOrEqual(panel.y + panel.height - 1);
  expect(stage.width).toBeGreaterThan(300);
  await expect(page.getByRole('separator')).toHaveCount(0); // the handles give way to the page's scroll
  await expectAccessible(page);
});

test("a presentation without pages says '--Empty--'", async ({ page, orgAdmin }) => {
  const doc = await createPresentation(apiOf(orgAdmin), 'Nothing yet', []);
  await openViewer(page, orgAdmin, doc);
  await expect(page.getByText('--Empty--', { exact: true })).toBeVisible();
  await expect(strip(page)).toHaveCount(0);
  await expectAccessible(page);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('two fingers pinch the page in and out, never below zoom 1', async ({ page, orgAdmin }) => {
    test.setTimeout(120_000);
    const doc = await threePages(orgAdmin, 'Pinch tour');
    await openViewer(page, orgAdmin, doc);
    await expect(viewer(page)).toHaveAttribute('data-image-ready', 'true', { timeout: 20_000 });
    const box = (await canvas(page).boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', apart: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: cx - apart / 2, y: cy, id: 1 }, { x: cx + apart / 2, y: cy, id: 2 }],
      });
    const pinch = async (from: number, to: number) => {
      await touch('touchStart', from);
      for (let step = 1; step <= 5; step++) await touch('touchMove', from + ((to - from) * step) / 5);
      await touch('touchEnd', to);
    };
    await pinch(60, 180);
    await expect.poll(async () => Number(await canvas(page).getAttribute('data-zoom'))).toBeGreaterThan(2);
    await pinch(200, 20);
    await expect(canvas(page)).toHaveAttribute('data-zoom', '1');
  });
});
