/**
 * The presentation editor (issue #14; documentation §2 "Presentation editor", §4 "Remove page", "Replace
 * page", "Presentation view", §5 image compression): a presentation made over the API, three files added
 * at once (a portrait picture, a landscape picture and a PDF, the pictures drawn in the browser), their
 * compressed sizes and 256×256 thumbnails read back from the server, a shape of each kind drawn, one moved,
 * resized and rotated with the mouse and given a colour, a stroke width and a description, a page
 * description with a table and a task list, published and all of it seen again after a reload (over the
 * API, in the editor and in the viewer); then a page replaced and one removed through their two-step
 * confirmations; axe at desktop and phone width.
 */
import { alertText, dialogNamed } from './support/checklist-editor.ts';
import { addPages, box, canvas, centreOf, createPresentation, drag, drawn, drawPicture, jpegSize, mediaBytes, openEditor, pagesOf, PDF, place, stored, thumbs } from './support/presentation-editor.ts';
import { expect, expectAccessible, expectNoHorizontalScroll, test, usePhoneViewport } from './support/test.ts';

test('builds a presentation: three files, shapes, a description with a table and a task list; published and seen again after a reload', async ({ page, orgAdmin }) => {
  test.setTimeout(240_000);
  const doc = await createPresentation(orgAdmin.token, 'Loading bay tour');
  await openEditor(page, orgAdmin.token, doc.id);
  await expect(page.getByText('--Empty--')).toBeVisible();
  await expect(page.locator('.draft-status')).toHaveText('No unpublished changes');

  // A portrait PNG (1500×3000), a landscape JPEG (4000×3000) and a PDF, added at once.
  const portrait = await drawPicture(page, 1500, 3000, 'image/png');
  const landscape = await drawPicture(page, 4000, 3000, 'image/jpeg');
  await addPages(
    page,
    [
      { name: 'stairs.png', mimeType: 'image/png', buffer: portrait },
      { name: 'yard.jpg', mimeType: 'image/jpeg', buffer: landscape },
      { name: 'rules.pdf', mimeType: 'application/pdf', buffer: PDF },
    ],
    3,
  );

  // The draft holds the three pages: pictures compressed (quality 0.6) within 1440×2560 portrait and
  // 2560×1440 landscape, with 256×256 thumbnails; the PDF as it was, without a thumbnail.
  const draft = (await stored(orgAdmin.token, doc.id)).draft_contents!;
  const [stairs, yard, rules] = pagesOf(draft);
  expect([stairs!.filename, yard!.filename, rules!.filename]).toEqual(['stairs.jpg', 'yard.jpg', 'rules.pdf']);
  expect([stairs!.content_type, yard!.content_type, rules!.content_type]).toEqual(['image/jpeg', 'image/jpeg', 'application/pdf']);
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, stairs!.media))).toEqual({ width: 1280, height: 2560 });
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, yard!.media))).toEqual({ width: 1920, height: 1440 });
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, stairs!.media_thumb!))).toEqual({ width: 256, height: 256 });
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, yard!.media_thumb!))).toEqual({ width: 256, height: 256 });
  expect(rules!.media_thumb).toBeNull();
  // Both pictures are larger than 1,280 px: each has its phone-size picture (tests/e2e/presentation-small-picture.spec.ts).
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, stairs!.media_small!))).toEqual({ width: 640, height: 1280 });
  expect(jpegSize(await mediaBytes(orgAdmin.token, doc.id, yard!.media_small!))).toEqual({ width: 1280, height: 960 });
  expect(rules).not.toHaveProperty('media_small');
  // Each picture's size is stored with its page (issue #31: the viewer and the first HTML lay it out before it arrives).
  expect([stairs!.width, stairs!.height, yard!.width, yard!.height]).toEqual([1280, 2560, 1920, 1440]);
  expect(rules).not.toHaveProperty('width');
  expect((await mediaBytes(orgAdmin.token, doc.id, rules!.media)).equals(PDF)).toBe(true);
  expect(yard!.size).toBeLessThan(landscape.length);

  // The landscape page: one shape of each kind. A new shape is selected and the tool goes back to Select.
  await thumbs(page).nth(1).getByRole('button').click();
  await expect(canvas(page)).toHaveAttribute('data-page-width', '1920');
  await expect(canvas(page)).toHaveAttribute('data-has-image', 'true');
  await place(page, 'Rectangle', 120, 100);
  await expect.poll(async () => (await drawn(page)).map((s) => [s.kind, s.selected])).toEqual([['rectangle', true]]);
  await expect(page.getByRole('button', { name: 'Select', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await place(page, 'Ellipse', 260, 100);
  await place(page, 'Arrow', 200, 220);
  await expect.poll(async () => (await drawn(page)).map((s) => s.kind)).toEqual(['rectangle', 'ellipse', 'arrow']);
  const shapesPanel = page.getByRole('region', { name: 'Annotations' });
  await expect(shapesPanel.getByRole('listitem')).toHaveCount(3);

  // The rectangle: moved, resized by its bottom right corner, turned by its rotate handle.
  await shapesPanel.getByRole('button', { name: 'Red rectangle' }) /* THE shape name, as the viewer says it (issue #43) */.click();
  const c = await box(canvas(page));
  await drag(page, { x: c.x + 120, y: c.y + 100 }, { x: c.x + 150, y: c.y + 120 }); // centre 150,120; 60×60 on screen
  await drag(page, { x: c.x + 180, y: c.y + 150 }, { x: c.x + 220, y: c.y + 170 }); // corner → 100×80, centre 170,130
  await drag(page, { x: c.x + 170, y: c.y + 90 - 28 }, { x: c.x + 300, y: c.y + 130 }); // the knob, to the right: 90°
  await expect.poll(async () => Math.round((await drawn(page))[0]!.rotation)).toBe(90);
  // Colour, stroke width and description.
  const fields = page.locator('.shape-fields');
  await fields.getByLabel('Colour').selectOption('blue');
  await fields.getByLabel('Stroke width').selectOption('3');
  await fields.getByLabel('Shape description').fill('Fire door');
  await expect.poll(async () => (await drawn(page))[0]).toMatchObject({ color: 'blue', strokeWidth: 3 });

  // Undo takes the description back, Redo brings it again (the canvas has the focus, not the field).
  await canvas(page).focus();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(fields.getByLabel('Shape description')).toHaveValue('');
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(fields.getByLabel('Shape description')).toHaveValue('Fire door');

  // The page description: a line, a task list and a table.
  const description = page.locator('.description-text');
  await description.click();
  await page.keyboard.type('Yard entrance');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Task list' }).click();
  await page.keyboard.type('Sweep the floor');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Lock the door');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Insert table' }).click();
  for (const [i, text] of ['Item', 'Count', 'Pallets', '4'].entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await description.locator('ul[data-type="taskList"] input[type="checkbox"]').nth(1).check();
  await expect(thumbs(page).nth(1)).toContainText('Yard entrance');

  // Publish (the uploads are in; progress, then 'Publish Successful!').
  await page.getByRole('button', { name: 'Publish…' }).click();
  await dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Publish', exact: true }).click();
  const log = dialogNamed(page, 'Publish');
  await log.getByLabel('Change log (optional)').fill('Three pages and the yard annotated');
  await log.getByRole('button', { name: /^Publish version/ }).click();
  await expect(alertText(page, 'Publish Successful!')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.draft-status')).toHaveText('No unpublished changes');

  // Over the API: the published contents.
  const published = await stored(orgAdmin.token, doc.id);
  expect(published.version).toBe(doc.version + 1);
  expect(published.draft_contents).toBeNull();
  const pages = pagesOf(published.contents);
  expect(pages.map((p) => p.filename)).toEqual(['stairs.jpg', 'yard.jpg', 'rules.pdf']);
  const shapes = pages[1]!.shapes;
  expect(shapes.map((s) => s.shape)).toEqual(['rectangle', 'ellipse', 'arrow']);
  expect(shapes.map((s) => s.color)).toEqual(['blue', 'red', 'red']);
  expect(shapes.map((s) => s.strokeWidth)).toEqual([3, 1, 1]);
  expect(shapes[0]!.description).toBe('Fire door');
  expect(Math.round(shapes[0]!.rotation)).toBe(90);
  // 60 screen pixels at the fitted scale, then 100×80 after the corner was pulled by (40, 20).
  const scale = shapes[1]!.width / 60;
  expect(shapes[0]!.width / scale).toBeCloseTo(100, 0);
  expect(shapes[0]!.height / scale).toBeCloseTo(80, 0);
  expect(shapes[1]!.width).toBeCloseTo(shapes[1]!.height, 5);
  for (const shape of shapes) expect(shape).not.toHaveProperty('selected');
  const markdown = pages[1]!.description;
  expect(markdown).toMatch(/^Yard entrance/);
  expect(markdown).toContain('- [ ] Sweep the floor');
  expect(markdown).toContain('- [x] Lock the door');
  expect(markdown).toMatch(/\| Item\s*\| Count\s*\|/);
  expect(markdown).toMatch(/\| Pallets\s*\| 4\s*\|/);

  // After a reload the editor shows it all again.
  await page.reload();
  await expect(thumbs(page)).toHaveCount(3);
  await expect(thumbs(page).nth(1)).toContainText('Yard entrance');
  await expect(thumbs(page).nth(0).locator('img')).toHaveJSProperty('naturalWidth', 256);
  await thumbs(page).nth(1).getByRole('button').click();
  await expect.poll(async () => (await drawn(page)).map((s) => `${s.kind}:${s.color}:${s.strokeWidth}`)).toEqual(['rectangle:blue:3', 'ellipse:red:1', 'arrow:red:1']);
  await expect(page.locator('.description-text table')).toBeVisible();
  await expect(page.locator('.description-text ul[data-type="taskList"] li')).toHaveCount(2);

  // And in the viewer.
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.locator('[data-shapes]').first()).toBeAttached({ timeout: 30_000 });
});

test('replaces and removes pages, each after two confirmations; a page only queued is dropped locally', async ({ page, orgAdmin }) => {
  test.setTimeout(180_000);
  const doc = await createPresentation(orgAdmin.token, 'Safety walk');
  await openEditor(page, orgAdmin.token, doc.id);
  const small = await drawPicture(page, 800, 600, 'image/png');
  await addPages(
    page,
    [
      { name: 'one.png', mimeType: 'image/png', buffer: small },
      { name: 'two.png', mimeType: 'image/png', buffer: small },
      { name: 'three.pdf', mimeType: 'application/pdf', buffer: PDF },
    ],
    3,
  );

  // The intake refuses what the server would refuse, naming the file.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add pages' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(alertText(page, "'notes.txt' cannot be added: only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be pages.")).toBeVisible();
  await expect(thumbs(page)).toHaveCount(3);

  // Replace page 3 (the PDF) by a picture: choose, confirm, REALLY confirm.
  await thumbs(page).nth(2).getByRole('button').click();
  const replaceButton = page.getByRole('button', { name: 'Replace page' });
  await replaceButton.click();
  const replace = dialogNamed(page, 'Replace page');
  await expect(replace.getByText(/Replace the file of page 3/)).toBeVisible();
  await replace.getByLabel('New file').setInputFiles({ name: 'three.png', mimeType: 'image/png', buffer: small });
  await replace.getByRole('button', { name: 'Replace', exact: true }).click();
  await expect(replace.getByText(/Are you REALLY sure\?/)).toBeVisible();
  await replace.getByRole('button', { name: 'Yes, Replace Page' }).click();
  await expect(replace).toBeHidden();
  await expect(page.locator('.thumb-progress')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('.draft-status')).toHaveText('Draft saved', { timeout: 30_000 });
  await expect
    .poll(async () => pagesOf((await stored(orgAdmin.token, doc.id)).draft_contents!).map((p) => `${p.filename}:${p.content_type}`))
    .toEqual(['one.jpg:image/jpeg', 'two.jpg:image/jpeg', 'three.jpg:image/jpeg']);
  await expect(canvas(page)).toHaveAttribute('data-page-width', '800');

  // Remove page 2: Cancel leaves it; then confirm twice. The draft is saved without it, the selection moves to page 1.
  await thumbs(page).nth(1).getByRole('button').click();
  await page.getByRole('button', { name: 'Remove page' }).click();
  let remove = dialogNamed(page, 'Remove page');
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeHidden();
  await expect(thumbs(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove page' }).click();
  remove = dialogNamed(page, 'Remove page');
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(remove.getByText(/Are you REALLY sure\?/)).toBeVisible();
  await expectAccessible(page);
  await remove.getByRole('button', { name: 'Yes, Remove Page' }).click();
  await expect(remove).toBeHidden();
  await expect(thumbs(page)).toHaveCount(2);
  await expect(thumbs(page).nth(0).getByRole('button')).toHaveAttribute('aria-current', 'page');
  expect(pagesOf((await stored(orgAdmin.token, doc.id)).draft_contents!).map((p) => p.filename)).toEqual(['one.jpg', 'three.jpg']);

  // Reorder with the keyboard alternative, then with a drag of the thumbnail.
  await page.getByRole('button', { name: 'Move page later' }).click();
  await expect(thumbs(page).nth(1)).toContainText('one.jpg');
  await drag(page, await centreOf(thumbs(page).nth(1)), await centreOf(thumbs(page).nth(0), -20));
  await expect(thumbs(page).nth(0)).toContainText('one.jpg');

  // Delete removes the selected shape.
  await place(page, 'Rectangle', 100, 100);
  await expect.poll(async () => (await drawn(page)).length).toBe(1);
  await canvas(page).focus();
  await page.keyboard.press('Delete');
  await expect.poll(async () => (await drawn(page)).length).toBe(0);

  // A page still queued (its upload held back here) is dropped locally, without asking the server.
  await page.route('**/sign-content-upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => undefined);
  });
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add pages' }).click();
  await (await chooser2).setFiles({ name: 'late.png', mimeType: 'image/png', buffer: small });
  await expect(page.locator('.page-thumb[data-queued]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Remove page' }).click();
  remove = dialogNamed(page, 'Remove page');
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await remove.getByRole('button', { name: 'Yes, Remove Page' }).click();
  await expect(thumbs(page)).toHaveCount(2);
  await page.unroute('**/sign-content-upload');
});

test("failures: 'Upload failed, something went wrong.' and a try again; a page removal refused shows the server's detail in the dialog", async ({ page, orgAdmin, expectPageProblem }) => {
  test.setTimeout(120_000);
  expectPageProblem(/status of 503/);
  const doc = await createPresentation(orgAdmin.token, 'Failing walk');
  await openEditor(page, orgAdmin.token, doc.id);
  await addPages(page, [{ name: 'kept.pdf', mimeType: 'application/pdf', buffer: PDF }], 1);

  // The signing answers 503 once: the warning, the page stays queued with a try again, which works.
  let refusals = 1;
  await page.route('**/sign-content-upload', async (route) => {
    if (refusals-- > 0) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Storage unavailable' }) });
    else await route.continue();
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add pages' }).click();
  await (await chooser).setFiles({ name: 'late.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(alertText(page, 'Upload failed, something went wrong.')).toBeVisible();
  await page.getByRole('button', { name: 'Upload failed: try again' }).click();
  await expect(page.locator('.page-thumb[data-queued]')).toHaveCount(0, { timeout: 30_000 });
  await page.unroute('**/sign-content-upload');

  // Saving the draft without the page is refused: the detail in the dialog, the page kept.
  await thumbs(page).nth(0).getByRole('button').click();
  await page.route(`**/api/v1/documentation/documents/${doc.id}`, async (route) => {
    if (route.request().method() === 'PUT') await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ detail: 'The document changed meanwhile' }) });
    else await route.continue();
  });
  await page.getByRole('button', { name: 'Remove page' }).click();
  const remove = dialogNamed(page, 'Remove page');
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await remove.getByRole('button', { name: 'Yes, Remove Page' }).click();
  await expect(remove.getByRole('alert').filter({ hasText: 'The document changed meanwhile' })).toBeVisible();
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await expect(thumbs(page)).toHaveCount(2);
  await page.unroute(`**/api/v1/documentation/documents/${doc.id}`);
});

test.describe('accessible at desktop and phone width', () => {
  for (const phone of [false, true]) {
    test(`editor with pages and a selected shape (${phone ? '390 px' : 'desktop'})`, async ({ page, orgAdmin }) => {
      test.setTimeout(120_000);
      if (phone) await usePhoneViewport(page);
      const doc = await createPresentation(orgAdmin.token, 'Axe walk');
      await openEditor(page, orgAdmin.token, doc.id);
      await expectAccessible(page);
      const picture = await drawPicture(page, 1200, 800, 'image/jpeg');
      await addPages(page, [{ name: 'a.jpg', mimeType: 'image/jpeg', buffer: picture }, { name: 'b.pdf', mimeType: 'application/pdf', buffer: PDF }], 2);
      await thumbs(page).nth(0).getByRole('button').click();
      await place(page, 'Ellipse', 80, 80);
      await expect.poll(async () => (await drawn(page)).length).toBe(1);
      await expect(page.locator('.description-text')).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  }
});
