/**
 * The activity log (spec accounts §2 Admin screens "Activity Log: grid of Datetime and Activity; links
 * lead to item, folder, trash, history, user or role pages"; issue #11): what an admin did shows as
 * '{username} {what happened}' with working links — a role created over the API links to its role page,
 * a folder to the browser, an updated document to its history; axe at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import { apiReads, callApi, expect, expectAccessible, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const rows = (page: Page) => page.getByRole('table', { name: 'Activity Log' }).locator('tbody').getByRole('row');

async function openLog(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/admin/activity-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity Log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Activity Log' })).toHaveAttribute('aria-busy', 'false');
}

test('follow an activity-log link to a role: RoleCreated reads "{username} created the role {name}" and its link opens the role', async ({ page, orgAdmin }) => {
  const role = await callApi<{ id: string }>('roles', { token: orgAdmin.token, json: { name: 'Auditors' } });
  await openLog(page, orgAdmin);
  await expect(page.getByRole('columnheader', { name: 'Datetime' })).toBeAttached();
  await expect(page.getByRole('columnheader', { name: 'Activity' })).toBeAttached();
  // Newest first: the role is the latest event.
  const row = rows(page).first();
  await expect(row).toContainText(`${orgAdmin.username} created the role Auditors.`);
  await expect(row.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(row.getByRole('link', { name: orgAdmin.username })).toHaveAttribute('href', /^\/admin\/users\/[0-9a-f-]+$/);
  await row.getByRole('link', { name: 'Auditors', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/roles/${role.id}$`));
  await expect(page.getByLabel('Name')).toHaveValue('Auditors');
});

test('a folder links to the browser, a document update to the document and its history; a deleted role is plain text', async ({ page, orgAdmin }) => {
  const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Plant' } });
  const doc = await callApi<{ id: string; version: number }>('documentation/documents', {
    token: orgAdmin.token,
    json: { folder_id: folder.id, name: 'Handbook', doctype: 'report' },
  });
  await callApi(`documentation/documents/${doc.id}`, { token: orgAdmin.token, method: 'PUT', json: { name: 'Staff handbook', version: doc.version } });
  const role = await callApi<{ id: string }>('roles', { token: orgAdmin.token, json: { name: 'Temps' } });
  await callApi(`roles/${role.id}`, { token: orgAdmin.token, method: 'DELETE' });

  await openLog(page, orgAdmin);
  const deleted = rows(page).filter({ hasText: 'deleted the role Temps' });
  await expect(deleted).toHaveCount(1);
  await expect(deleted.getByRole('link', { name: 'Temps' })).toHaveCount(0);

  const updated = rows(page).filter({ hasText: 'updated the report Staff handbook' });
  await expect(updated.getByRole('link', { name: 'Staff handbook', exact: true })).toHaveAttribute('href', `/documentation/view/${doc.id}`);
  await expect(updated.getByRole('link', { name: 'History of Staff handbook' })).toHaveAttribute('href', `/documentation/${doc.id}/history`);

  const created = rows(page).filter({ hasText: 'created the folder Plant' });
  await created.getByRole('link', { name: 'Plant', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/documentation/browse/${folder.id}$`));
});

test('the first page is read once: the HTML sends the read, the island takes it (src/client/page-data-script.ts)', async ({ page, orgAdmin }) => {
  await callApi('roles', { token: orgAdmin.token, json: { name: 'Auditors' } });
  await signInWithToken(page, orgAdmin.token);
  const reads = apiReads(page);
  await page.goto('/admin/activity-log');
  await expect(rows(page).first()).toContainText('created the role Auditors');
  expect(reads.filter((r) => r.startsWith('activity'))).toEqual(['activity?skip=0&limit=100']);
});

for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 720 } }, { label: '390 px', size: phoneViewport }]) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    test('the activity log passes axe and fits the width', async ({ page, orgAdmin }) => {
      await callApi('roles', { token: orgAdmin.token, json: { name: 'Auditors with a rather long name for a phone' } });
      await openLog(page, orgAdmin);
      await expect(rows(page).first()).toContainText('created the role');
      await expectAccessible(page);
      if (viewport.size === phoneViewport) await expectFitsPhone(page, [rows(page).first().getByRole('link').last()]);
    });
  });
}
