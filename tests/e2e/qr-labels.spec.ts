/**
 * QR label sheets in the browser (issue #29): the folder's menu leads to 'Print QR Labels', the page
 * counts the labels (and those of the subfolders when asked), the PDF downloads, and every code in it —
 * rendered by pdftoppm, decoded by zbarimg (tests/api/support/qr-scan.ts) — holds its item's address
 * under PUBLIC_URL. The page passes the accessibility scan at desktop and phone width.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { decodeSheet, renderPdf } from '../api/support/qr-scan.ts';
import { expectBreadcrumbs, checkAtPhoneWidth, createChecklist, createFolder, heading } from './support/documentation.ts';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

test('the folder menu leads to Print QR Labels: the count, the subfolders, a PDF whose codes hold each item’s address', async ({ page, orgAdmin }) => {
  test.slow(); // twelve items made over the API, a PDF rendered and decoded, two scans
  const token = orgAdmin.token;
  const plant = await createFolder(token, 'Plant B');
  const lines = [await createFolder(token, 'Line 1', plant.id), await createFolder(token, 'Line 2', plant.id)];
  const checklists = [];
  for (let i = 1; i <= 10; i++) checklists.push(await createChecklist(token, `Check ${String(i).padStart(2, '0')}`, plant.id));
  await createChecklist(token, 'Line 1 start-up', lines[0]!.id);

  await signInWithToken(page, token);
  await page.goto(`/documentation/browse/${plant.id}`);
  await page.getByRole('button', { name: 'Folder menu of Plant B' }).click();
  await page.getByRole('menuitem', { name: 'Print QR Labels' }).click();
  await expect(page).toHaveURL(`/documentation/qr-sheet/${plant.id}`);
  await expect(heading(page)).toHaveText('QR Labels: Plant B');
  await expectBreadcrumbs(page, ['Home', 'Documentation', 'Plant B']);
  await expect(page.getByText('12 labels on 1 page.')).toBeVisible();
  await expectAccessible(page);

  // The subfolders' items are read when asked for; the count follows the switch and the layout.
  const subtree = page.getByRole('switch', { name: 'Include subfolders' });
  await subtree.check();
  await expect(page.getByText('13 labels on 1 page.')).toBeVisible();
  await subtree.uncheck();
  await page.getByLabel('Labels', { exact: true }).selectOption({ label: '62 mm tape or labels: one 62 × 29 mm label a page' });
  await expect(page.getByText('12 labels on 12 pages.')).toBeVisible();
  await page.getByLabel('Labels', { exact: true }).selectOption('avery-l7160');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Plant B QR labels.pdf');
  await expect(page.getByText('Downloaded Plant B QR labels.pdf. Print it at actual size (100 %).')).toBeVisible();
  const rendered = await renderPdf(await readFile((await download.path())!));
  try {
    expect(rendered.pages).toHaveLength(1);
    const expected = [
      ...checklists.map((c) => `${baseUrl()}/documentation/view/${c.id}`),
      ...lines.map((l) => `${baseUrl()}/documentation/browse/${l.id}`),
    ];
    expect((await decodeSheet(rendered, 'avery-l7160'))[0]).toEqual(expected.sort());
  } finally {
    await rendered.remove();
  }

  await checkAtPhoneWidth(page, () => expect(page.getByText('12 labels on 1 page.')).toBeVisible());
});

test('a folder the signed-in person may not read: the page says so', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/qr-sheet/0190e1a0-0000-7000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Something went wrong: Folder not found');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
});

for (const [width, viewport] of [
  ['1280×800', { width: 1280, height: 800 }],
  ['390×844', phoneViewport],
] as const) {
  test(`at ${width}: a checklist with a live share link defaults to it, and the page and the labels say which codes open without an account`, async ({ page, orgAdmin }) => {
    const token = orgAdmin.token;
    const yard = await createFolder(token, `Yard ${width}`);
    const gate = await createChecklist(token, 'Gate check', yard.id);
    await createChecklist(token, 'Forklift check', yard.id);
    const link = await callApi<{ id: string }>(`documentation/documents/${gate.id}/share-links`, { token, json: { name: 'Reception' } });

    await page.setViewportSize(viewport);
    await signInWithToken(page, token);
    await page.goto(`/documentation/qr-sheet/${yard.id}`);
    const choice = page.getByLabel('Gate check', { exact: true });
    await expect(choice).toHaveValue(link.id);
    const gateField = page.locator('.field').filter({ has: choice });
    await expect(gateField.getByText('No account needed: anyone holding the label can fill it in.')).toBeVisible();
    await expect(page.getByText('1 of 2 codes opens without an account; the other needs a sign-in.')).toBeVisible();
    await expectAccessible(page);

    await choice.selectOption({ index: 0 });
    await expect(gateField.getByText('Sign-in needed: only people with an account in this organisation can open it.')).toBeVisible();
    await expect(page.getByText('No code on this sheet opens without an account: each needs a sign-in.')).toBeVisible();
    await choice.selectOption(link.id);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const text = execFileSync('pdftotext', ['-layout', (await (await downloading).path())!, '-']).toString('utf8');
    expect(text.match(/No account needed/g)).toHaveLength(1);
    expect(text.match(/Sign-in needed/g)).toHaveLength(1);
  });
}
