/**
 * The weight of a share link's fill page (#29 "/fill/{token} … light: no React, at most 45 KB gzip on
 * first load"): HTML, CSS and JS as the browser received them, the filler included, measured from its
 * own responses; and the page's one read leaves from the HTML, not after the modules.
 */
import { gzipSync } from 'node:zlib';
import { publishChecklist, question, submitButton } from './support/checklist-filler.ts';
import { callApi, expect, holdRequests, test } from './support/test.ts';

test('the fill page’s first load (HTML, CSS, JS, the filler included) stays within 45 KB gzip, without React', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Weighed', { ok: question('Fine', 'true/false', { required: true }) });
  const link = await callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: orgAdmin.token, json: { name: 'Scale' } });
  const loaded: { url: string; type: string; gzip: number }[] = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    const body = await response.body().catch(() => undefined);
    if (body) loaded.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length });
  });
  // The checklist's read leaves from the HTML beside the modules: it is sent while the filler's code is held back.
  const reads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/share/checklist') reads.push(request.url());
  });
  const release = await holdRequests(page, /\/_astro\/checklist-filler\./);
  await page.goto(`/fill/${link.token}`, { waitUntil: 'commit' });
  await expect.poll(() => reads.length, { message: 'the read left without waiting for the filler’s code' }).toBe(1);
  release();
  await expect(submitButton(page)).toBeVisible();
  const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
  const lines = loaded.map((r) => `${(r.gzip / 1000).toFixed(1)} KB ${r.type} ${r.url}`).join('\n');
  const summary = `fill page: ${(total / 1000).toFixed(1)} KB gzip`;
  test.info().annotations.push({ type: 'weight', description: `${summary}\n${lines}` });
  console.log(`${summary}\n${lines}`);
  expect(loaded.some((r) => /react/i.test(r.url))).toBe(false);
  expect(total).toBeLessThanOrEqual(45_000);
  expect(reads, 'read once: the element takes the HTML’s read').toHaveLength(1);
});
