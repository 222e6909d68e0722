/**
 * The weight of the results screen (issue #13 "The results screen's first load ≤ 150 KB gzip"):
 * /documentation/results/{id} of a sheet with a row, first load (HTML, CSS, JS: the grid and React
 * included) measured from the browser's own responses.
 */
import { gzipSync } from 'node:zlib';
import { sheetWithARow } from './support/checklist-filler.ts';
import { apiReads, expect, signInWithToken, test } from './support/test.ts';

test('the results screen’s first load (HTML, CSS, JS, the grid included) stays within 150 KB gzip', async ({ page, orgAdmin }) => {
  const sheet = await sheetWithARow(orgAdmin.token, 'Weighed sheet');
  await signInWithToken(page, orgAdmin.token);
  const loaded: { url: string; type: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    const body = await response.body().catch(() => undefined);
    if (body) loaded.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length });
  });
  const reads = apiReads(page);
  const streamOpened = page.waitForRequest((request) => request.url().includes('/notifications/stream'));
  await page.goto(`/documentation/results/${sheet.id}`);
  await expect(page.getByRole('table', { name: 'Results of Weighed sheet' }).locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('cell', { name: /True/ })).toBeVisible();
  await streamOpened;
  const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
  const lines = loaded.map((r) => `${(r.gzip / 1000).toFixed(1)} KB ${r.type} ${r.url}`).join('\n');
  const summary = `results route of a sheet: ${(total / 1000).toFixed(1)} KB gzip`;
  test.info().annotations.push({ type: 'weight', description: `${summary}\n${lines}` });
  console.log(`${summary}\n${lines}`);
  expect(total).toBeLessThanOrEqual(150_000);
  // The document is an early read (src/client/page-data-script.ts), asked for once; then the first 30 days and the rest.
  expect(reads.filter((r) => r === `documentation/documents/${sheet.id}`)).toHaveLength(1);
  expect(reads.filter((r) => r.startsWith(`documentation/documents/${sheet.id}/sheet-data?`))).toEqual([
    expect.stringMatching(/^[^?]+\?start_time=\d+&skip=0$/),
    expect.stringMatching(/^[^?]+\?end_time=\d+&skip=0&limit=100$/),
  ]);
});
