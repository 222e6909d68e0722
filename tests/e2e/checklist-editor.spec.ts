/**
 * The checklist editor (documentation §4 "Checklist editor", "Editing"; issue #4): a checklist built
 * with every value type, its draft kept over a reload, published with a change log and checked over the
 * API; discarding; reordering by drag and by the move buttons; blocked navigation; publish failures.
 * (Editing without Write is covered by documentation-pages.spec.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import {
  callApi,
  createRole,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInWithToken,
  test,
  usePhoneViewport,
} from './support/test.ts';

test.describe.configure({ mode: 'parallel' });

interface StoredQuestion {
  title: string;
  valueType: string;
  widget: string;
  choices: string[];
  required: boolean;
  allowComments: boolean;
  photoVerification: boolean;
  validation: { enabled: boolean; value?: unknown; values?: string[]; min?: unknown; max?: unknown; roles: string[]; users: string[] };
  media?: string | null;
  content_type?: string | null;
}

interface FormContents {
  questions: Record<string, StoredQuestion>;
  question_index: string[];
}

interface StoredDocument {
  id: string;
  version: number;
  changelog: string;
  contents: FormContents;
  draft_contents: FormContents | null;
  draft_user_id: string | null;
}

/** A checklist made over the API, with true/false questions titled as given. */
function createForm(token: string, name: string, titles: string[] = []): Promise<StoredDocument> {
  const ids = titles.map((_, i) => `q${i + 1}`);
  return callApi<StoredDocument>('documentation/documents', {
    token,
    json: {
      folder_id: 'root',
      name,
      doctype: 'form',
      contents: {
        questions: Object.fromEntries(ids.map((id, i) => [id, { title: titles[i], valueType: 'true/false', widget: 'radio buttons', required: true }])),
        question_index: ids,
      },
    },
  });
}

const stored = (token: string, id: string) => callApi<StoredDocument>(`documentation/documents/${id}`, { token });
const inOrder = (contents: FormContents) => contents.question_index.map((id) => contents.questions[id]!);

/** A 1×1 PNG: the editor redraws it as a JPEG (quality 0.8) before the signed upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const questions = (page: Page) => page.locator('.question-item');
const question = (page: Page, n: number) => questions(page).nth(n - 1);
const status = (page: Page) => page.locator('.draft-status');
const headings = (page: Page) => page.locator('.question-heading');
const alertText = (page: Page, text: string | RegExp) => page.locator('#alerts').getByText(text);
/** A Shoelace dialog by its label (its slotted content lives outside the shadow panel that has the role). */
const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

async function openEditor(page: Page, token: string, id: string): Promise<void> {
  await signInWithToken(page, token);
  await page.goto(`/documentation/edit/${id}`);
  await expect(page.getByRole('button', { name: 'Add question' })).toBeVisible();
}

/** Adds a question and fills its title (the new question's title field has the focus). */
async function addQuestion(page: Page, title: string): Promise<Locator> {
  const count = await questions(page).count();
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = question(page, count + 1);
  await expect(added.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  return added;
}

/** Publishes through the dialog with a change log and waits for 'Publish Successful!'. */
async function publish(page: Page, changelog: string): Promise<void> {
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = dialogNamed(page, 'Publish or discard');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const log = dialogNamed(page, 'Publish');
  await log.getByLabel('Change log (optional)').fill(changelog);
  await log.getByRole('button', { name: /^Publish version/ }).click();
  await expect(alertText(page, 'Publish Successful!')).toBeVisible();
}

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
  await page.waitForTimeout(200);
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

test("publish failures: 'Publish failed, something went wrong.', and a clear message when someone else published first", async ({
  page,
  orgAdmin,
  expectPageProblem,
}) => {
  const doc = await createForm(orgAdmin.token, 'Delivery Checks', ['Seal intact?']);
  await openEditor(page, orgAdmin.token, doc.id);
  await question(page, 1).getByLabel('Title').fill('Seal intact and dated?');
  await expect(status(page)).toHaveText('Draft saved');

  // The server fails the publish: the warning, the dialog closes, the work stays to publish again.
  // The failure comes after a moment, so that the progress can be seen.
  expectPageProblem(/^Failed to load resource: the server responded with a status of 500 \(Internal Server Error\) \(at \S+\/api\/v1\/documentation\/documents\/[\w-]+\)$/);
  await page.route(`**/api/v1/documentation/documents/${doc.id}`, async (route) => {
    if (route.request().method() !== 'PUT' || !(route.request().postData() ?? '').includes('"contents"')) return route.fallback();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' });
  });
  await page.getByRole('button', { name: 'Publish…' }).click();
  await dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Publish', exact: true }).click();
  await dialogNamed(page, 'Publish').getByRole('button', { name: /^Publish version 2/ }).click();
  await expect(dialogNamed(page, 'Publish').locator('sl-progress-bar')).toHaveAttribute('value', '60');
  await expect(dialogNamed(page, 'Publish').getByRole('status')).toHaveText('Publishing… 60%');
  await expect(page.getByRole('alert').filter({ hasText: 'Publish failed, something went wrong.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(question(page, 1).getByLabel('Title')).toHaveValue('Seal intact and dated?');
  await page.unroute(`**/api/v1/documentation/documents/${doc.id}`);

  // Someone else publishes version 2 meanwhile: the editor says so with the server's detail.
  await callApi(`documentation/documents/${doc.id}`, {
    token: orgAdmin.token,
    method: 'PUT',
    json: { version: 1, contents: { questions: { x: { title: 'Theirs' } }, question_index: ['x'] }, changelog: 'theirs' },
  });
  await page.getByRole('button', { name: 'Publish…' }).click();
  await dialogNamed(page, 'Publish or discard').getByRole('button', { name: 'Publish', exact: true }).click();
  await dialogNamed(page, 'Publish').getByRole('button', { name: /^Publish version 2/ }).click();
  const notice = page.locator('.editor-notice.warning');
  await expect(notice).toContainText('Someone else published this document while you were editing.');
  await expect(notice).toContainText('This document was changed by someone else');
  await expect(page.getByRole('button', { name: 'Publish…' })).toBeDisabled();

  // Keeping my changes makes them the draft of version 2, to publish as version 3.
  await notice.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(status(page)).toHaveText('Draft saved');
  await publish(page, 'mine again');
  const after = await stored(orgAdmin.token, doc.id);
  expect(after.version).toBe(3);
  expect(inOrder(after.contents).map((x) => x.title)).toEqual(['Seal intact and dated?']);
});
