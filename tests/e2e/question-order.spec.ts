/**
 * The order of a checklist's questions in the checklist editor (documentation §4 "Checklist editor",
 * "Editing"; issue #4): reordering by dragging the handle and by the move buttons, the order checked over
 * the API, and leaving with unpublished changes asks first.
 */
import { createForm, headings, inOrder, openEditor, question, status, stored } from './support/checklist-editor.ts';
import { expect, test } from './support/test.ts';

test('questions reorder by dragging their handle and by the move buttons; leaving asks first', async ({ page, orgAdmin }) => {
  const doc = await createForm(orgAdmin.token, 'Morning Round', ['Alpha', 'Bravo', 'Charlie']);
  await openEditor(page, orgAdmin.token, doc.id);
  await expect(headings(page)).toHaveText(['Question 1: Alpha', 'Question 2: Bravo', 'Question 3: Charlie']);

  // Drag Charlie's handle above Alpha. Sortable's pointer fallback checks what is under the pointer
  // every 50 ms, so the pointer travels in small steps and rests before it is let go; the window is
  // tall enough for all three questions (a drag does not have to scroll).
  await page.setViewportSize({ width: 1280, height: 2000 });
  const handle = question(page, 3).locator('.question-drag-handle');
  const from = (await handle.boundingBox())!;
  const target = (await question(page, 1).boundingBox())!;
  const x = from.x + from.width / 2;
  let y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const stop = target.y + 12;
  while (y > stop) {
    y = Math.max(stop, y - 25);
    await page.mouse.move(x, y);
    await page.waitForTimeout(30);
  }
  // Rest at the target with a few small moves: on a loaded machine one 50 ms check can pass between two
  // moves unseen, and a drag let go before Sortable saw the pointer there does nothing.
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.move(x, stop + (i % 2));
    await page.waitForTimeout(60);
  }
  await page.mouse.up();
  await expect(headings(page)).toHaveText(['Question 1: Charlie', 'Question 2: Alpha', 'Question 3: Bravo']);

  // The keyboard way: the move buttons, and the focus stays with the moved question.
  await question(page, 1).getByRole('button', { name: 'Move Question 1 down' }).click();
  await expect(headings(page)).toHaveText(['Question 1: Alpha', 'Question 2: Charlie', 'Question 3: Bravo']);
  await expect(question(page, 2).getByRole('button', { name: 'Move Question 2 down' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(headings(page)).toHaveText(['Question 1: Alpha', 'Question 2: Bravo', 'Question 3: Charlie']);
  // At the bottom the down button is disabled; the focus moves to the up button.
  await expect(question(page, 3).getByRole('button', { name: 'Move Question 3 up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(headings(page)).toHaveText(['Question 1: Alpha', 'Question 2: Charlie', 'Question 3: Bravo']);

  await expect(status(page)).toHaveText('Draft saved');
  const draft = (await stored(orgAdmin.token, doc.id)).draft_contents!;
  expect(inOrder(draft).map((x) => x.title)).toEqual(['Alpha', 'Charlie', 'Bravo']);

  // Unpublished changes: a link asks first; staying keeps the page.
  const view = page.getByRole('group', { name: 'View or edit' }).getByRole('link', { name: 'View' });
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toContain('You have unpublished changes');
    void dialog.dismiss();
  });
  await view.click();
  await expect(page).toHaveURL(`/documentation/edit/${doc.id}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await view.click();
  await expect(page).toHaveURL(`/documentation/view/${doc.id}`);
});
