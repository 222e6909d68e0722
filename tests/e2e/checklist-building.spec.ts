/**
 * Building a checklist in the checklist editor (documentation §4 "Checklist editor", "Editing"; issue #4):
 * a question of every value type, its draft kept over a reload, published with a change log and checked
 * over the API. (Editing without Write is covered by document-editor-frame.spec.ts.)
 */
import type { Page } from '@playwright/test';
import {
  addQuestion,
  createForm,
  headings,
  inOrder,
  openEditor,
  publish,
  question,
  questions,
  status,
  stored,
  type StoredQuestion,
} from './support/checklist-editor.ts';
import { callApi, createRole, expect, expectAccessible, expectNoHorizontalScroll, test, usePhoneViewport } from './support/test.ts';

/** A 1×1 PNG: the editor redraws it as a JPEG (quality 0.8) before the signed upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Reloads although the page asks first (navigation is blocked while there are unpublished changes). */
async function reloadAnyway(page: Page): Promise<void> {
  const accept = (dialog: import('@playwright/test').Dialog) => void dialog.accept();
  page.on('dialog', accept);
  await page.reload();
  page.off('dialog', accept);
}

test('builds a checklist with every value type, keeps the draft over a reload, and publishes it with a change log', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const role = await createRole(orgAdmin, 'Inspectors');
  const me = (await callApi<{ results: { id: string; name: string; type: string }[] }>('auth/acl-subjects', { token: orgAdmin.token })).results.find(
    (s) => s.type === 'user',
  )!;
  const doc = await createForm(orgAdmin.token, 'Site Inspection');
  await openEditor(page, orgAdmin.token, doc.id);
  await expect(page.getByText('No Questions Found In Checklist')).toBeVisible();
  await expect(status(page)).toHaveText('No unpublished changes');
  await expect(page.getByRole('button', { name: 'Publish…' })).toBeDisabled();

  // 1 true/false: the default question, with validation (correct answer False) and a role and a user to notify.
  let q = await addQuestion(page, 'Fire exits clear?');
  await expect(q.getByLabel('Value type')).toHaveValue('true/false');
  await expect(q.getByLabel('Widget')).toHaveValue('radio buttons');
  await expect(q.getByRole('checkbox', { name: 'Required' })).toBeChecked();
  await expect(status(page)).not.toHaveText('No unpublished changes');
  await q.getByRole('checkbox', { name: 'Validate answers' }).check();
  await q.getByLabel('Correct answer').selectOption('false');
  await q.getByText('Notify of validation errors').click();
  await q.getByRole('checkbox', { name: 'Inspectors' }).check();
  await q.getByRole('checkbox', { name: me.name }).check();
  await q.getByRole('checkbox', { name: me.name }).uncheck();
  await q.getByRole('checkbox', { name: me.name }).check();
  await q.getByLabel('Description').fill('Check every exit on every floor');
  // Its picture: compressed to a JPEG, sent through the signed upload, shown.
  await q.locator('input[type=file]').setInputFiles({ name: 'exits.png', mimeType: 'image/png', buffer: PNG });
  await expect(q.getByRole('img', { name: 'Picture of Question 1: exits.jpg' })).toBeVisible();

  // 2 pass/fail with photo verification; no validation switch, a passing answer instead.
  q = await addQuestion(page, 'Extinguisher pressure');
  await q.getByLabel('Value type').selectOption('pass/fail');
  await expect(q.getByLabel('Widget').locator('option')).toHaveText(['Radio buttons']);
  await expect(q.getByRole('checkbox', { name: 'Validate answers' })).toHaveCount(0);
  await expect(q.getByLabel('Passing answer')).toHaveValue('pass');
  await q.getByRole('checkbox', { name: 'Photo verification' }).check();

  // 3 number: QR code widget, validation from 1 to 10 (defaults 0 and 1 first).
  q = await addQuestion(page, 'People on site');
  await q.getByLabel('Value type').selectOption('number');
  await expect(q.getByLabel('Widget').locator('option')).toHaveText(['Number', 'Qr code']);
  await q.getByLabel('Widget').selectOption('qr code');
  await q.getByRole('checkbox', { name: 'Validate answers' }).check();
  await expect(q.getByLabel('Minimum')).toHaveValue('0');
  await expect(q.getByLabel('Maximum')).toHaveValue('1');
  await q.getByLabel('Minimum').fill('1');
  await q.getByLabel('Maximum').fill('10');

  // 4 decimal, not required.
  q = await addQuestion(page, 'Temperature');
  await q.getByLabel('Value type').selectOption('decimal');
  await q.getByRole('checkbox', { name: 'Required' }).uncheck();

  // 5 single choice: choices by Enter and by the button; empty text ignored; repeats refused; a dropdown.
  q = await addQuestion(page, 'Weather');
  await q.getByLabel('Value type').selectOption('single choice');
  await expect(q.getByLabel('Widget').locator('option')).toHaveText(['Radio buttons', 'Dropdown']);
  await q.getByLabel('Widget').selectOption('dropdown');
  const newChoice = q.getByLabel('New choice for Question 5');
  await newChoice.fill('Sunny');
  await newChoice.press('Enter');
  await newChoice.fill('Rain');
  await q.getByRole('button', { name: 'Add choice' }).click();
  await newChoice.fill('   ');
  await newChoice.press('Enter');
  await newChoice.fill('Snow');
  await newChoice.press('Enter');
  await newChoice.fill('Rain');
  await newChoice.press('Enter');
  await expect(q.getByRole('alert')).toHaveText('"Rain" is already a choice');
  await newChoice.fill('');
  await expect(q.locator('.choice-text')).toHaveText(['Sunny', 'Rain', 'Snow']);
  await q.getByRole('button', { name: 'Move choice Snow up' }).click();
  await q.getByRole('button', { name: 'Remove choice Sunny' }).click();
  await expect(q.locator('.choice-text')).toHaveText(['Snow', 'Rain']);

  // 6 multiple choice, with comments allowed.
  q = await addQuestion(page, 'Hazards seen');
  await q.getByLabel('Value type').selectOption('multiple choice');
  await expect(q.getByLabel('Widget')).toHaveValue('checkboxes');
  for (const choice of ['Spill', 'Cables', 'Ice']) {
    await q.getByLabel('New choice for Question 6').fill(choice);
    await q.getByLabel('New choice for Question 6').press('Enter');
  }
  await q.getByRole('button', { name: 'Move choice Spill down' }).click();
  await expect(q.locator('.choice-text')).toHaveText(['Cables', 'Spill', 'Ice']);
  await q.getByRole('checkbox', { name: 'Allow comments' }).check();

  // The draft reaches the server about a second after the last change, and survives a reload.
  await expect(status(page)).toHaveText('Draft saved');
  const draft = await stored(orgAdmin.token, doc.id);
  expect(draft.version).toBe(1);
  expect(draft.draft_contents?.question_index).toHaveLength(6);
  expect(draft.draft_user_id).toBe(me.id);
  await reloadAnyway(page);
  await expect(headings(page)).toHaveText([
    'Question 1: Fire exits clear?',
    'Question 2: Extinguisher pressure',
    'Question 3: People on site',
    'Question 4: Temperature',
    'Question 5: Weather',
    'Question 6: Hazards seen',
  ]);
  await expect(page.getByText('Unpublished draft: publish it, or discard it to go back to version 1.')).toBeVisible();
  await expect(question(page, 5).locator('.choice-text')).toHaveText(['Snow', 'Rain']);
  await expect(question(page, 3).getByLabel('Maximum')).toHaveValue('10');
  await expect(question(page, 1).getByRole('img', { name: /Picture of Question 1/ })).toBeVisible();

  // Changing the value type resets choices, widget and validation to the new type's defaults.
  q = question(page, 6);
  await q.getByLabel('Value type').selectOption('single choice');
  await expect(q.getByText('No choices yet.')).toBeVisible();
  await expect(q.getByLabel('Widget')).toHaveValue('radio buttons');
  await expect(q.getByRole('checkbox', { name: 'Validate answers' })).not.toBeChecked();
  await q.getByLabel('Value type').selectOption('multiple choice');
  for (const choice of ['Spill', 'Cables']) {
    await q.getByLabel('New choice for Question 6').fill(choice);
    await q.getByLabel('New choice for Question 6').press('Enter');
  }
  await q.getByLabel('Widget').selectOption('radio buttons');

  // 7–11: datetime, text (QR code), url, email, duration.
  q = await addQuestion(page, 'Inspection time');
  await q.getByLabel('Value type').selectOption('datetime');
  await expect(q.getByLabel('Widget').locator('option')).toHaveText(['Datetime']);
  q = await addQuestion(page, 'Inspector name');
  await q.getByLabel('Value type').selectOption('text');
  await q.getByLabel('Widget').selectOption('qr code');
  await expect(q.getByRole('heading', { name: 'Validation' })).toHaveCount(0);
  q = await addQuestion(page, 'Site plan link');
  await q.getByLabel('Value type').selectOption('url');
  q = await addQuestion(page, 'Site manager e-mail');
  await q.getByLabel('Value type').selectOption('email');
  q = await addQuestion(page, 'Time taken');
  await q.getByLabel('Value type').selectOption('duration');
  await expect(questions(page)).toHaveCount(11);

  await expectAccessible(page);
  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  await publish(page, 'First full inspection checklist');
  await expect(status(page)).toHaveText('No unpublished changes');
  await expect(page.getByRole('button', { name: 'Publish…' })).toBeDisabled();
  await expect(page.getByText(/Unpublished draft/)).toHaveCount(0);

  const published = await stored(orgAdmin.token, doc.id);
  expect(published.version).toBe(2);
  expect(published.changelog).toBe('First full inspection checklist');
  expect(published.draft_contents).toBeNull();
  expect(published.draft_user_id).toBeNull();
  const list = inOrder(published.contents);
  expect(list.map((x) => [x.title, x.valueType, x.widget])).toEqual([
    ['Fire exits clear?', 'true/false', 'radio buttons'],
    ['Extinguisher pressure', 'pass/fail', 'radio buttons'],
    ['People on site', 'number', 'qr code'],
    ['Temperature', 'decimal', 'number'],
    ['Weather', 'single choice', 'dropdown'],
    ['Hazards seen', 'multiple choice', 'radio buttons'],
    ['Inspection time', 'datetime', 'datetime'],
    ['Inspector name', 'text', 'qr code'],
    ['Site plan link', 'url', 'text'],
    ['Site manager e-mail', 'email', 'text'],
    ['Time taken', 'duration', 'text'],
  ]);
  const [truth, passFail, number, decimal, single, multiple] = list as [StoredQuestion, StoredQuestion, StoredQuestion, StoredQuestion, StoredQuestion, StoredQuestion];
  expect(truth).toMatchObject({
    description: 'Check every exit on every floor',
    content_type: 'image/jpeg',
    validation: { enabled: true, value: false, roles: [role.id], users: [me.id] },
  });
  expect(truth.media).toMatch(/^[0-9a-f-]{36}$/);
  expect(passFail).toMatchObject({ photoVerification: true, validation: { enabled: false, value: 'pass' } });
  expect(number.validation).toMatchObject({ enabled: true, min: 1, max: 10 });
  expect(decimal.required).toBe(false);
  expect(single.choices).toEqual(['Snow', 'Rain']);
  expect(multiple).toMatchObject({ choices: ['Spill', 'Cables'], allowComments: true });
  expect(list.filter((x) => x.required)).toHaveLength(10);

  // The published version is what a reload shows, with nothing to publish.
  await page.reload();
  await expect(headings(page)).toHaveCount(11);
  await expect(status(page)).toHaveText('No unpublished changes');
});
