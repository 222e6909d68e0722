/**
 * Due and done (issue #44): the dashboard's Due Today, Overdue and Done lists (an ordinary assignment can
 * be finished from the dashboard: #43 item 12), and the Schedules page with a schedule's last 30 days, at
 * 1280 px and 390 px.
 */
import type { Page } from '@playwright/test';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { expectFitsPhone } from './support/journeys.ts';
import { callApi, expect, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const panel = (page: Page, name: string) => page.getByRole('region', { name });

async function me(admin: OrgAdmin): Promise<string> {
  return (await callApi<{ id: string }>('auth/me', { token: admin.token })).id;
}

test('the dashboard lists what is due today and what is overdue, and Complete moves an assignment to Done', async ({ page, orgAdmin }) => {
  const id = await me(orgAdmin);
  const ladder = await publishChecklist(orgAdmin.token, 'Ladder check', { t: question('Feet fine', 'true/false') });
  const gate = await publishChecklist(orgAdmin.token, 'Gate check', { t: question('Locked', 'true/false') });
  const assign = (objectId: string, dueAt: Date) =>
    callApi('workflow/assignments/document', { token: orgAdmin.token, json: { assigned_to: { type: 'user', id }, object_id: objectId, due_at: dueAt.toISOString() } });
  await assign(ladder.id, new Date(Date.now() - 60 * 60 * 1000));
  const endOfDay = new Date();
  endOfDay.setHours(23, 59, 0, 0);
  await assign(gate.id, new Date(Math.max(Date.now() + 60_000, endOfDay.getTime())));

  await signInWithToken(page, orgAdmin.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const overdue = panel(page, 'Overdue');
  await expect(overdue.getByRole('link', { name: 'Ladder check' })).toBeVisible();
  await expect(overdue).toContainText('Overdue');
  await expect(panel(page, 'Due Today').getByRole('link', { name: 'Gate check' })).toBeVisible();
  await expect(panel(page, 'Done')).toContainText('Nothing done yet');

  const toClaim = panel(page, 'Assignments to Claim');
  await toClaim.getByRole('button', { name: 'Complete Ladder check' }).click();
  await expect(page.getByText('Assignment of Ladder check marked done.')).toBeVisible();
  await expect(panel(page, 'Done').getByRole('link', { name: 'Ladder check' })).toBeVisible();
  await expect(panel(page, 'Done')).toContainText(`Done by ${orgAdmin.username}`);
  await expect(overdue).toContainText('Nothing overdue');

  await page.setViewportSize(phoneViewport);
  await expectFitsPhone(page, [panel(page, 'Due Today').getByRole('link', { name: 'Gate check' }), panel(page, 'Done').getByRole('link', { name: 'Ladder check' })]);
});

for (const width of ['desktop', 'phone'] as const) {
  test(`the Schedules page lists each schedule with its next due time and the last 30 days (${width})`, async ({ page, orgAdmin }) => {
    if (width === 'phone') await page.setViewportSize(phoneViewport);
    const room = await publishChecklist(orgAdmin.token, 'Cold room', { t: question('Below 5 °C', 'true/false') });
    const made = await callApi<{ id: string }>('workflow/schedules', {
      token: orgAdmin.token,
      json: { object_id: room.id, assigned_to: { type: 'org', id: orgAdmin.org.id }, rrule: 'FREQ=DAILY;BYHOUR=6;BYMINUTE=0', timezone: 'Europe/Berlin', window_minutes: 60 },
    });
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/schedules');
    await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Cold room' }) });
    await expect(card).toContainText('Next due');
    await expect(card).toContainText('FREQ=DAILY;BYHOUR=6;BYMINUTE=0');
    await expect(card).toContainText('No occurrences in the last 30 days');
    if (width === 'phone') await expectFitsPhone(page, [card.getByRole('link', { name: 'Cold room' })]);

    await card.getByRole('link', { name: 'Cold room' }).click();
    await expect(page).toHaveURL(new RegExp(`/documentation/schedules/${made.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule: Cold room' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Occurrences' })).toContainText('Upcoming');
    if (width === 'phone') await expectFitsPhone(page, [page.getByRole('heading', { level: 1 })]);
  });
}

test('Schedules is in the drawer’s Documentation menu', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Schedules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Schedules' })).toBeVisible();
});
