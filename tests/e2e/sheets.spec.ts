/**
 * Result sheets and reports (issue #13; documentation §2 Viewer and Editors, §4 "Result sheet" and
 * "Sheet results", §5 "Linking"): a sheet built from two checklists through the dialogs (Browse, Search,
 * link), published; submissions to both checklists (over the API) seen as joined rows in the results
 * grid, paged, exported as CSV and opened one by one (Back to Results, Download PDF); a report showing
 * the latest row as cards. Axe at desktop and phone width.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { dialogNamed, publish } from './support/checklist-editor.ts';
import { publishChecklist, question } from './support/checklist-filler.ts';
import {
  callApi,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  signInWithToken,
  test,
  usePhoneViewport,
  type OrgAdmin,
} from './support/test.ts';

interface Doc {
  id: string;
  name: string;
  version: number;
  contents: Record<string, unknown>;
}

const register = {
  'r-tag': question('Asset tag', 'text'),
  'r-loc': question('Location', 'text'),
};
const inspection = {
  'i-tag': question('Asset tag', 'text'),
  'i-result': question('Result', 'pass/fail'),
};

async function stage(admin: OrgAdmin) {
  const folder = await callApi<{ id: string }>('documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Registers' } });
  const registerDoc = await publishChecklist(admin.token, 'Asset register', register, folder.id);
  const inspectionDoc = await publishChecklist(admin.token, 'Weekly inspection', inspection);
  const sheet = await callApi<Doc>('documentation/documents', { token: admin.token, json: { folder_id: 'root', name: 'Asset sheet', doctype: 'sheet' } });
  return { registerDoc, inspectionDoc, sheet };
}

const submit = (admin: OrgAdmin, documentId: string, record: Record<string, unknown>) =>
  callApi(`documentation/documents/${documentId}/data`, {
    token: admin.token,
    json: { record: Object.fromEntries(Object.entries(record).map(([id, value]) => [id, { value }])) },
  });

/** A Shoelace dialog by its name (its content is slotted into the host, outside the panel). */
const dialog = dialogNamed;
const columns = (page: Page) => page.getByRole('list', { name: 'Columns' }).getByRole('listitem');

test('builds a sheet from two checklists through the dialogs, publishes it and reads the joined rows', async ({ page, orgAdmin }) => {
  test.setTimeout(180_000);
  const { registerDoc, inspectionDoc, sheet } = await stage(orgAdmin);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/edit/${sheet.id}`);
  const add = page.getByRole('button', { name: 'Add checklist' });
  await expect(add).toBeVisible();

  // Browse: the folder tree of checklists.
  await add.click();
  let picker = dialog(page, 'Add Checklist');
  await picker.getByRole('treeitem', { name: 'Registers' }).click();
  await picker.getByRole('treeitem', { name: /Asset register/ }).click();
  await picker.getByRole('button', { name: 'Add at Root' }).click();
  await expect(picker).toBeHidden();
  await expect(columns(page)).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Form Links' }).getByText('Asset register')).toBeVisible();

  // Search; the checklist already in the sheet is 'already selected' and disabled.
  await add.click();
  picker = dialog(page, 'Add Checklist');
  await picker.getByRole('treeitem', { name: 'Registers' }).click();
  const taken = picker.getByRole('treeitem', { name: /Asset register/ });
  await expect(taken).toBeDisabled();
  await expect(picker.getByText('already selected')).toBeVisible();
  await picker.getByRole('tab', { name: 'Search' }).click();
  await picker.getByLabel('Search checklists').fill('Weekly');
  await picker.getByRole('button', { name: 'Search', exact: true }).click();
  await picker.getByRole('radio', { name: /Weekly inspection/ }).check();
  await picker.getByRole('button', { name: 'Link…' }).click();

  // Link: Submit only with both questions of the same value type.
  const link = dialog(page, 'Link Checklist');
  const submitLink = link.getByRole('button', { name: 'Submit' });
  await expect(submitLink).toBeDisabled();
  await link.getByLabel('Source question (Weekly inspection)').selectOption({ label: 'Result (pass/fail)' });
  await link.getByLabel('Destination question').selectOption({ label: 'Asset tag (text)' });
  await expect(link.getByText('The two questions must have the same value type.')).toBeVisible();
  await expect(submitLink).toBeDisabled();
  await link.getByLabel('Source question (Weekly inspection)').selectOption({ label: 'Asset tag (text)' });
  await expect(submitLink).toBeEnabled();
  await submitLink.click();
  await expect(link).toBeHidden();

  const tree = page.getByRole('region', { name: 'Form Links' });
  await expect(tree.locator('.form-link-children').getByText('Weekly inspection')).toBeVisible();
  await expect(tree.getByText('Asset tag = Asset tag')).toBeVisible();
  await expect(columns(page)).toHaveCount(4);
  // A column a link joins on stays; another goes.
  await expect(columns(page).nth(0).getByRole('button', { name: 'Remove Asset tag' })).toBeDisabled();

  await expectAccessible(page);
  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await publish(page, 'Register and inspections');
  const published = await callApi<Doc>(`documentation/documents/${sheet.id}`, { token: orgAdmin.token });
  expect(published.contents).toMatchObject({ form_ids: [registerDoc.id, inspectionDoc.id], form_links: { 'i-tag': 'r-tag' } });
  expect(published.contents.question_index).toEqual(['r-tag', 'r-loc', 'i-tag', 'i-result']);

  // Submissions (the example) plus twelve more register entries: 15 rows, two pages.
  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'Y', 'r-loc': 'Yard' });
  for (let i = 1; i <= 12; i++) await submit(orgAdmin, registerDoc.id, { 'r-tag': `A${String(i).padStart(2, '0')}`, 'r-loc': `Shelf ${i}` });
  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'X', 'r-loc': 'Hall' });
  await submit(orgAdmin, inspectionDoc.id, { 'i-tag': 'X', 'i-result': 'pass' });
  await submit(orgAdmin, inspectionDoc.id, { 'i-tag': 'X', 'i-result': 'fail' });
  await submit(orgAdmin, inspectionDoc.id, { 'i-tag': 'Z', 'i-result': 'pass' });

  await page.goto(`/documentation/view/${sheet.id}`);
  const grid = page.getByRole('table', { name: 'Results of Asset sheet' });
  // The title both checklists ask is told apart by each checklist's name (issue #32).
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Datetime ▼',
    'Submitted By',
    'Asset tag (Asset register)',
    'Location',
    'Asset tag (Weekly inspection)',
    'Result',
  ]);
  await expect(page.getByLabel('Datetime on or after')).not.toHaveValue('');
  const bodyRows = grid.locator('tbody tr');
  await expect(bodyRows).toHaveCount(10);
  await expect(page.getByText('1–10 of 15')).toBeVisible();
  await expect(bodyRows.nth(0).getByRole('cell')).toContainText(['', orgAdmin.username, 'X', 'Hall', 'X', 'Fail']);
  await expect(bodyRows.nth(1).getByRole('cell')).toContainText(['', orgAdmin.username, 'X', 'Hall', 'X', 'Pass']);
  await expect(bodyRows.nth(2)).toContainText('A12');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('11–15 of 15')).toBeVisible();
  await expect(bodyRows).toHaveCount(5);
  await expect(bodyRows.nth(4)).toContainText('Yard');
  // Y has no inspection: its inspection columns are empty.
  await expect(bodyRows.nth(4).getByRole('cell').nth(5)).toHaveText('');

  // Datetime ascending: the oldest row first.
  await page.getByRole('button', { name: /^Datetime/ }).click();
  await expect(page.getByText('1–10 of 15')).toBeVisible();
  await expect(bodyRows.nth(0)).toContainText('Yard');

  // Export CSV: the download, parsed back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('Asset sheet.csv');
  const csv = parse(await readFile((await download.path())!, 'utf8'), { bom: true }) as string[][];
  expect(csv[0]).toEqual(expect.arrayContaining(['Datetime', 'Submitted By', 'Asset tag (Asset register)', 'Location', 'Asset tag (Weekly inspection)', 'Result']));
  expect(csv).toHaveLength(16);
  expect(csv.some((line) => line.includes('Yard'))).toBe(true);

  await expectAccessible(page);
  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A row opens its single-row screen; the way back is the results grid.
  await page.getByRole('button', { name: /^Datetime/ }).click();
  await bodyRows.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/documentation/results/${sheet.id}/[^/]+$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Result of Asset sheet' })).toBeVisible();
  const back = page.getByRole('link', { name: 'Back to Results', exact: true });
  await expect(back).toHaveAttribute('href', `/documentation/results/${sheet.id}`);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe('Asset sheet.pdf');
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await back.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Results of Asset sheet' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Results of Asset sheet' }).locator('tbody tr')).toHaveCount(10);
  await expectAccessible(page);
});

test('a sheet without rows says No Results Found; a linked checklist dragged onto the root is unlinked', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const { registerDoc, inspectionDoc, sheet } = await stage(orgAdmin);
  await callApi(`documentation/documents/${sheet.id}`, {
    token: orgAdmin.token,
    method: 'PUT',
    json: {
      version: sheet.version,
      changelog: 'Linked',
      contents: {
        questions: {
          ...Object.fromEntries(Object.entries(register).map(([id, q]) => [id, { ...q, form_id: registerDoc.id }])),
          ...Object.fromEntries(Object.entries(inspection).map(([id, q]) => [id, { ...q, form_id: inspectionDoc.id }])),
        },
        question_index: ['r-tag', 'r-loc', 'i-tag', 'i-result'],
        form_links: { 'i-tag': 'r-tag' },
        form_ids: [registerDoc.id, inspectionDoc.id],
      },
    },
  });
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/results/${sheet.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Results of Asset sheet' })).toBeVisible();
  await expect(page.getByText('No Results Found')).toBeVisible();

  await page.goto(`/documentation/edit/${sheet.id}`);
  const tree = page.getByRole('region', { name: 'Form Links' });
  const child = tree.locator('.form-link-children .form-link-node', { hasText: 'Weekly inspection' });
  await expect(child).toBeVisible();
  await child.dragTo(tree.locator('[data-drop="root"]'));
  await expect(tree.locator('.form-link-children')).toHaveCount(0);
  await expect(tree.locator('.form-link-list > .form-link-item')).toHaveCount(2);
  // Removing a checklist removes its questions.
  await tree.getByRole('button', { name: 'Remove Weekly inspection' }).click();
  await expect(columns(page)).toHaveCount(2);
  // Columns move with the keyboard (Move up), and by their handles (sortablejs).
  await page.getByRole('button', { name: 'Move Location up' }).click();
  await expect(columns(page)).toContainText(['Location', 'Asset tag']);
  await expect(page.getByRole('button', { name: 'Move Location up' })).toBeDisabled();
  const handle = columns(page).nth(1).locator('.column-drag-handle');
  const target = await columns(page).nth(0).boundingBox();
  const from = await handle.boundingBox();
  await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(from!.x + from!.width / 2, target!.y + 2, { steps: 12 });
  await page.mouse.up();
  await expect(columns(page)).toContainText(['Asset tag', 'Location']);
  await expect(page.getByRole('status').filter({ hasText: /Unsaved changes|Saving draft…|Draft saved/ })).toBeVisible();
});

test('a report shows the latest row as one card per question, with its PDF', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const { registerDoc, inspectionDoc } = await stage(orgAdmin);
  const report = await callApi<Doc>('documentation/documents', { token: orgAdmin.token, json: { folder_id: 'root', name: 'Asset report', doctype: 'report' } });
  await callApi(`documentation/documents/${report.id}`, {
    token: orgAdmin.token,
    method: 'PUT',
    json: {
      version: report.version,
      changelog: 'Columns',
      contents: {
        questions: {
          ...Object.fromEntries(Object.entries(register).map(([id, q]) => [id, { ...q, form_id: registerDoc.id }])),
          'i-result': { ...inspection['i-result'], form_id: inspectionDoc.id },
          'i-tag': { ...inspection['i-tag'], form_id: inspectionDoc.id },
        },
        question_index: ['r-tag', 'r-loc', 'i-result', 'i-tag'],
        form_links: { 'i-tag': 'r-tag' },
        form_ids: [registerDoc.id, inspectionDoc.id],
      },
    },
  });
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${report.id}`);
  await expect(page.getByText('No Results Found')).toBeVisible();

  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'X', 'r-loc': 'Hall' });
  await submit(orgAdmin, inspectionDoc.id, { 'i-tag': 'X', 'i-result': 'pass' });
  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'Y', 'r-loc': 'Yard' });
  await submit(orgAdmin, inspectionDoc.id, { 'i-tag': 'Y', 'i-result': 'fail' });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Answers' }).getByRole('listitem');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toContainText('Asset tag');
  await expect(cards.nth(0)).toContainText('Y');
  await expect(cards.nth(1)).toContainText('Yard');
  await expect(cards.nth(2)).toContainText('Fail');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toBe('Asset report.pdf');

  await expectAccessible(page);
  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

for (const phone of [false, true]) {
  test(`the Add Checklist dialog keeps one height as its tabs are switched (issue #43 item 18)${phone ? ' at 390 px' : ''}`, async ({ page, orgAdmin }) => {
    test.setTimeout(120_000);
    const { sheet } = await stage(orgAdmin);
    if (phone) await usePhoneViewport(page);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/edit/${sheet.id}`);
    await page.getByRole('button', { name: 'Add checklist' }).click();
    const picker = dialog(page, 'Add Checklist');
    const panel = picker.getByRole('dialog', { name: 'Add Checklist', exact: true });
    await expect(picker.getByRole('treeitem', { name: 'Registers' })).toBeVisible();
    const height = async () => {
      await page.waitForTimeout(150);
      return Math.round((await panel.boundingBox())!.height);
    };
    const heights = [await height()];
    await picker.getByRole('treeitem', { name: 'Registers' }).click(); // the tree opens a folder
    await expect(picker.getByRole('treeitem', { name: /Asset register/ })).toBeVisible();
    heights.push(await height());
    await picker.getByRole('tab', { name: 'Search' }).click();
    heights.push(await height());
    await picker.getByLabel('Search checklists').fill('Weekly');
    await picker.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(picker.getByRole('radio', { name: /Weekly inspection/ })).toBeVisible();
    heights.push(await height());
    await picker.getByRole('tab', { name: 'Browse' }).click();
    heights.push(await height());
    expect(new Set(heights).size, `the dialog's heights: ${heights.join(', ')}`).toBe(1);
  });
}

test('a sheet built and published in its editor reopens with No unpublished changes (no phantom draft)', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const { sheet } = await stage(orgAdmin);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/edit/${sheet.id}`);
  await page.getByRole('button', { name: 'Add checklist' }).click();
  const picker = dialog(page, 'Add Checklist');
  await picker.getByRole('treeitem', { name: 'Registers' }).click();
  await picker.getByRole('treeitem', { name: /Asset register/ }).click();
  await picker.getByRole('button', { name: 'Add at Root' }).click();
  await expect(picker).toBeHidden();
  await expect(columns(page)).toHaveCount(2);
  await publish(page, 'Register');
  const status = page.locator('.draft-status');
  await expect(status).toHaveText('No unpublished changes');
  // Longer than the autosave's delay: nothing is saved as a draft after the editor's own publish.
  await page.waitForTimeout(2000);
  await expect(status).toHaveText('No unpublished changes');
  const stored = await callApi<Doc & { draft_contents: unknown }>(`documentation/documents/${sheet.id}`, { token: orgAdmin.token });
  expect(stored.draft_contents).toBeNull();
  await page.reload();
  await expect(columns(page)).toHaveCount(2);
  await expect(status).toHaveText('No unpublished changes');
  await expect(page.getByText(/Unpublished draft/)).toHaveCount(0);
});

test('a report is created from New document, built in its editor, published and viewed as cards', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const { registerDoc } = await stage(orgAdmin);
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const created = dialog(page, 'New document');
  await created.getByRole('textbox', { name: 'Name' }).fill('Latest asset');
  await expect(created.getByRole('radio')).toHaveText(['Presentation', 'Checklist', 'Result Sheet', 'Report']);
  await created.getByRole('radio', { name: 'Report' }).click();
  await created.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/documentation\/edit\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  expect(await callApi<Doc & { doctype: string }>(`documentation/documents/${id}`, { token: orgAdmin.token })).toMatchObject({ name: 'Latest asset', doctype: 'report' });

  await page.getByRole('button', { name: 'Add checklist' }).click();
  const picker = dialog(page, 'Add Checklist');
  await picker.getByRole('treeitem', { name: 'Registers' }).click();
  await picker.getByRole('treeitem', { name: /Asset register/ }).click();
  await picker.getByRole('button', { name: 'Add at Root' }).click();
  await expect(columns(page)).toHaveCount(2);
  await expectAccessible(page);
  await publish(page, 'Register');
  await expect(page.locator('.draft-status')).toHaveText('No unpublished changes');

  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'A1', 'r-loc': 'Hall' });
  await submit(orgAdmin, registerDoc.id, { 'r-tag': 'B2', 'r-loc': 'Yard' });
  await page.goto(`/documentation/view/${id}`);
  const cards = page.getByRole('list', { name: 'Answers' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Asset tag');
  await expect(cards.nth(0)).toContainText('B2');
  await expect(cards.nth(1)).toContainText('Yard');
  await expectAccessible(page);
  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);
});
