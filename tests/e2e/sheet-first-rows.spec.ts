/**
 * A result sheet's and a report's first rows leave the moment their document is in, beside their viewer's
 * code (the doctype registry's `firstReads`, islands/sheet-results/first-rows.ts), not once React and the
 * grid have loaded and mounted: on a slow phone that is one round trip (562 ms) sooner. React's file is
 * held back at the real server (nothing mocked): the read must already have left, and the grid, once
 * mounted, takes that read instead of asking again.
 */
import type { Page } from '@playwright/test';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { apiReads, callApi, expect, signInWithToken, test, type OrgAdmin } from './support/test.ts';

async function sheetWithARow(admin: OrgAdmin, doctype: 'sheet' | 'report'): Promise<{ id: string; name: string }> {
  const form = await publishChecklist(admin.token, `Walk ${doctype}`, { ok: question('Fine', 'true/false') });
  const name = `Walk ${doctype} results`;
  const sheet = await callApi<{ id: string; version: number }>('documentation/documents', { token: admin.token, json: { folder_id: 'root', name, doctype } });
  await callApi(`documentation/documents/${sheet.id}`, {
    token: admin.token,
    method: 'PUT',
    json: {
      version: sheet.version,
      changelog: 'One column',
      contents: { questions: { ok: { ...question('Fine', 'true/false'), form_id: form.id } }, question_index: ['ok'], form_links: {}, form_ids: [form.id] },
    },
  });
  await callApi(`documentation/documents/${form.id}/data`, { token: admin.token, json: { record: { ok: { value: true } } } });
  return { id: sheet.id, name };
}

/** Holds back React's file (the sheet's viewer cannot run without it) until `release`. */
async function holdReact(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/react\.[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const rowsOf = (reads: string[], id: string) => reads.filter((read) => read.startsWith(`documentation/documents/${id}/sheet-data?`));

for (const [doctype, screen, firstRows] of [
  ['sheet', 'view', /\?start_time=\d+&skip=0$/],
  ['report', 'view', /\?limit=1$/],
  ['report', 'results', /\?start_time=\d+&skip=0$/],
] as const) {
  test(`a ${doctype}'s ${screen} page asks for its first rows as soon as its document is in, beside its viewer's code, once`, async ({ page, orgAdmin }) => {
    const sheet = await sheetWithARow(orgAdmin, doctype);
    await signInWithToken(page, orgAdmin.token);
    const reads = apiReads(page);
    const release = await holdReact(page);
    await page.goto(`/documentation/${screen}/${sheet.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen === 'view' ? `View ${sheet.name}` : `Results of ${sheet.name}`);
    await expect.poll(() => rowsOf(reads, sheet.id)).toEqual([expect.stringMatching(firstRows)]);

    release();
    if (doctype === 'report' && screen === 'view') await expect(page.getByRole('list', { name: 'Answers' }).getByRole('listitem')).toHaveText([/Fine\s*True/]);
    else await expect(page.getByRole('table', { name: `Results of ${sheet.name}` }).locator('tbody tr')).toHaveCount(1);
    // The viewer took the read that had left: the first rows were asked for once.
    expect(rowsOf(reads, sheet.id).filter((read) => firstRows.test(read))).toHaveLength(1);
  });
}
