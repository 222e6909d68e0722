/**
 * The dashboard (/, accounts §2 Home; issue #12): checklists in progress are the filler's local drafts,
 * linked to their checklists; the panels' reads are each sent once, by the HTML beside auth/me; list
 * panels scroll at 500 px; two columns on a desktop, one at 786 px or less; axe at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { openChecklist, publishChecklist, question, questionNamed } from './support/checklist-filler.ts';
import { expectFitsPhone } from './support/journeys.ts';
import { callApi, expect, expectAccessible, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const PANELS = ['Assignments to Claim', 'Checklists in Progress', 'Favorites', 'Recent Activity'];
const panel = (page: Page, name: string) => page.getByRole('region', { name });

async function openDashboard(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const name of PANELS) await expect(panel(page, name).getByRole('list')).not.toHaveAttribute('aria-busy', 'true');
}

test('a checklist answered but not submitted is listed under Checklists in Progress and opens again', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Cold room', { t: question('Below 5 °C', 'true/false') });
  await publishChecklist(orgAdmin.token, 'Untouched', { t: question('Fine', 'true/false') });
  await openDashboard(page, orgAdmin);
  await expect(panel(page, 'Checklists in Progress')).toContainText('No checklists in progress');

  await openChecklist(page, orgAdmin, doc);
  await questionNamed(page, 'Below 5 °C').getByRole('radio', { name: 'True' }).check();
  // Another user's draft on this device is not listed.
  await page.evaluate((id) => localStorage.setItem(`rb-checklist:draft:someorg:someone:${id}`, JSON.stringify({ answers: {}, savedAt: new Date().toISOString() })), doc.id);

  await page.goto('/');
  const drafts = panel(page, 'Checklists in Progress');
  await expect(drafts.getByRole('link')).toHaveText(['Cold room']);
  await expect(drafts).toContainText('Saved');
  await drafts.getByRole('link', { name: 'Cold room' }).click();
  await expect(page).toHaveURL(new RegExp(`/documentation/view/${doc.id}$`));
  await expect(questionNamed(page, 'Below 5 °C').getByRole('radio', { name: 'True' })).toBeChecked();
});

test('the panels’ reads are each sent once, by the HTML beside auth/me', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  const reads: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/v1/')) reads.push(url.pathname.slice('/api/v1/'.length) + url.search);
  });
  await openDashboard(page, orgAdmin);
  for (const read of ['auth/me', 'workflow/assignments', 'documentation/favorites', 'documentation/notifications?limit=20']) {
    expect(reads.filter((r) => r === read), read).toHaveLength(1);
  }
});

test('an empty organisation: every panel says so', async ({ page, orgAdmin }) => {
  await openDashboard(page, orgAdmin);
  await expect(panel(page, 'Assignments to Claim')).toContainText('No assignments to claim');
  await expect(panel(page, 'Checklists in Progress')).toContainText('No checklists in progress');
});

test('list panels scroll at 500 px', async ({ page, orgAdmin }) => {
  const doc = await publishChecklist(orgAdmin.token, 'Many', { t: question('Fine', 'true/false') });
  const me = await callApi<{ id: string }>('auth/me', { token: orgAdmin.token });
  for (let i = 0; i < 12; i++) {
    await callApi('workflow/assignments/document', { token: orgAdmin.token, json: { assigned_to: { type: 'user', id: me.id }, object_id: doc.id, notes: `Round ${i}` } });
  }
  await openDashboard(page, orgAdmin);
  const list = panel(page, 'Assignments to Claim').getByRole('list').first();
  await expect(list.getByRole('button', { name: 'Claim Many' })).toHaveCount(12);
  const box = await list.evaluate((el) => ({ max: getComputedStyle(el).maxHeight, height: el.clientHeight, scroll: el.scrollHeight, overflow: getComputedStyle(el).overflowY }));
  expect(box).toMatchObject({ max: '500px', overflow: 'auto' });
  expect(box.height).toBeLessThanOrEqual(500);
  expect(box.scroll).toBeGreaterThan(box.height);
});

for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 800 } }, { label: '390 px', size: phoneViewport }]) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    test('the dashboard passes axe, and its panels sit in two columns (one at 786 px or less)', async ({ page, orgAdmin }) => {
      const doc = await publishChecklist(orgAdmin.token, 'Axe checks', { t: question('Fine', 'true/false') });
      await callApi('workflow/assignments/document', { token: orgAdmin.token, json: { assigned_to: { type: 'org', id: orgAdmin.org.id }, object_id: doc.id, notes: 'Today' } });
      await openDashboard(page, orgAdmin);
      await expect(panel(page, 'Assignments to Claim').getByRole('button', { name: 'Claim Axe checks' })).toBeVisible();
      await expectAccessible(page);
      const lefts = await Promise.all(PANELS.map(async (name) => (await panel(page, name).boundingBox())!.x));
      expect(new Set(lefts).size).toBe(viewport.size === phoneViewport ? 1 : 2);
      if (viewport.size === phoneViewport) await expectFitsPhone(page, [panel(page, 'Assignments to Claim').getByRole('button', { name: 'Claim Axe checks' })]);
    });
  });
}
