/**
 * A question hidden by its condition (issue #33) in what a submission shows afterwards (issue #43 item 8):
 * the result row and a report say it was not asked, never 'Not answered' with '✓ Valid' as if the filler
 * skipped it; a shown question left unanswered still reads 'Not answered'.
 */
import { publishChecklist, question } from './support/checklist-filler.ts';
import { callApi, expect, expectAccessible, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const NOT_ASKED = 'Not asked: hidden by its condition';

/** A checklist whose 'Why not?' shows only when 'Gate locked' is False, and a row answered True (so it was hidden). */
async function stage(admin: OrgAdmin) {
  const doc = await publishChecklist(admin.token, 'Gate round', {
    gate: question('Gate locked', 'true/false', { required: true }),
    why: question('Why not?', 'text', { required: true, show_if: { question: 'gate', op: 'equals', value: false } }),
    note: question('Anything else', 'text'),
  });
  const row = await callApi<{ id: string }>(`documentation/documents/${doc.id}/data`, {
    token: admin.token,
    json: { record: { gate: { value: true }, note: { value: 'not checked' } } },
  });
  return { doc, row };
}

for (const [width, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['390×844', phoneViewport],
] as const) {
  test(`at ${width}: the result row and a report show a hidden question as not asked`, async ({ page, orgAdmin }) => {
    const { doc, row } = await stage(orgAdmin);
    await page.setViewportSize(viewport);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/view/${doc.id}/${row.id}`);
    const why = page.getByRole('article', { name: 'Why not?' });
    await expect(why).toContainText(NOT_ASKED);
    await expect(why).not.toContainText('Not answered');
    await expect(why).not.toContainText('Valid');
    // A shown question left unanswered is still 'Not answered'.
    await expect(page.getByRole('article', { name: 'Anything else' })).toContainText('Not answered');
    await expectAccessible(page);

    const report = await callApi<{ id: string; version: number }>('documentation/documents', {
      token: orgAdmin.token,
      json: { folder_id: 'root', name: `Gate report ${width}`, doctype: 'report' },
    });
    const columns = await callApi<{ contents: { questions: Record<string, unknown> } }>(`documentation/documents/${doc.id}`, { token: orgAdmin.token });
    await callApi(`documentation/documents/${report.id}`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: {
        version: report.version,
        changelog: 'Columns',
        contents: {
          questions: Object.fromEntries(Object.entries(columns.contents.questions).map(([id, q]) => [id, { ...(q as object), form_id: doc.id }])),
          question_index: ['gate', 'why', 'note'],
          form_links: {},
          form_ids: [doc.id],
        },
      },
    });
    await page.goto(`/documentation/view/${report.id}`);
    const cards = page.getByRole('list', { name: 'Answers' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(1)).toContainText('Why not?');
    await expect(cards.nth(1)).toContainText(NOT_ASKED);
    await expect(cards.nth(1)).not.toContainText('Not answered');
    await expect(cards.nth(2)).toContainText('Not answered');
    await expectAccessible(page);
  });
}
