/**
 * Tables that fit (issue #32): the Invited users table and a result sheet's results grid, at 1280 px and
 * at 390 px, checked by their geometry (support/layout.ts): no word broken inside a cell, every column
 * reachable or its cut-off shown, a date on one line, a ✓/✗ beside its value, each action once, nothing
 * lying over a button. Then the columns of two checklists with the same question title, told apart by
 * their checklist's name in the grid, the CSV and the report's cards, and the CSV's photo links.
 */
import type { Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { publishChecklist, question, type DocumentAnswer } from './support/checklist-filler.ts';
import { expectNotCovered, signInOnScreen } from './support/journeys.ts';
import { expectColumnsReachable, expectNoBrokenWords, expectOneLine } from './support/layout.ts';
import { baseUrl } from './support/environment.ts';
import {
  callApi,
  createRole,
  desktopViewport,
  expect,
  expectAccessible,
  inviteByEmail,
  layoutWidths,
  newIdentity,
  phoneViewport,
  signInWithToken,
  test,
  type OrgAdmin,
} from './support/test.ts';

// Each test sets its stage over the API (roles, invitations, checklists, uploads, submissions) first.
test.describe.configure({ timeout: 90_000 });
const table = (page: Page, name: string) => page.getByRole('table', { name });
const bodyRows = (page: Page, name: string) => table(page, name).locator('tbody tr');

// ── The Invited users table ─────────────────────────────────────────────────────────────────────────

async function openInvited(page: Page, admin: OrgAdmin): Promise<void> {
  const inspector = await createRole(admin, 'Inspector');
  const auditor = await createRole(admin, 'Auditor');
  for (const who of ['bob', 'margaret.hutchinson-smith']) {
    await inviteByEmail(admin.token, `${who}.${newIdentity('x').username}@example.com`, [inspector.id, auditor.id]);
  }
  await signInWithToken(page, admin.token);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Invited', exact: true }).click();
  await expect(bodyRows(page, 'Pending Invitations')).toHaveCount(2);
}

const ACTIONS = ['QR Code', 'Copy Link', 'Resend', 'Edit', 'Cancel'];

test('Invited users at 1280 px: no word broken in a cell, one Actions column with each action named, all reachable', async ({ page, orgAdmin }) => {
  await page.setViewportSize(desktopViewport);
  await openInvited(page, orgAdmin);
  const grid = table(page, 'Pending Invitations');
  await expect(grid.getByRole('columnheader')).toHaveText(['Email', 'Roles', 'Creation', 'Expiry', 'Actions']);
  await expectNoBrokenWords(grid, 'the Invited users table');
  await expectColumnsReachable(grid);
  const row = bodyRows(page, 'Pending Invitations').first();
  for (const action of ACTIONS) {
    const button = row.getByRole('button', { name: new RegExp(`^${action} (for|of|the) `) });
    await expect(button).toHaveCount(1);
    await expectNotCovered(button);
  }
  await expectAccessible(page);
});

test('Invited users at 390 px: each card shows each action once, none covered', async ({ page, orgAdmin }) => {
  await page.setViewportSize(phoneViewport);
  await openInvited(page, orgAdmin);
  const card = bodyRows(page, 'Pending Invitations').first();
  const text = (await card.innerText()).replace(/\s+/g, ' ');
  for (const action of ACTIONS) {
    expect(text.split(action).length - 1, `"${action}" shown once in the card: ${text}`).toBeLessThanOrEqual(1);
    const button = card.getByRole('button', { name: new RegExp(`^${action} (for|of|the) `) });
    await expect(button).toHaveCount(1);
    await expect(button).toBeVisible();
    await expectNotCovered(button);
  }
  await expectAccessible(page);
});

// ── The results grid ────────────────────────────────────────────────────────────────────────────────

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Stage {
  pump: DocumentAnswer;
  valve: DocumentAnswer;
  sheet: { id: string; name: string };
  photo: string;
}

/**
 * Two checklists, 'Pump check' and 'Valve check', each asking 'Serial number' (the valve's joins the
 * pump's), the pump's with several more questions (a wide grid) and a photo; one joined row.
 */
async function stage(admin: OrgAdmin, doctype: 'sheet' | 'report' = 'sheet'): Promise<Stage> {
  const { token } = admin;
  const pump = await publishChecklist(token, 'Pump check', {
    p_serial: question('Serial number', 'text'),
    p_pressure: question('Pressure at the outlet in bar', 'decimal'),
    p_ok: question('Pump runs quietly', 'pass/fail'),
    p_seen: question('Last serviced', 'datetime'),
    p_note: question('Observations of the inspector', 'text'),
    p_photo: question('Photo of the pump', 'true/false', { photoVerification: true }),
  });
  const valve = await publishChecklist(token, 'Valve check', {
    v_serial: question('Serial number', 'text'),
    v_tight: question('Valve closes tightly', 'true/false'),
  });
  const [signed] = await callApi<{ upload_id: string; url: string; fields: Record<string, string> }[]>(
    `documentation/documents/${pump.id}/sign-content-upload`,
    { token, json: [{ filename: 'pump.png', file_size: PNG.length, content_type: 'image/png' }] },
  );
  const form = new FormData();
  for (const [field, value] of Object.entries(signed!.fields)) form.append(field, value);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'pump.png');
  expect((await fetch(`${baseUrl()}${new URL(signed!.url).pathname}`, { method: 'POST', body: form })).status).toBe(204);

  const name = `Station ${doctype} ${newIdentity('s').username}`;
  const created = await callApi<DocumentAnswer>('documentation/documents', { token, json: { folder_id: 'root', name, doctype } });
  const questions = {
    ...Object.fromEntries(
      ['p_serial', 'p_pressure', 'p_ok', 'p_seen', 'p_note', 'p_photo'].map((id) => [id, { ...pumpQuestions[id]!, form_id: pump.id }]),
    ),
    v_serial: { ...question('Serial number', 'text'), form_id: valve.id },
    v_tight: { ...question('Valve closes tightly', 'true/false'), form_id: valve.id },
  };
  await callApi(`documentation/documents/${created.id}`, {
    token,
    method: 'PUT',
    json: {
      version: created.version,
      changelog: 'Two checklists',
      contents: {
        questions,
        question_index: ['p_serial', 'p_pressure', 'p_ok', 'p_seen', 'p_note', 'p_photo', 'v_serial', 'v_tight'],
        form_links: { v_serial: 'p_serial' },
        form_ids: [pump.id, valve.id],
      },
    },
  });
  await callApi(`documentation/documents/${pump.id}/data`, {
    token,
    json: {
      record: {
        p_serial: { value: 'SN-1001' },
        p_pressure: { value: 4.5 },
        p_ok: { value: 'pass' },
        p_seen: { value: '2026-11-20T09:30:00.000Z' },
        p_note: { value: 'Bearing noise at start-up, otherwise fine' },
        p_photo: { value: true, media: [signed!.upload_id] },
      },
    },
  });
  await callApi(`documentation/documents/${valve.id}/data`, { token, json: { record: { v_serial: { value: 'SN-1001' }, v_tight: { value: true } } } });
  return { pump, valve, sheet: { id: created.id, name }, photo: signed!.upload_id };
}

const pumpQuestions: Record<string, ReturnType<typeof question>> = {
  p_serial: question('Serial number', 'text'),
  p_pressure: question('Pressure at the outlet in bar', 'decimal'),
  p_ok: question('Pump runs quietly', 'pass/fail'),
  p_seen: question('Last serviced', 'datetime'),
  p_note: question('Observations of the inspector', 'text'),
  p_photo: question('Photo of the pump', 'true/false', { photoVerification: true }),
};

async function openResults(page: Page, admin: OrgAdmin, s: Stage): Promise<Locator> {
  await signInWithToken(page, admin.token);
  await page.goto(`/documentation/results/${s.sheet.id}`);
  const grid = table(page, `Results of ${s.sheet.name}`);
  await expect(grid.locator('tbody tr')).toHaveCount(1);
  // The charts above the grid arrive after it (the analytics call, then uPlot): the page is read once they stand.
  await expect(page.getByRole('heading', { level: 2, name: 'Last serviced' })).toBeVisible();
  return grid;
}

/** The ✓/✗ of a cell lies on its value's line, just after it. */
async function expectMarkBeside(cell: Locator, what: string): Promise<void> {
  const place = await cell.evaluate((td) => {
    const mark = td.querySelector('.sheet-valid, .sheet-invalid [aria-hidden], .sheet-valid [aria-hidden]') as HTMLElement | null;
    const value = td.querySelector('.sheet-answer-text') ?? td;
    const range = document.createRange();
    range.selectNodeContents(value);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const last = rects.at(-1)!;
    const box = (td.querySelector('.sheet-valid [aria-hidden], .sheet-invalid [aria-hidden]') ?? mark)!.getBoundingClientRect();
    return { gap: box.left - last.right, dy: Math.abs((box.top + box.bottom) / 2 - (last.top + last.bottom) / 2) };
  });
  expect(place.dy, `${what}: the mark on its value's line`).toBeLessThan(4);
  expect(place.gap, `${what}: the mark just after its value`).toBeLessThan(24);
  expect(place.gap, `${what}: the mark just after its value`).toBeGreaterThan(-2);
}

for (const { label, size } of layoutWidths) {
  test(`the results grid at ${label}: columns reachable or their cut-off shown, dates on one line, ✓/✗ beside the value`, async ({ page, orgAdmin }) => {
    await page.setViewportSize(size);
    const s = await stage(orgAdmin);
    const grid = await openResults(page, orgAdmin, s);
    if (label === '1280 px') {
      expect(await expectColumnsReachable(grid), 'eight question columns are wider than the page').toBe(true);
      await expectNoBrokenWords(grid.locator('thead'), 'the column headers');
    }
    const row = grid.locator('tbody tr').first();
    await expectOneLine(row.locator('td[data-column="datetime"] a'), 'the row time');
    await expectOneLine(row.locator('td[data-column="p_seen"] .sheet-answer-text'), 'a datetime answer');
    await expectMarkBeside(row.locator('td[data-column="p_ok"]'), 'Pass');
    await expectMarkBeside(row.locator('td[data-column="v_tight"]'), 'True');
    await expectNotCovered(page.getByRole('button', { name: 'Export CSV' }));
    await expectAccessible(page);
  });
}

/** The file's own page runs nothing (its CSP is `sandbox`): Chromium says so when the browser opens it. */
const SANDBOXED_FILE = /Blocked script execution in '.*\/api\/v1\/media\/.*sandboxed/;

test('two columns titled alike are told apart by their checklist in the grid and the CSV; the CSV links each photo', async ({ page, orgAdmin, expectPageProblem }) => {
  expectPageProblem(SANDBOXED_FILE);
  const s = await stage(orgAdmin);
  const grid = await openResults(page, orgAdmin, s);
  await expect(grid.getByRole('columnheader', { name: 'Serial number (Pump check)' })).toHaveCount(1);
  await expect(grid.getByRole('columnheader', { name: 'Serial number (Valve check)' })).toHaveCount(1);
  await expect(grid.getByRole('columnheader', { name: 'Pump runs quietly', exact: true })).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = (await (await (await download).createReadStream()).toArray()).map(String).join('');
  const [header, first] = parse(text.replace(/^\uFEFF/, '')) as string[][];
  expect(header).toContain('Serial number (Pump check)');
  expect(header).toContain('Serial number (Valve check)');
  expect(header).toContain('Pump runs quietly');
  const photos = header!.indexOf('Photo of the pump (photos)');
  expect(photos, `a photos column in ${header!.join(' | ')}`).toBeGreaterThan(-1);
  const link = first![photos]!;
  expect(link).toBe(new URL(`/documentation/media/${s.pump.id}/${s.photo}`, baseUrl()).href);

  // The link opens the photo for a signed-in reader (the page is the app's; the file is served to them).
  const photo = page.waitForResponse((r) => r.url().includes(`/api/v1/media/${s.pump.id}/${s.photo}`));
  await page.goto(link);
  expect((await photo).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/api/v1/media/${s.pump.id}/${s.photo}\\?`));
});

test('a signed-out reader of a photo link is asked to sign in first, then sees the photo', async ({ page, orgAdmin, expectPageProblem }) => {
  expectPageProblem(SANDBOXED_FILE);
  const s = await stage(orgAdmin);
  const link = `/documentation/media/${s.pump.id}/${s.photo}`;
  await page.goto(link);
  await page.waitForURL(/\/login/);
  const photo = page.waitForResponse((r) => r.url().includes(`/api/v1/media/${s.pump.id}/${s.photo}`));
  // The file is shown in a sandbox (its CSP): Chromium says so on the console, once the file has arrived.
  const sandboxed = page.waitForEvent('console', (message) => SANDBOXED_FILE.test(message.text()));
  await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
  expect((await photo).status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/api/v1/media/${s.pump.id}/${s.photo}\\?`));
  await sandboxed;
});

test("a report's cards tell the two 'Serial number' questions apart by their checklist", async ({ page, orgAdmin }) => {
  const s = await stage(orgAdmin, 'report');
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${s.sheet.id}`);
  const cards = page.getByRole('list', { name: 'Answers' });
  await expect(cards.getByRole('heading', { name: 'Serial number (Pump check)' })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Serial number (Valve check)' })).toBeVisible();
  await expect(cards.getByRole('heading', { name: 'Pump runs quietly', exact: true })).toBeVisible();
  await expectAccessible(page);
});
