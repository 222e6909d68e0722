/**
 * A kiosk station's schedule (issue #44): a schedule given to a share link shows "Due now", "Next" and
 * "Done today" on /fill/{token}?kiosk=1; a submission turns the open occurrence done — offline too (shown
 * done at once, waiting to be sent, and done on the server once the network returns, even after its window
 * closed: it counts for the occurrence whose window held when it was made).
 */
import type { Page } from '@playwright/test';
import { filler, publishChecklist, question, questionNamed, rowsOf, submitButton } from './support/checklist-filler.ts';
import { callApi, expect, test, type OrgAdmin } from './support/test.ts';

async function stationWithSchedule(
  admin: OrgAdmin,
  name: string,
  rule: { rrule: string; window_minutes: number; starts_at: string } = { rrule: 'FREQ=HOURLY', window_minutes: 60, starts_at: new Date(Date.now() - 5 * 60_000).toISOString() },
): Promise<{ token: string; docId: string; scheduleId: string }> {
  const doc = await publishChecklist(admin.token, name, { ok: question('All fine', 'true/false', { required: true }) });
  const link = await callApi<{ id: string; token: string }>(`documentation/documents/${doc.id}/share-links`, { token: admin.token, json: { name: `${name} station` } });
  const made = await callApi<{ id: string }>('workflow/schedules', {
    token: admin.token,
    json: {
      object_id: doc.id,
      assigned_to: { type: 'share_link', id: link.id },
      timezone: 'UTC',
      ...rule,
    },
  });
  return { token: link.token, docId: doc.id, scheduleId: made.id };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Due now' });

async function occurrenceStatuses(admin: OrgAdmin, scheduleId: string): Promise<string[]> {
  const from = Math.floor(Date.now() / 1000) - 2 * 3600;
  const to = Math.floor(Date.now() / 1000);
  const found = await callApi<{ results: { status: string }[] }>(`workflow/schedules/${scheduleId}/occurrences?from=${from}&to=${to}`, { token: admin.token });
  return found.results.map((o) => o.status);
}

test('a kiosk with a schedule shows Due now; a submission turns it done', async ({ page, orgAdmin }) => {
  const station = await stationWithSchedule(orgAdmin, 'Forklift');
  await page.goto(`/fill/${station.token}?kiosk=1`);
  await expect(panel(page)).toContainText('Open until');
  await expect(panel(page)).toContainText('Next');
  await expect(panel(page)).toContainText('Nothing done yet today');
  await questionNamed(page, 'All fine').getByRole('radio', { name: 'True' }).check();
  await submitButton(page).click();
  await expect(filler(page).getByText('Answers Successfully Submitted.')).toBeVisible();
  await expect(panel(page)).toContainText('Nothing due now');
  await expect(panel(page)).toContainText('✓ Done: due');
  expect(await occurrenceStatuses(orgAdmin, station.scheduleId)).toEqual(['done']);
});

test('offline: the submission shows the occurrence done at once, and it is done on the server once the network returns', async ({ page, context, orgAdmin }) => {
  test.setTimeout(60_000);
  const station = await stationWithSchedule(orgAdmin, 'Cold room');
  await page.goto(`/fill/${station.token}?kiosk=1`);
  await expect(panel(page)).toContainText('Open until');
  await context.setOffline(true);
  await questionNamed(page, 'All fine').getByRole('radio', { name: 'True' }).check();
  await submitButton(page).click();
  await expect(filler(page).getByText('Saved on this device: the answers will be sent when the network returns.')).toBeVisible();
  await expect(panel(page)).toContainText('✓ Done (waiting to be sent)');
  await expect(panel(page)).toContainText('Nothing due now');
  await context.setOffline(false);
  await expect.poll(async () => (await rowsOf(orgAdmin.token, station.docId)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => occurrenceStatuses(orgAdmin, station.scheduleId), { timeout: 10_000 }).toEqual(['done']);
  await expect(panel(page)).toContainText('✓ Done: due', { timeout: 70_000 });
});

test('offline: made inside the window, sent after it closed, it still counts for that occurrence', async ({ page, context, orgAdmin }) => {
  test.setTimeout(150_000);
  // One occurrence open now, closing within a minute (late submissions not allowed); the next in 10 minutes.
  const startsAt = new Date(Date.now() - 5_000);
  const station = await stationWithSchedule(orgAdmin, 'Walk-in freezer', { rrule: 'FREQ=MINUTELY;INTERVAL=10', window_minutes: 1, starts_at: startsAt.toISOString() });
  await page.goto(`/fill/${station.token}?kiosk=1`);
  await expect(panel(page)).toContainText('Open until');
  await context.setOffline(true);
  await questionNamed(page, 'All fine').getByRole('radio', { name: 'True' }).check();
  await submitButton(page).click();
  await expect(filler(page).getByText('Saved on this device: the answers will be sent when the network returns.')).toBeVisible();
  // The window closes while the station is offline.
  await page.waitForTimeout(Math.max(0, startsAt.getTime() + 60_000 + 2_000 - Date.now()));
  await context.setOffline(false);
  await expect.poll(async () => (await rowsOf(orgAdmin.token, station.docId)).length, { timeout: 30_000 }).toBe(1);
  await expect.poll(() => occurrenceStatuses(orgAdmin, station.scheduleId), { timeout: 10_000 }).toEqual(['done']);
});
