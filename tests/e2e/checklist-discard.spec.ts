/**
 * Discarding in the checklist editor (documentation §4 "Checklist editor", "Editing"; issue #4): the
 * draft is dropped and the editor goes back to the published version, checked over the API.
 */
import { addQuestion, alertText, createForm, dialogNamed, headings, openEditor, question, status, stored } from './support/checklist-editor.ts';
import { expect, expectAccessible, test } from './support/test.ts';

test('discarding drops the draft and goes back to the published version', async ({ page, orgAdmin }) => {
  const doc = await createForm(orgAdmin.token, 'Closing Checks', ['Lights off?', 'Doors locked?']);
  await openEditor(page, orgAdmin.token, doc.id);
  await expect(headings(page)).toHaveText(['Question 1: Lights off?', 'Question 2: Doors locked?']);

  await question(page, 1).getByLabel('Title').fill('All lights off?');
  await question(page, 2).getByRole('button', { name: 'Delete Question 2' }).click();
  await expect(headings(page)).toHaveText(['Question 1: All lights off?']);
  await expect(headings(page).first()).toBeFocused();
  await question(page, 1).getByRole('button', { name: 'Delete Question 1' }).click();
  await expect(page.getByRole('button', { name: 'Add question' })).toBeFocused();
  await expect(page.getByText('No Questions Found In Checklist')).toBeVisible();
  await addQuestion(page, 'Alarm set?');
  await expect(status(page)).toHaveText('Draft saved');
  expect((await stored(orgAdmin.token, doc.id)).draft_contents?.question_index).toHaveLength(1);

  await page.getByRole('button', { name: 'Publish…' }).click();
  await expect(dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Publish', exact: true })).toBeFocused();
  await expectAccessible(page);
  await dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Discard' }).click();
  const confirm = dialogNamed(page, 'Discard changes');
  await expect(confirm.getByText('The checklist goes back to version 1')).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(alertText(page, 'Your changes were discarded.')).toBeVisible();
  await expect(headings(page)).toHaveText(['Question 1: Lights off?', 'Question 2: Doors locked?']);
  await expect(status(page)).toHaveText('No unpublished changes');

  const after = await stored(orgAdmin.token, doc.id);
  expect(after).toMatchObject({ version: 1, draft_contents: null, draft_user_id: null });
  // Nothing left to restore: a reload shows the published version without asking.
  await page.reload();
  await expect(headings(page)).toHaveText(['Question 1: Lights off?', 'Question 2: Doors locked?']);
});
