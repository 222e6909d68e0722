/**
 * A result sheet's and a report's first rows leave the moment their document is in, beside their viewer's
 * code (the doctype registry's `pageReads`, islands/sheet-results/first-rows.ts), not once React and the
 * grid have loaded and mounted: on a slow phone that is one round trip (562 ms) sooner. React's file is
 * held back at the real server (nothing mocked): the read must already have left, and the grid, once
 * mounted, takes that read instead of asking again.
 */
import type { Page } from '@playwright/test';
import { sheetWithARow } from './support/checklist-filler.ts';
import { apiReads, expect, holdRequests, signInWithToken, test } from './support/test.ts';

/** Holds back React's file (the sheet's viewer cannot run without it) until `release`. */
const holdReact = (page: Page) => holdRequests(page, /\/_astro\/react\.[^/]+\.js$/);

const rowsOf = (reads: string[], id: string) => reads.filter((read) => read.startsWith(`documentation/documents/${id}/sheet-data?`));

for (const [doctype, screen, firstRows] of [
  ['sheet', 'view', /\?start_time=\d+&skip=0$/],
  ['report', 'view', /\?limit=1$/],
  ['report', 'results', /\?start_time=\d+&skip=0$/],
] as const) {
  test(`a ${doctype}'s ${screen} page asks for its first rows as soon as its document is in, beside its viewer's code, once`, async ({ page, orgAdmin }) => {
    const sheet = await sheetWithARow(orgAdmin.token, `Walk ${doctype} results`, doctype);
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
