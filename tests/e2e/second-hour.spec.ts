/**
 * Issue #32, the second hour: the root follows the spec (and its Permissions tab says so), the dashboard
 * follows the live stream, an assignment reaches its assignee, the bell arrives with the first
 * organisation, registration moves on, an invitation comes first, and empty screens say what to do.
 * Desktop and 390 px where layout matters; axe on each changed screen; the console and CSP watch is on.
 */
import type { Page } from '@playwright/test';
import { dialogNamed } from './support/checklist-editor.ts';
import { memberOf } from './support/documentation.ts';
import { expectDashboardOf, expectFitsPhone, fillRegistration, termsCheckbox } from './support/journeys.ts';
import {
  callApi,
  createAccount,
  expect,
  expectAccessible,
  inviteByEmail,
  layoutWidths,
  newIdentity,
  phoneViewport,
  signInWithToken,
  test,
} from './support/test.ts';

const panel = (page: Page, name: string) => page.getByRole('region', { name });
const PANELS = ['Assignments to Claim', 'Checklists in Progress', 'Favorites', 'Recent Activity'];

async function openDashboard(page: Page, token: string): Promise<void> {
  await signInWithToken(page, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const name of PANELS) await expect(panel(page, name).getByRole('list').first()).not.toHaveAttribute('aria-busy', 'true');
}

for (const viewport of layoutWidths) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    test('a new organisation’s dashboard: each empty panel says what fills it and offers the next step; the first steps tick off from real data', async ({ page, orgAdmin }) => {
      await openDashboard(page, orgAdmin.token);
      const steps = page.getByRole('region', { name: 'First steps' });
      await expect(steps.getByRole('listitem')).toHaveText([/Create a folder \(to do\)/, /Make a checklist \(to do\)/, /Invite a member \(to do\)/, /Print QR labels for a folder \(to do\)/]);
      await expect(panel(page, 'Assignments to Claim')).toContainText('assigned to you, to one of your roles or to your organization show here');
      await expect(panel(page, 'Assignments to Claim').getByRole('link', { name: 'Assign a checklist from its menu in Browse Documents' })).toHaveAttribute('href', '/documentation/browse');
      await expect(panel(page, 'Checklists in Progress').getByRole('link', { name: 'Create a folder or checklist' })).toBeVisible();
      await expect(panel(page, 'Favorites').getByRole('link', { name: 'Browse Documents' })).toBeVisible();
      await expect(panel(page, 'Recent Activity').getByRole('link', { name: 'Invite people' })).toHaveAttribute('href', '/admin/users');
      await expectAccessible(page);
      if (viewport.size === phoneViewport) await expectFitsPhone(page, [steps.getByRole('link', { name: 'Print QR labels for a folder' })]);

      // Done elsewhere (over the API here): the steps say so from the server's data, not from this browser.
      const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Site A' } });
      await callApi('users', { token: orgAdmin.token, json: { email: newIdentity('invitee').email, roles: [] } });
      await page.reload();
      await expect(steps.getByRole('listitem')).toHaveText([/Create a folder \(done\)/, /Make a checklist \(to do\)/, /Invite a member \(done\)/, /Print QR labels for a folder \(to do\)/]);
      expect(folder.id).toBeTruthy();
    });

    test('an empty folder offers to create to someone with Write, and says whom to ask to someone without', async ({ page, orgAdmin }) => {
      const member = await memberOf(orgAdmin);
      const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Empty room' } });
      await signInWithToken(page, orgAdmin.token);
      await page.goto(`/documentation/browse/${folder.id}`);
      await expect(page.getByText('- - Empty - -')).toBeVisible();
      await expect(page.getByText('Nothing here yet. Add the first folder or document:')).toBeVisible();
      await page.getByRole('button', { name: 'New Folder', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expectAccessible(page);
      if (viewport.size === phoneViewport) await expectFitsPhone(page, [page.getByRole('button', { name: 'New Document', exact: true })]);

      // The member may only read here.
      await callApi(`documentation/folders/${folder.id}/acl`, {
        method: 'PUT',
        token: orgAdmin.token,
        json: [{ subject: orgAdmin.org.id, is_grant: false, permissions: 2 | 4 | 8 | 16 | 32 }],
      });
      await signInWithToken(page, member.token);
      await page.goto(`/documentation/browse/${folder.id}`);
      await expect(page.getByText('- - Empty - -')).toBeVisible();
      await expect(page.getByText(/ask an organization admin, or someone with Write permission on this folder, to grant you Write/)).toBeVisible();
      await expect(page.getByRole('button', { name: 'New Folder', exact: true })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test('a new organisation’s root grants the organisation every permission, and its Permissions tab says what the root means', async ({ page, orgAdmin }) => {
  const member = await memberOf(orgAdmin);
  // The invited member can add at the root at once (the spec's root permissions).
  const made = await callApi<{ id: string }>('documentation/folders', { token: member.token, json: { parent_id: 'root', name: 'Member’s own' } });
  expect(made.id).toBeTruthy();
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Folder menu of Documentation' }).click();
  await page.getByRole('menuitem', { name: 'Properties' }).click();
  const dialog = dialogNamed(page, 'Folder Properties');
  await dialog.getByRole('tab', { name: 'Permissions' }).click();
  await expect(dialog.getByText(/This is the root folder: what is granted here holds in every folder and document below/)).toBeVisible();
  await expectAccessible(page);
});

test('the dashboard follows the live stream: an assignment shows under Assignments to Claim and in Recent Activity and the bell, without a reload', async ({ page, orgAdmin }) => {
  const member = await memberOf(orgAdmin);
  const doc = await callApi<{ id: string }>('documentation/documents', {
    token: orgAdmin.token,
    json: { folder_id: 'root', name: 'Fire drill', doctype: 'form', description: '' },
  });
  await openDashboard(page, member.token);
  await expect(panel(page, 'Assignments to Claim')).toContainText('No assignments to claim');
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  // Wait until the stream is open: the bell's first read is in (its label says the count).
  await page.waitForFunction(() => document.getElementById('bell-area')?.hidden === false);
  await page.waitForTimeout(1500); // the stream opens after the list's read; no clock is asserted

  await callApi('workflow/assignments/document', { token: orgAdmin.token, json: { assigned_to: { type: 'user', id: member.id }, object_id: doc.id, notes: 'Friday' } });
  await expect(panel(page, 'Assignments to Claim').getByRole('button', { name: 'Claim Fire drill' })).toBeVisible({ timeout: 15_000 });
  await expect(panel(page, 'Recent Activity')).toContainText(`${orgAdmin.username} assigned you: Fire drill`);
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
});

test('after creating the first organisation the top bar has its bell and the organisation’s name, without a reload', async ({ page, account }) => {
  await signInWithToken(page, account.token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeHidden();
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  const name = `First Org ${Date.now().toString(36)}`;
  await page.getByLabel('Organization Name').fill(name);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expectDashboardOf(page, name);
  await expect(page.locator('#topbar-org')).toHaveText(name);
  await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true), 'no reload').toBe(true);
});

test('registration moves on once its message has shown: to the stored invitation', async ({ page, orgAdmin }) => {
  const me = newIdentity('invitee');
  const invitationId = await inviteByEmail(orgAdmin.token, me.email);
  await page.goto(`/invitation/${invitationId}`);
  await page.getByRole('link', { name: 'Not signed up yet? Register Here' }).click();
  await fillRegistration(page, me);
  await termsCheckbox(page).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(`Submission complete! Check your email: ${me.email}`)).toBeVisible();
  await page.waitForURL(`**/invitation/${invitationId}`, { timeout: 15_000 });
  await expect(page.locator('#invitation-message')).toHaveText('Registration Successful!');
});

test('registration moves on once its message has shown: to / without an invitation', async ({ page }) => {
  const me = newIdentity('newcomer');
  await page.goto('/register');
  await fillRegistration(page, me);
  await termsCheckbox(page).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(`Submission complete! Check your email: ${me.email}`)).toBeVisible();
  // `/` signed out asks to sign in.
  await page.waitForURL(/\/login(\?|$)/, { timeout: 15_000 });
});

test('someone invited, with no organisation, sees the invitation above Create an Organization', async ({ page, orgAdmin }) => {
  const invitee = await createAccount('invitee');
  await inviteByEmail(orgAdmin.token, invitee.email);
  await signInWithToken(page, invitee.token);
  await page.goto('/');
  const invitations = page.getByRole('heading', { name: 'Your Invitations' });
  const create = page.getByRole('heading', { level: 1, name: 'Create an Organization' });
  await expect(create).toBeVisible();
  await expect(invitations).toBeVisible();
  const [inviteBox, createBox] = [await invitations.boundingBox(), await create.boundingBox()];
  expect(inviteBox!.y).toBeLessThan(createBox!.y);
  await expectAccessible(page);
});
