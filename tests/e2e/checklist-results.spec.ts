/**
 * A checklist's results page (issue #45): /documentation/results/{id} of a checklist with 50 submissions
 * shows its charts (uPlot, each with the table of its numbers and Save as PNG) above THE results grid
 * (10 a page, newest first), at 1280 px and at 390 px, with no axe violation; a click on a chart's
 * bucket filters the grid to it; the filters read the rows again from the server.
 */
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport, type OrgAdmin } from './support/test.ts';
import { question } from './support/checklist-filler.ts';
import { memberOf, readOnlyRoot } from './support/documentation.ts';
import type { Question } from '../../src/shared/checklists/index.ts';

const questions = {
  floor: { title: 'Floor clean', valueType: 'pass/fail', required: true },
  locked: { title: 'Door locked', valueType: 'true/false', required: true },
  temp: { title: 'Cold room °C', valueType: 'decimal', required: true, validation: { enabled: true, min: 2, max: 8 } },
};

/** A checklist with 50 submissions: every 5th floor failing, the cold room from 0 to 9.8 °C. */
const checklistWithSubmissions = (admin: OrgAdmin, name: string) => checklistWithSubmissionsOf(admin, name, 50);

async function checklistWithSubmissionsOf(admin: OrgAdmin, name: string, count: number): Promise<{ id: string; failing: number }> {
  const doc = await callApi<{ id: string }>('documentation/documents', {
    token: admin.token,
    json: { folder_id: 'root', name, doctype: 'form', description: '', contents: { questions, question_index: Object.keys(questions) } },
  });
  let failing = 0;
  for (let i = 0; i < count; i++) {
    const temp = (i % 50) / 5;
    const record = { floor: { value: i % 5 === 0 ? 'fail' : 'pass' }, locked: { value: i % 2 === 0 }, temp: { value: temp } };
    if (i % 5 === 0 || temp < 2 || temp > 8) failing++;
    await callApi(`documentation/documents/${doc.id}/data`, { token: admin.token, json: { record } });
  }
  return { id: doc.id, failing };
}

test('a checklist’s results: charts above the grid, both widths, and a bucket’s click filters the grid', async ({ page, orgAdmin }) => {
  test.setTimeout(90_000);
  const { id, failing } = await checklistWithSubmissions(orgAdmin, 'Cold room round');
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/results/${id}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results of Cold room round');
  const grid = page.getByRole('table', { name: 'Results of Cold room round' });
  await expect(grid.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByRole('navigation', { name: 'Results of Cold room round pages' })).toContainText('1–10 of 50');
  for (const title of ['Submissions', 'Floor clean', 'Door locked', 'Cold room °C']) {
    const chart = page.getByRole('region', { name: title, exact: true });
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(chart.getByRole('button', { name: 'Save as PNG' })).toBeVisible();
    await expect(chart.getByRole('region', { name: `${title}: the numbers` }).getByRole('table')).toBeVisible();
  }
  // The submissions' table: today's bucket, 50 in all, valid and failing as the test counted them.
  const numbers = page.getByRole('region', { name: 'Submissions: the numbers' }).locator('tbody tr');
  await expect(numbers).toHaveCount(1);
  await expect(numbers.locator('td')).toHaveText(['50', String(50 - failing), String(failing)]);
  await expectAccessible(page);

  // A click on the chart's bucket: the grid reads that bucket's rows only.
  const asked = page.waitForRequest((r) => /\/data\?/.test(r.url()) && /start_time=/.test(r.url()));
  await page.getByRole('region', { name: 'Submissions', exact: true }).locator('.u-over').click();
  const request = new URL((await asked).url());
  const midnight = await page.evaluate(() => {
    const d = new Date();
    return Math.floor(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 1000);
  });
  expect(Number(request.searchParams.get('start_time'))).toBe(midnight);
  await expect(page.getByText(/^Showing .+ only\.$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the whole range' })).toBeVisible();

  // Failing only: the server's filter, the grid's count.
  await page.getByLabel('Status').selectOption('failing');
  await expect(page.getByRole('navigation', { name: 'Results of Cold room round pages' })).toContainText(`of ${failing}`);
  await expect(grid.locator('tbody tr').first()).toContainText('failing');

  // A row opens the submitted row.
  await grid.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/documentation/results/${id}/[0-9a-f-]+$`));

  await usePhoneViewport(page);
  await page.goto(`/documentation/results/${id}`);
  await expect(page.getByRole('region', { name: 'Cold room °C', exact: true }).locator('canvas')).toBeVisible();
  await expect(grid.locator('tbody tr')).toHaveCount(10);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('the checklist’s page links to its results', async ({ page, orgAdmin }) => {
  const doc = await callApi<{ id: string }>('documentation/documents', {
    token: orgAdmin.token,
    json: { folder_id: 'root', name: 'Daily round', doctype: 'form', description: '', contents: { questions, question_index: Object.keys(questions) } },
  });
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await page.getByRole('button', { name: 'Document menu' }).click();
  await page.getByRole('menuitem', { name: 'Results', exact: true }).click();
  await expect(page).toHaveURL(`/documentation/results/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results of Daily round');
});

test('a new submission moves the counts without a reload (the live stream the bell uses)', async ({ page, orgAdmin }) => {
  const { id } = await checklistWithSubmissionsOf(orgAdmin, 'Live round', 2);
  // The admin follows the checklist: its submissions reach them on the live stream.
  await callApi(`documentation/documents/${id}/subscription`, { token: orgAdmin.token, json: {} });
  const member = await memberOf(orgAdmin);
  await signInWithToken(page, orgAdmin.token);
  const streamOpened = page.waitForResponse((r) => r.url().includes('/documentation/notifications/stream') && r.status() === 200);
  await page.goto(`/documentation/results/${id}`);
  const numbers = page.getByRole('region', { name: 'Submissions: the numbers' }).locator('tbody tr td');
  await expect(numbers.first()).toHaveText('2');
  await streamOpened;
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

  const record = { floor: { value: 'fail' }, locked: { value: true }, temp: { value: 5 } };
  await callApi(`documentation/documents/${id}/data`, { token: member.token, json: { record } });
  await expect(numbers.first()).toHaveText('3');
  await expect(page.getByRole('navigation', { name: 'Results of Live round pages' })).toContainText('of 3');
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed), 'no reload').toBe(true);
});

test('a viewer with Read only, told of nothing, sees another member’s submission move the counts', async ({ page, orgAdmin }) => {
  const { id } = await checklistWithSubmissionsOf(orgAdmin, 'Watched round', 2);
  // The second member reads only (the root narrowed to Read) and follows nothing: no notification reaches them.
  await readOnlyRoot(orgAdmin);
  const reader = await memberOf(orgAdmin);
  await signInWithToken(page, reader.token);
  const streamOpened = page.waitForResponse((r) => r.url().includes('/documentation/notifications/stream') && r.status() === 200);
  await page.goto(`/documentation/results/${id}`);
  const numbers = page.getByRole('region', { name: 'Submissions: the numbers' }).locator('tbody tr td');
  await expect(numbers.first()).toHaveText('2');
  await streamOpened;
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

  // The first member (the admin) submits.
  const record = { floor: { value: 'pass' }, locked: { value: true }, temp: { value: 5 } };
  await callApi(`documentation/documents/${id}/data`, { token: orgAdmin.token, json: { record } });
  await expect(numbers.first()).toHaveText('3');
  await expect(page.getByRole('navigation', { name: 'Results of Watched round pages' })).toContainText('of 3');
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed), 'no reload').toBe(true);
  const told = await callApi<{ total: number }>('documentation/notifications', { token: reader.token });
  expect(told.total, 'the reader was notified of nothing').toBe(0);
});

test('a result sheet charts its number and date-time columns above its grid', async ({ page, orgAdmin }) => {
  const sheetQuestions = {
    temp: question('Cold room °C', 'decimal', { validation: { enabled: true, min: 2, max: 8 } as Question['validation'] }),
    when: question('Delivered', 'datetime'),
  };
  const form = await callApi<{ id: string }>('documentation/documents', {
    token: orgAdmin.token,
    json: { folder_id: 'root', name: 'Deliveries', doctype: 'form', description: '', contents: { questions: sheetQuestions, question_index: ['temp', 'when'] } },
  });
  for (const temp of [1, 5, 9]) {
    const record = { temp: { value: temp }, when: { value: new Date().toISOString() } };
    await callApi(`documentation/documents/${form.id}/data`, { token: orgAdmin.token, json: { record } });
  }
  const column = (q: object) => ({ ...q, form_id: form.id });
  const sheet = await callApi<{ id: string; version: number }>('documentation/documents', { token: orgAdmin.token, json: { folder_id: 'root', name: 'Delivery sheet', doctype: 'sheet' } });
  await callApi(`documentation/documents/${sheet.id}`, {
    token: orgAdmin.token,
    method: 'PUT',
    json: {
      version: sheet.version,
      changelog: 'Two columns',
      contents: {
        questions: { temp: column(sheetQuestions.temp), when: column(sheetQuestions.when) },
        question_index: ['temp', 'when'],
        form_links: {},
        form_ids: [form.id],
      },
    },
  });
  await signInWithToken(page, orgAdmin.token);
  // The charts' numbers are the database's: the sheet's analytics call.
  const counted = page.waitForResponse((res) => res.url().includes(`/documents/${sheet.id}/analytics?`) && res.status() === 200);
  await page.goto(`/documentation/results/${sheet.id}`);
  await counted;
  await expect(page.getByRole('table', { name: 'Results of Delivery sheet' }).locator('tbody tr')).toHaveCount(3);
  const temp = page.getByRole('region', { name: 'Cold room °C', exact: true });
  await expect(temp.locator('canvas')).toBeVisible();
  await expect(temp.getByRole('region', { name: 'Cold room °C: the numbers' }).locator('tbody td')).toHaveText(['3', '1', '5', '9', '2']);
  await expect(page.getByRole('region', { name: 'Delivered', exact: true }).locator('canvas')).toBeVisible();
  await expectAccessible(page);
});
