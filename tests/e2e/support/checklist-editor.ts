/**
 * The stage and the steps the checklist editor specs share (documentation §4 "Checklist editor",
 * "Editing"; issue #4): a checklist made over the API and read back, the editor opened, a question added,
 * publishing through the dialog with a change log, and the editor's parts by what they show.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { callApi } from './accounts.ts';
import { signInWithToken } from './browser.ts';

export interface StoredQuestion {
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

export interface FormContents {
  questions: Record<string, StoredQuestion>;
  question_index: string[];
}

export interface StoredDocument {
  id: string;
  version: number;
  changelog: string;
  contents: FormContents;
  draft_contents: FormContents | null;
  draft_user_id: string | null;
}

/** A checklist made over the API, with true/false questions titled as given. */
export function createForm(token: string, name: string, titles: string[] = []): Promise<StoredDocument> {
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

export const stored = (token: string, id: string) => callApi<StoredDocument>(`documentation/documents/${id}`, { token });
export const inOrder = (contents: FormContents) => contents.question_index.map((id) => contents.questions[id]!);

export const questions = (page: Page) => page.locator('.question-item');
export const question = (page: Page, n: number) => questions(page).nth(n - 1);
export const status = (page: Page) => page.locator('.draft-status');
export const headings = (page: Page) => page.locator('.question-heading');
export const alertText = (page: Page, text: string | RegExp) => page.locator('#alerts').getByText(text);
/** A Shoelace dialog by its label (its slotted content lives outside the shadow panel that has the role). */
export const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

export async function openEditor(page: Page, token: string, id: string): Promise<void> {
  await signInWithToken(page, token);
  await page.goto(`/documentation/edit/${id}`);
  await expect(page.getByRole('button', { name: 'Add question' })).toBeVisible();
}

/** Adds a question and fills its title (the new question's title field has the focus). */
export async function addQuestion(page: Page, title: string): Promise<Locator> {
  const count = await questions(page).count();
  await page.getByRole('button', { name: 'Add question' }).click();
  const added = question(page, count + 1);
  await expect(added.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  return added;
}

/** Publishes through the dialog with a change log and waits for 'Publish Successful!'. */
export async function publish(page: Page, changelog: string): Promise<void> {
  await page.getByRole('button', { name: 'Publish…' }).click();
  const dialog = dialogNamed(page, 'Publish or discard');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const log = dialogNamed(page, 'Publish');
  await log.getByLabel('Change log (optional)').fill(changelog);
  await log.getByRole('button', { name: /^Publish version/ }).click();
  await expect(alertText(page, 'Publish Successful!')).toBeVisible();
}
