/**
 * The Properties dialog's Schedule tab (issue #44): a checklist's schedules beside its assignments — New
 * schedule (assigned to, how often, the browser's time zone, window…), a refused rule's 422 shown as the
 * server says it, the schedule listed with its next due time and linking to its page, and Delete; at
 * 1280 px and at 390 px (no horizontal scroll).
 */
import type { Page } from '@playwright/test';
import { createChecklist } from './support/documentation.ts';
import { callApi, createRole, expect, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport, type OrgAdmin } from './support/test.ts';

const islandDialog = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

async function makeAndDelete(page: Page, orgAdmin: OrgAdmin, name: string, phone: boolean) {
  await createRole(orgAdmin, `Cold crew ${name}`);
  const doc = await createChecklist(orgAdmin.token, name, 'root', 1);
  if (phone) await usePhoneViewport(page);
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Properties', exact: true }).click();
  const properties = islandDialog(page, 'Document Properties');
  await properties.getByRole('tab', { name: 'Schedule' }).click();
  await expect(properties.getByText('No schedules')).toBeVisible();
  await properties.getByRole('button', { name: 'New schedule' }).click();
  const form = properties.getByRole('group', { name: 'New schedule' });
  await form.getByRole('combobox', { name: 'Assigned to' }).selectOption({ label: `Cold crew ${name} (role)` });
  await form.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Custom rule (RFC 5545)' });
  await form.getByRole('textbox', { name: 'Rule' }).fill('FREQ=SOMETIMES');
  await form.getByRole('button', { name: 'Create schedule' }).click();
  await expect(form.getByRole('alert')).toContainText('rrule');
  await form.getByRole('combobox', { name: 'How often' }).selectOption({ label: 'Every day' });
  if (phone) await expectNoHorizontalScroll(page);
  await form.getByRole('button', { name: 'Create schedule' }).click();
  const list = properties.getByRole('list', { name: `Schedules of ${name}` });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(`Cold crew ${name} (role)`);
  await expect(list.getByRole('listitem')).toContainText('FREQ=DAILY;BYHOUR=6;BYMINUTE=0');
  await expect(list.getByRole('listitem')).toContainText('Next due');
  const made = await callApi<{ results: { id: string; timezone: string; window_minutes: number }[] }>(`workflow/schedules?document_id=${doc.id}`, { token: orgAdmin.token });
  expect(made.results).toHaveLength(1);
  expect(made.results[0]!.window_minutes).toBe(60);
  expect(made.results[0]!.timezone).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await expect(list.getByRole('link', { name: `Cold crew ${name} (role)` })).toHaveAttribute('href', `/documentation/schedules/${made.results[0]!.id}`);
  if (phone) await expectNoHorizontalScroll(page);
  await list.getByRole('button', { name: 'Delete' }).click();
  await expect(properties.getByText('No schedules')).toBeVisible();
  expect((await callApi<{ results: unknown[] }>(`workflow/schedules?document_id=${doc.id}`, { token: orgAdmin.token })).results).toEqual([]);
}

test('a schedule made and deleted in the Properties dialog’s Schedule tab at 1280 px', async ({ page, orgAdmin }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await makeAndDelete(page, orgAdmin, 'Cold room', false);
});

test('the same at 390 px', async ({ page, orgAdmin }) => {
  test.slow();
  await makeAndDelete(page, orgAdmin, 'Freezer', true);
});
