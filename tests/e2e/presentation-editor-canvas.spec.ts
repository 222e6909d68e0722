/**
 * The presentation editor tells the truth (issue #32 "Editors that tell the truth"): a shape is never drawn
 * or dragged outside the page's picture (a click on the dark letterbox around it places nothing, a drag
 * stops at the picture's edge), and its toolbars are one style — every page and tool button drawn alike,
 * the description's formatting bar on one row at 1280 px. Axe at desktop and phone width.
 */
import type { Page } from '@playwright/test';
import { addPages, box, canvas, createPresentation, drag, drawn, drawPicture, openEditor, pagesOf, place, stored } from './support/presentation-editor.ts';
import { expect, expectAccessible, expectNoHorizontalScroll, test, usePhoneViewport } from './support/test.ts';

/** Where the page's picture is drawn on screen: fitted into the canvas and centred (zoom 1). */
async function pictureOnScreen(page: Page) {
  const c = await box(canvas(page));
  const width = Number(await canvas(page).getAttribute('data-page-width'));
  const height = Number(await canvas(page).getAttribute('data-page-height'));
  const scale = Math.min(c.width / width, c.height / height);
  const x = c.x + (c.width - width * scale) / 2;
  const y = c.y + (c.height - height * scale) / 2;
  return { x, y, width: width * scale, height: height * scale, page: { width, height } };
}

test('a shape stays on the picture: a click on the letterbox places none, a drag stops at the edge', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const doc = await createPresentation(orgAdmin.token, 'Tall stairs');
  await openEditor(page, orgAdmin.token, doc.id);
  // A portrait picture in a landscape canvas: dark bands left and right of it.
  await addPages(page, [{ name: 'stairs.png', mimeType: 'image/png', buffer: await drawPicture(page, 1000, 2000, 'image/png') }], 1);
  await page.locator('.page-thumb').nth(0).getByRole('button').click();
  await expect(canvas(page)).toHaveAttribute('data-has-image', 'true');
  await canvas(page).scrollIntoViewIfNeeded();
  let picture = await pictureOnScreen(page);
  let c = await box(canvas(page));
  expect(picture.x - c.x, 'a band left of the picture').toBeGreaterThan(40);

  // The letterbox: nothing placed.
  await place(page, 'Rectangle', (picture.x - c.x) / 2, c.height / 2);
  await page.waitForTimeout(300);
  expect(await drawn(page)).toHaveLength(0);

  // On the picture, near its right edge: placed wholly on it.
  await place(page, 'Rectangle', picture.x - c.x + picture.width - 5, c.height / 2);
  await expect.poll(async () => (await drawn(page)).length).toBe(1);
  // Dragged by its middle far to the right, into the band and beyond: it stops at the picture's edge.
  const shapeId = (await drawn(page))[0]!.id;
  await expect(canvas(page)).toHaveAttribute('data-selected-shape', shapeId);
  const start = await shapeBox(page, doc.id, orgAdmin.token);
  expect(start.x + start.width).toBeLessThanOrEqual(picture.page.width + 0.001);
  // Where things are now (placing scrolled the canvas into view).
  picture = await pictureOnScreen(page);
  c = await box(canvas(page));
  const scale = picture.width / picture.page.width;
  const middle = { x: picture.x + (start.x + start.width / 2) * scale, y: picture.y + (start.y + start.height / 2) * scale };
  await drag(page, middle, { x: c.x + c.width - 5, y: middle.y + 40 });
  await expect.poll(async () => (await shapeBox(page, doc.id, orgAdmin.token)).y).toBeGreaterThan(start.y); // the drag moved it down
  const moved = await shapeBox(page, doc.id, orgAdmin.token);
  expect(moved.x).toBeGreaterThanOrEqual(0);
  expect(moved.x + moved.width).toBeLessThanOrEqual(picture.page.width + 0.001);

  // Arrow keys stop at the edge too.
  await canvas(page).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await shapeBox(page, doc.id, orgAdmin.token)).y).toBeGreaterThan(moved.y);
  const nudged = await shapeBox(page, doc.id, orgAdmin.token);
  expect(nudged.x + nudged.width).toBeLessThanOrEqual(picture.page.width + 0.001);
});

async function shapeBox(page: Page, id: string, token: string) {
  await expect(page.locator('.draft-status')).toHaveText('Draft saved', { timeout: 15_000 });
  const draft = (await stored(token, id)).draft_contents!;
  return pagesOf(draft)[0]!.shapes[0]!;
}

for (const width of [1280, 390]) {
  test(`the toolbars are one style; the formatting bar is one row at 1280 px (${width} px)`, async ({ page, orgAdmin }) => {
    test.setTimeout(120_000);
    if (width === 390) await usePhoneViewport(page);
    else await page.setViewportSize({ width: 1280, height: 800 });
    const doc = await createPresentation(orgAdmin.token, 'Toolbar walk');
    await openEditor(page, orgAdmin.token, doc.id);
    const picture = await drawPicture(page, 1200, 800, 'image/jpeg');
    await addPages(page, [{ name: 'a.jpg', mimeType: 'image/jpeg', buffer: picture }, { name: 'b.jpg', mimeType: 'image/jpeg', buffer: picture }], 2);
    await page.locator('.page-thumb').nth(1).getByRole('button').click();
    await place(page, 'Ellipse', 80, 80);

    // Every button of the page toolbar is drawn alike: a border, the same height, the same weight.
    const looks = await page.locator('.pres-toolbar button').evaluateAll((buttons) =>
      buttons.map((b) => {
        const s = getComputedStyle(b);
        const border = s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) > 0 && !/rgba\(.*, 0\)$|transparent/.test(s.borderTopColor);
        return { name: b.textContent?.trim(), border, height: Math.round(b.getBoundingClientRect().height), size: s.fontSize, weight: s.fontWeight, radius: s.borderTopLeftRadius };
      }),
    );
    expect(looks.map((l) => l.name)).toEqual(expect.arrayContaining(['Add pages', 'Move page earlier', 'Move page later', 'Undo']));
    const first = looks[0]!;
    for (const look of looks) expect({ ...look, name: first.name }, `${look.name} looks like ${first.name}`).toEqual(first);
    expect(first.border, 'a visible border').toBe(true);

    // The formatting bar: one row at 1280 px, outside a table and inside one.
    const bar = page.getByRole('toolbar', { name: 'Description formatting' });
    const rows = async () => new Set(await bar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)))).size;
    if (width === 1280) expect(await rows()).toBe(1);
    await page.locator('.description-text').click();
    await page.getByRole('button', { name: 'Insert table' }).click();
    await expect(page.locator('.description-text table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add row' })).toBeEnabled();
    if (width === 1280) expect(await rows()).toBe(1);
    // No button of the bar covers another, and the page does not scroll sideways.
    const boxes = await bar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
    for (const [i, a] of boxes.entries()) for (const b of boxes.slice(i + 1)) expect(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
}
