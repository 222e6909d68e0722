/**
 * The stage and the looks the checklist filler specs share (documentation §4 "Form fill", §5; issue #4
 * "The filler"): a question of a value type, a checklist published over the API and its rows read back,
 * the checklist opened on its document page, and the parts of `rb-checklist` by what they show.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { newQuestion, withValueType, type Question } from '../../../src/shared/checklists/question.ts';
import type { ValueType, Widget } from '../../../src/shared/checklists/value-types.ts';
import { callApi, type OrgAdmin } from './accounts.ts';
import { signInWithToken } from './browser.ts';

// ── The stage, over the API ──────────────────────────────────────────────────────────────────────

export interface DocumentAnswer {
  id: string;
  name: string;
  version: number;
  folder_id: string;
}

export interface Row {
  id: string;
  version: number;
  created_by_username: string | null;
  record: Record<string, { value: unknown; comments: string; media: string[]; valid: boolean }>;
}

/** A question of a value type with its defaults, not required unless asked, changed as given. */
export function question(title: string, valueType: ValueType, changes: Partial<Question> & { widget?: Widget } = {}): Question {
  return { ...withValueType({ ...newQuestion(), title }, valueType), required: false, ...changes };
}

/** Creates a checklist in `folderId` and publishes `questions` (in this order) as its next version. */
export async function publishChecklist(token: string, name: string, questions: Record<string, Question>, folderId = 'root'): Promise<DocumentAnswer> {
  const created = await callApi<DocumentAnswer>('documentation/documents', {
    token,
    json: { folder_id: folderId, name, doctype: 'form', description: `How to fill in ${name}`, contents: { questions: {}, question_index: [] } },
  });
  return callApi<DocumentAnswer>(`documentation/documents/${created.id}`, {
    token,
    method: 'PUT',
    json: { version: created.version, contents: { questions, question_index: Object.keys(questions) }, changelog: 'The questions' },
  });
}

/**
 * A published result sheet (or report) of one new checklist with one true/false question, 'Fine', and one
 * submission to that checklist (answered true): one row.
 */
export async function sheetWithARow(token: string, name: string, doctype: 'sheet' | 'report' = 'sheet'): Promise<{ id: string; name: string }> {
  const form = await publishChecklist(token, `${name} checklist`, { ok: question('Fine', 'true/false') });
  const sheet = await callApi<DocumentAnswer>('documentation/documents', { token, json: { folder_id: 'root', name, doctype } });
  await callApi(`documentation/documents/${sheet.id}`, {
    token,
    method: 'PUT',
    json: {
      version: sheet.version,
      changelog: 'One column',
      contents: { questions: { ok: { ...question('Fine', 'true/false'), form_id: form.id } }, question_index: ['ok'], form_links: {}, form_ids: [form.id] },
    },
  });
  await callApi(`documentation/documents/${form.id}/data`, { token, json: { record: { ok: { value: true } } } });
  return { id: sheet.id, name };
}

export const rowsOf = async (token: string, documentId: string) =>
  (await callApi<{ results: Row[]; total: number }>(`documentation/documents/${documentId}/data`, { token })).results;

export const filler = (page: Page) => page.locator('rb-checklist');
export const questionNamed = (page: Page, title: string): Locator => filler(page).getByRole('group', { name: title, exact: true });
export const submitButton = (page: Page) => filler(page).getByRole('button', { name: /^(Submit|Submitting\.\.\.)$/ });
export const queueStatus = (page: Page) => filler(page).locator('.queue-status');

export async function openChecklist(page: Page, admin: OrgAdmin, doc: DocumentAnswer, query = ''): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto(`/documentation/view/${doc.id}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: `View ${doc.name}` })).toBeVisible();
  await expect(submitButton(page)).toBeVisible();
}
