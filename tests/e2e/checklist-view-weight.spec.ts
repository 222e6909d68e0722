/**
 * The weight of the view route for a checklist (documentation §4 "Form fill"; issue #4): its first load
 * (HTML, CSS, JS, the filler included) stays within 60 KB gzip. The checklist is published over the API.
 */
import { gzipSync } from 'node:zlib';
import { publishChecklist, question, submitButton } from './support/checklist-filler.ts';
import { expect, signInWithToken, test } from './support/test.ts';

test.describe.configure({ mode: 'parallel' });

test.describe('the view route for a checklist', () => {
  test('first load (HTML, CSS, JS, the filler included) stays within 60 KB gzip', async ({ page, orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Weighed', { ok: question('Fine', 'true/false', { required: true }) });
    await signInWithToken(page, orgAdmin.token);
    const loaded: { url: string; type: string; gzip: number }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      const body = await response.body().catch(() => undefined);
      if (body) loaded.push({ url: new URL(response.url()).pathname, type, gzip: gzipSync(body).length });
    });
    await page.goto(`/documentation/view/${doc.id}`);
    await expect(submitButton(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
    const byType = (type: string) => loaded.filter((r) => r.type === type).reduce((sum, r) => sum + r.gzip, 0);
    const lines = loaded.map((r) => `${(r.gzip / 1000).toFixed(1)} KB ${r.type} ${r.url}`).join('\n');
    const summary = `view route with a checklist: ${(total / 1000).toFixed(1)} KB gzip (html ${(byType('document') / 1000).toFixed(1)}, css ${(byType('stylesheet') / 1000).toFixed(1)}, js ${(byType('script') / 1000).toFixed(1)})`;
    test.info().annotations.push({ type: 'weight', description: `${summary}\n${lines}` });
    console.log(`${summary}\n${lines}`);
    expect(loaded.some((r) => r.url.includes('react'))).toBe(false);
    expect(total).toBeLessThanOrEqual(60_000);
  });
});
