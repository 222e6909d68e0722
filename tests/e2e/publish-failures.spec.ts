/**
 * Publish failures in the checklist editor (documentation §4 "Checklist editor", "Editing"; issue #4):
 * 'Publish failed, something went wrong.' with the work kept, and a clear message when someone else
 * published first, then keeping my changes to publish as the next version.
 */
import { createForm, dialogNamed, inOrder, openEditor, publish, question, status, stored } from './support/checklist-editor.ts';
import { callApi, expect, test } from './support/test.ts';

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
