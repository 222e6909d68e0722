/**
 * The single submitted row (documentation §2): `/documentation/results/{document_id}/{id}` and
 * `/documentation/view/{document_id}/{id}`, read-only with 'Back to Results'. The stage is set over the
 * API: a checklist is created, published as a new version, a photo uploaded and a row submitted.
 */
import type { Page } from '@playwright/test';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport, type OrgAdmin } from './support/test.ts';

interface Checklist {
  id: string;
  name: string;
  version: number;
}

interface Row {
  id: string;
  version: number;
  validation_errors: number;
}

/** A 1×1 PNG: a real picture, so the <img> of the row decodes it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const questions = (titlePrefix: string) => ({
  done: { title: `${titlePrefix}Doors closed`, valueType: 'true/false', required: true, validation: { enabled: true, value: true } },
  check: { title: 'Extinguisher check', valueType: 'pass/fail', required: true },
  colours: { title: 'Colours seen', valueType: 'multiple choice', choices: ['Red', 'Green', 'Blue'], required: false },
  count: { title: 'People in the room', valueType: 'number', required: false, validation: { enabled: true, min: 0, max: 10 } },
  note: { title: 'Anything else', valueType: 'text', required: false, allowComments: true },
  photo: { title: 'Photo of the exit', valueType: 'true/false', required: true, photoVerification: true },
  skipped: { title: 'Optional remark', description: 'Only when something was odd', valueType: 'text', required: false },
});
const order = ['done', 'check', 'colours', 'count', 'note', 'photo', 'skipped'];

/** Creates a checklist, publishes version 2 (the titles the row is judged against), uploads a photo and submits a row. */
async function submittedRow(admin: OrgAdmin, name: string): Promise<{ checklist: Checklist; row: Row }> {
  const created = await callApi<Checklist>('documentation/documents', {
    token: admin.token,
    json: { folder_id: 'root', name, doctype: 'form', description: '', contents: { questions: questions('Draft: '), question_index: order } },
  });
  const checklist = await callApi<Checklist>(`documentation/documents/${created.id}`, {
    token: admin.token,
    method: 'PUT',
    json: { version: created.version, contents: { questions: questions(''), question_index: order }, changelog: 'Published' },
  });
  expect(checklist.version).toBe(2);

  const [signed] = await callApi<{ upload_id: string; url: string; fields: Record<string, string> }[]>(
    `documentation/documents/${checklist.id}/sign-content-upload`,
    { token: admin.token, json: [{ filename: 'exit.png', file_size: PNG.length, content_type: 'image/png' }] },
  );
  const form = new FormData();
  for (const [field, value] of Object.entries(signed!.fields)) form.append(field, value);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'exit.png');
  const uploaded = await fetch(`${baseUrl()}${new URL(signed!.url).pathname}`, { method: 'POST', body: form });
  expect(uploaded.status).toBe(204);

  const row = await callApi<Row>(`documentation/documents/${checklist.id}/data`, {
    token: admin.token,
    json: {
      record: {
        done: { value: false },
        check: { value: 'pass' },
        colours: { value: ['Red', 'Blue'] },
        count: { value: 42 },
        note: { value: 'All fine', comments: 'Checked twice\nby the night shift' },
        photo: { value: true, media: [signed!.upload_id] },
      },
    },
  });
  expect(row).toMatchObject({ version: 2, validation_errors: 2 });
  return { checklist, row };
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
/**
 * The way back from a row. Until the results grid exists (issue #13) it leads to the document's own page
 * and says so — 'Back to {name}' — instead of 'Back to Results' landing on the fill page or a missing screen.
 */
const backFromRow = (page: Page, name: string) => page.getByRole('link', { name: `Back to ${name}`, exact: true });

/** Every answer of the row, as `submittedRow` sent it. */
async function expectTheAnswers(page: Page, admin: OrgAdmin): Promise<void> {
  const facts = page.locator('.submitted-row-facts');
  await expect(facts.locator('dt')).toHaveText(['Submitted By', 'Submitted At', 'Version', 'Invalid Answers']);
  await expect(facts.locator('dd').nth(0)).toHaveText(admin.username);
  await expect(facts.locator('dd').nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(facts.locator('dd').nth(2)).toHaveText('2');
  await expect(facts.locator('dd').nth(3)).toHaveText('2');

  await expect(page.getByRole('list', { name: 'Answers' }).locator(':scope > li')).toHaveCount(7);
  const expected: [string, string, 'Valid' | 'Invalid'][] = [
    ['Doors closed', 'False', 'Invalid'],
    ['Extinguisher check', 'Pass', 'Valid'],
    ['Colours seen', 'Red, Blue', 'Valid'],
    ['People in the room', '42', 'Invalid'],
    ['Anything else', 'All fine', 'Valid'],
    ['Photo of the exit', 'True', 'Valid'],
    ['Optional remark', 'Not answered', 'Valid'],
  ];
  for (const [title, answer, validity] of expected) {
    const answerCard = card(page, title);
    await expect(answerCard.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(answerCard.locator('.answer-value')).toHaveText(answer);
    await expect(answerCard.locator('.answer-validity')).toHaveText(validity);
    await expect(answerCard.locator('.answer-validity svg')).toHaveAttribute('aria-hidden', 'true');
  }
  await expect(card(page, 'Anything else').locator('.answer-comments')).toHaveText('Checked twice\nby the night shift');
  await expect(card(page, 'Optional remark').getByText('Only when something was odd')).toBeVisible();
  const photo = card(page, 'Photo of the exit').getByRole('img', { name: 'Photo 1 of Photo of the exit' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/api\/v1\/media\/.+signature=/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

test('/documentation/results/{document_id}/{id}: every answer, read-only, and Back to Results', async ({ page, orgAdmin }) => {
  const { checklist, row } = await submittedRow(orgAdmin, 'Evening Round');
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/results/${checklist.id}/${row.id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Result of Evening Round');
  await expect(page).toHaveTitle(`Result of Evening Round ${orgAdmin.org.name}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Evening Round' })).toHaveAttribute(
    'href',
    `/documentation/view/${checklist.id}`,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Submitted Answers' })).toBeVisible();
  await expectTheAnswers(page, orgAdmin);
  await expect(backFromRow(page, 'Evening Round')).toHaveAttribute('href', `/documentation/view/${checklist.id}`);
  await expect(page.getByRole('link', { name: 'Back to Results' })).toHaveCount(0);
  // Read-only: nothing to fill in or submit; the one button saves the row as a PDF (issue #13).
  await expect(page.locator('#result-row').locator('input, select, textarea, button')).toHaveText(['Download PDF']);
  await expectAccessible(page);

  await usePhoneViewport(page);
  await page.reload();
  await expect(card(page, 'Photo of the exit').getByRole('img')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('/documentation/view/{document_id}/{id}: the row in the document frame; Back to Results leads to the viewer', async ({ page, orgAdmin }) => {
  const { checklist, row } = await submittedRow(orgAdmin, 'Night Round');
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${checklist.id}/${row.id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Night Round');
  await expectTheAnswers(page, orgAdmin);
  await expect(page.locator('#document-row')).toHaveAttribute('data-row-id', row.id);
  // The way back sits at the start of the line above 'Submitted Answers', not floating mid-header (issue #43 item 18).
  const back = (await backFromRow(page, 'Night Round').boundingBox())!;
  const heading = (await page.getByRole('heading', { level: 2, name: 'Submitted Answers' }).boundingBox())!;
  expect(Math.abs(back.x - heading.x)).toBeLessThan(2);
  expect(back.y + back.height).toBeLessThanOrEqual(heading.y + 1);
  await expectAccessible(page);

  await usePhoneViewport(page);
  await expectNoHorizontalScroll(page);

  await backFromRow(page, 'Night Round').click();
  await expect(page).toHaveURL(`/documentation/view/${checklist.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Night Round');
});

test('a row that does not exist: the error state, and the way back still there', async ({ page, orgAdmin }) => {
  const { checklist } = await submittedRow(orgAdmin, 'Morning Round');
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/results/${checklist.id}/0190e1a0-0000-7000-8000-0000000000ab`);
  await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong: Submission not found' })).toBeVisible();
  await expect(backFromRow(page, 'Morning Round')).toHaveAttribute('href', `/documentation/view/${checklist.id}`);
});
