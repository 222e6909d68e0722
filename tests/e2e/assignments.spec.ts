/**
 * Assignments on the dashboard (issue #12; documentation §3 Assignment, accounts §2 Home, §8): a checklist
 * assigned to a role through the API is claimed from a role member's dashboard and unclaimed again; a
 * claim that loses to someone else shows the spec's failure text; a failing submission raises a corrective
 * action on its recipient's dashboard, linking to the submitted row, and completing it removes it.
 */
import type { Page } from '@playwright/test';
import { defaultValidation } from '../../src/shared/checklists/index.ts';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { acceptInvitationOverApi } from './support/journeys.ts';
import { callApi, createAccount, createRole, expect, inviteByEmail, signInWithToken, test, type Account, type OrgAdmin } from './support/test.ts';

interface Assignment {
  id: string;
  claimed: boolean;
  claimed_by_username: string | null;
  submission_id: string | null;
}

/** A new account that joined the admin's organisation holding `roles`, with its user id. */
async function memberWith(admin: OrgAdmin, roles: string[] = []): Promise<Account & { id: string }> {
  const member = await createAccount('member');
  await acceptInvitationOverApi(member.token, await inviteByEmail(admin.token, member.email, roles));
  const me = await callApi<{ id: string }>('auth/me', { token: member.token });
  return { ...member, id: me.id };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Assignments to Claim' });
const itemOf = (page: Page, name: string) => panel(page).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

async function openDashboard(page: Page, token: string): Promise<void> {
  await signInWithToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

test('a checklist assigned to a role is claimed from a member’s dashboard, then unclaimed', async ({ page, orgAdmin }) => {
  const role = await createRole(orgAdmin, 'Night shift');
  const member = await memberWith(orgAdmin, [role.id]);
  const doc = await publishChecklist(orgAdmin.token, 'Gate checks', { q: question('Gate closed', 'true/false') });
  const assigned = await callApi<Assignment>('workflow/assignments/document', {
    token: orgAdmin.token,
    json: { assigned_to: { type: 'role', id: role.id }, object_id: doc.id, notes: 'Before midnight' },
  });

  await openDashboard(page, member.token);
  const item = itemOf(page, 'Gate checks');
  await expect(item).toContainText('Checklist');
  await expect(item).toContainText(`Assigned to Night shift by ${orgAdmin.username}`);
  await expect(item).toContainText('Before midnight');
  await expect(item.getByRole('link', { name: 'Gate checks' })).toHaveAttribute('href', `/documentation/view/${doc.id}`);

  await item.getByRole('button', { name: 'Claim Gate checks' }).click();
  await expect(page.getByText('You claimed Gate checks.')).toBeVisible();
  await expect(item).toContainText(`Claimed by ${member.username}`);
  await expect(item.getByRole('button', { name: 'Unclaim Gate checks' })).toBeFocused();
  expect((await callApi<{ results: Assignment[] }>('workflow/assignments', { token: member.token })).results.find((a) => a.id === assigned.id)).toMatchObject({
    claimed: true,
    claimed_by_username: member.username,
  });

  await item.getByRole('button', { name: 'Unclaim Gate checks' }).click();
  await expect(page.getByText('You unclaimed Gate checks.')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Claim Gate checks' })).toBeFocused();
  await expect(item).not.toContainText('Claimed by');
  const after = await callApi<{ results: Assignment[] }>(`workflow/assignments?document_id=${doc.id}`, { token: member.token });
  expect(after.results.find((a) => a.id === assigned.id)?.claimed).toBe(false);
});

test('a claim that someone else won first shows the spec’s failure text', async ({ page, orgAdmin }) => {
  const role = await createRole(orgAdmin, 'Porters');
  const [first, second] = [await memberWith(orgAdmin, [role.id]), await memberWith(orgAdmin, [role.id])];
  const doc = await publishChecklist(orgAdmin.token, 'Lift checks', { q: question('Lift works', 'true/false') });
  const assigned = await callApi<Assignment>('workflow/assignments/document', {
    token: orgAdmin.token,
    json: { assigned_to: { type: 'role', id: role.id }, object_id: doc.id },
  });
  await openDashboard(page, second.token);
  const claim = itemOf(page, 'Lift checks').getByRole('button', { name: 'Claim Lift checks' });
  await expect(claim).toBeVisible();
  await callApi(`workflow/assignments/document/${assigned.id}/claim`, { token: first.token, method: 'POST' });
  await claim.click();
  await expect(page.getByText('Something went wrong claiming this assignment...')).toBeVisible();
  await expect(claim).toBeEnabled();
});

test('a failing submission raises a corrective action on the recipient’s dashboard; completing it removes it', async ({ page, orgAdmin }) => {
  const inspector = await memberWith(orgAdmin);
  const doc = await publishChecklist(orgAdmin.token, 'Fire doors', {
    door: question('Door shut', 'pass/fail', { validation: { ...defaultValidation('pass/fail'), users: [inspector.id] } }),
    note: question('Notes', 'text'),
  });
  const row = await callApi<{ id: string; validation_errors: number }>(`documentation/documents/${doc.id}/data`, {
    token: orgAdmin.token,
    json: { record: { door: { value: 'fail' }, note: { value: 'Wedged open' } } },
  });
  expect(row.validation_errors).toBe(1);

  await openDashboard(page, inspector.token);
  const item = itemOf(page, 'Fire doors');
  await expect(item).toContainText('Corrective action');
  await expect(item.getByRole('list', { name: 'Invalid answers' })).toHaveText('Door shut: fail');
  await expect(item.getByRole('link', { name: 'Fire doors' })).toHaveAttribute('href', `/documentation/view/${doc.id}/${row.id}`);

  await item.getByRole('button', { name: 'Claim Fire doors' }).click();
  await expect(item).toContainText(`Claimed by ${inspector.username}`);
  await item.getByRole('button', { name: 'Complete Fire doors' }).click();
  await expect(page.getByText('Corrective action on Fire doors marked done.')).toBeVisible();
  await expect(itemOf(page, 'Fire doors')).toHaveCount(0);
  await expect(panel(page)).toContainText('No assignments to claim');
  await page.reload();
  await expect(panel(page)).toContainText('No assignments to claim');

  // The link leads to the submitted row.
  const open = await callApi<{ results: Assignment[] }>(`workflow/assignments?document_id=${doc.id}`, { token: inspector.token });
  expect(open.results[0]?.submission_id).toBe(row.id);
  await page.goto(`/documentation/view/${doc.id}/${row.id}`);
  await expect(page.getByText('Submitted Answers')).toBeVisible();
});
