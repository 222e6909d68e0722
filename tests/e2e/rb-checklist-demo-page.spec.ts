/**
 * The standalone element, `rb-checklist` on its plain-HTML demo page (documentation §4 "Form fill"; issue
 * #4 "The filler"): a checklist loaded from the API with a token and submitted, a token the API refuses
 * (the answers wait, rb-unauthorized, sent once a valid token comes), and a refused submission.
 */
import { endOwnSession } from './support/journeys.ts';
import { filler, publishChecklist, question, questionNamed, queueStatus, rowsOf, submitButton } from './support/checklist-filler.ts';
import { callApi, expect, expectAccessible, signInOverApi, test } from './support/test.ts';

test.describe('rb-checklist on its plain-HTML demo page', () => {
  test('loads a checklist from the API with a token and submits it', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Demo checklist', {
      ok: question('Tyres inflated', 'true/false', { required: true }),
      km: question('Odometer', 'number'),
    });
    const response = await page.goto('/elements/rb-checklist/demo.html');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('API base').fill('/api/v1');
    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();

    await expect(filler(page).getByRole('heading', { name: 'Demo checklist' })).toBeVisible();
    await questionNamed(page, 'Tyres inflated').getByRole('radio', { name: 'True' }).check();
    await questionNamed(page, 'Odometer').getByRole('spinbutton').fill('12345');
    await expectAccessible(page);
    await submitButton(page).click();
    await expect(filler(page).getByText('Answers Successfully Submitted.')).toBeVisible();
    await expect(page.locator('#event')).toContainText('rb-submitted');
    await expect(page.locator('#event')).toContainText('"status": "sent"');

    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record.km!.value).toBe(12345);
  });

  test('a token the API refuses: the answers wait on this device, rb-unauthorized, and go once a valid token comes', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Standalone', { ok: question('Fine', 'true/false', { required: true }) });
    const soonEnded = await signInOverApi(orgAdmin.username, orgAdmin.password);
    await page.goto('/elements/rb-checklist/demo.html');
    await page.getByLabel('Token').fill(soonEnded);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await questionNamed(page, 'Fine').getByRole('radio', { name: 'True' }).check();

    await endOwnSession(soonEnded);
    await submitButton(page).click();
    await expect(filler(page).getByText('Saved on this device: the answers will be sent after you sign in again.')).toBeVisible();
    await expect(page.locator('#event')).toContainText('rb-unauthorized');
    await expect(page.locator('#event')).toContainText('Could not validate credentials');
    await expect(queueStatus(page)).toHaveText('1 submission waiting to be sent');
    await expect(page).toHaveURL(/\/elements\/rb-checklist\/demo\.html$/); // no app here: nothing signs out
    expect(await rowsOf(orgAdmin.token, doc.id)).toHaveLength(0);

    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await expect(queueStatus(page)).toHaveText(/^Sent at /);
    const rows = await rowsOf(orgAdmin.token, doc.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.record.ok!.value).toBe(true);
  });

  test('a refused submission shows the failure text', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Refused', { ok: question('Fine', 'true/false', { required: true }) });
    await page.goto('/elements/rb-checklist/demo.html');
    await page.getByLabel('Token').fill(orgAdmin.token);
    await page.getByLabel('Checklist id').fill(doc.id);
    await page.getByRole('button', { name: 'Load checklist' }).click();
    await questionNamed(page, 'Fine').getByRole('radio', { name: 'True' }).check();
    // The checklist changes under the filler: the server refuses the old question.
    await callApi(`documentation/documents/${doc.id}`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: { version: doc.version, contents: { questions: { other: question('Other', 'text') }, question_index: ['other'] }, changelog: 'Replaced' },
    });
    await submitButton(page).click();
    await expect(filler(page).getByRole('alert')).toHaveText('Something went wrong with your submission.');
    await expect(page.locator('#event')).toContainText('rb-submit-failed');
    await expect(questionNamed(page, 'Fine').getByRole('radio', { name: 'True' })).toBeChecked(); // nothing lost
  });
});
