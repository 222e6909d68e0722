/**
 * The weight of a checklist's results page (issue #45 "the results page's first load (gzip), within the
 * editors' budget": tests/bench/page-weight.ts `budgets.editor`, 350 KB): /documentation/results/{id} of a
 * checklist with submissions, first load until its charts are drawn (HTML, CSS, JS: React, the grid,
 * uPlot and the charts included), measured from the browser's own responses. uPlot is fetched by this
 * page only, after its first numbers.
 */
import { gzipSync } from 'node:zlib';
import { callApi, expect, signInWithToken, test } from './support/test.ts';

const EDITOR_BUDGET = 350_000;

test('a checklist’s results page, charts included, stays within the editors’ budget', async ({ page, orgAdmin }) => {
  const questions = { ok: { title: 'Guard in place', valueType: 'pass/fail', required: true }, n: { title: 'Reading', valueType: 'number', required: true } };
  const doc = await callApi<{ id: string }>('documentation/documents', {
    token: orgAdmin.token,
    json: { folder_id: 'root', name: 'Weighed round', doctype: 'form', description: '', contents: { questions, question_index: Object.keys(questions) } },
  });
  for (const value of [1, 5, 9]) {
    await callApi(`documentation/documents/${doc.id}/data`, { token: orgAdmin.token, json: { record: { ok: { value: 'pass' }, n: { value } } } });
  }
  await signInWithToken(page, orgAdmin.token);
  const loaded: { url: string; type: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    const body = await response.body().catch(() => undefined);
    if (body) loaded.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length });
  });
  await page.goto(`/documentation/results/${doc.id}`);
  await expect(page.getByRole('table', { name: 'Results of Weighed round' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByRole('region', { name: 'Reading', exact: true }).locator('canvas')).toBeVisible();
  const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
  const lines = loaded.map((r) => `${(r.gzip / 1000).toFixed(1)} KB ${r.type} ${r.url}`).join('\n');
  const summary = `results route of a checklist: ${(total / 1000).toFixed(1)} KB gzip`;
  test.info().annotations.push({ type: 'weight', description: `${summary}\n${lines}` });
  console.log(`${summary}\n${lines}`);
  expect(loaded.some((r) => /ChartCards/.test(r.url))).toBe(true);
  expect(total).toBeLessThanOrEqual(EDITOR_BUDGET);
});
