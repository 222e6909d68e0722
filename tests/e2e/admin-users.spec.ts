/**
 * The users screen (spec accounts §2 Admin screens "Users", §5, §8, §9; issue #11): tabs Active and
 * Invited; inviting (the e-mail shape, 'Invitation Sent To {email}.', the server's detail on a refusal)
 * and accepting through the mailed link; an invitation's QR Code, Copy Link, Resend, Edit and Cancel;
 * the role chips and the role filter; the admin marker and initials; server paging; axe at desktop and
 * 390 px; the tabs by keyboard.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import {
  callApi,
  createAccount,
  createMember,
  createRole,
  expect,
  expectAccessible,
  invitationLink,
  inviteByEmail,
  mailsTo,
  newIdentity,
  phoneViewport,
  readQrCode,
  signInWithToken,
  test,
  type OrgAdmin,
} from './support/test.ts';


/** An island dialog (Shoelace): its content is slotted into the panel, so look inside the host. */
const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });
const alert = (page: Page, text: string) => page.locator('#alerts').getByText(text, { exact: true });
const tab = (page: Page, name: 'Active' | 'Invited') => page.getByRole('tab', { name, exact: true });
const activeGrid = (page: Page) => page.getByRole('table', { name: 'Active Users' });
const invitedGrid = (page: Page) => page.getByRole('table', { name: 'Pending Invitations' });
/** The body rows of a grid (the header row left out). */
const bodyRows = (page: Page, grid: 'Active Users' | 'Pending Invitations') =>
  page.getByRole('table', { name: grid }).locator('tbody').getByRole('row');
const rowOf = (page: Page, grid: 'Active Users' | 'Pending Invitations', text: string) =>
  bodyRows(page, grid).filter({ hasText: text });

async function openUsers(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(bodyRows(page, 'Active Users').first()).not.toHaveText(/Loading/);
}

test.describe('the users screen', () => {
  test('lists the active members with avatar initials, the admin marker, roles and an Edit link', async ({ page, orgAdmin }) => {
    const cook = await createRole(orgAdmin, 'Cook');
    const ann = await createMember(orgAdmin, 'ann', [cook]);
    await openUsers(page, orgAdmin);

    await expect(tab(page, 'Active')).toHaveAttribute('aria-selected', 'true');
    const headers = activeGrid(page).getByRole('columnheader');
    await expect(headers).toHaveText(['Avatar', 'Username', 'Full Name', 'Email', 'Roles', 'Edit']);
    const me = rowOf(page, 'Active Users', orgAdmin.username);
    await expect(me.getByText('Admin', { exact: true }), 'the org admin is marked').toBeVisible();
    await expect(me.locator('.user-initials')).toHaveText('AT'); // 'Admin Tester'
    const annRow = rowOf(page, 'Active Users', ann.username);
    await expect(annRow.getByText('Admin', { exact: true }), 'a plain member has no marker').toHaveCount(0);
    await expect(annRow.getByRole('cell').nth(4)).toHaveText('Cook');
    await expect(page.getByText('Active Users: 2')).toBeVisible();

    await annRow.getByRole('link', { name: `Edit ${ann.username}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/users/${ann.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  });

  test('invites a user, who accepts through the mailed link and then shows as active', async ({ page, browser, orgAdmin }) => {
    test.slow(); // two browser pages on a shared machine
    const auditor = await createRole(orgAdmin, 'Auditor');
    const invitee = await createAccount('invitee');
    await openUsers(page, orgAdmin);

    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = dialogNamed(page, 'Invite User');
    const invite = dialog.getByRole('button', { name: 'Invite', exact: true });
    await expect(invite, 'nothing typed').toBeDisabled();
    await dialog.getByLabel('Email').fill('invitee@');
    await expect(invite, 'not an {email} shape').toBeDisabled();
    await dialog.getByLabel('Email').fill(invitee.email);
    await expect(invite).toBeEnabled();
    await dialog.getByRole('checkbox', { name: auditor.name }).check();
    await invite.click();

    await expect(alert(page, `Invitation Sent To ${invitee.email}.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(tab(page, 'Invited'), 'the new invitation is shown').toHaveAttribute('aria-selected', 'true');
    const row = rowOf(page, 'Pending Invitations', invitee.email);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Auditor');
    await expect(page.getByText('Pending Invitations: 1')).toBeVisible();
    // The five one-button columns are one Actions column (issue #32).
    await expect(invitedGrid(page).getByRole('columnheader')).toHaveText(['Email', 'Roles', 'Creation', 'Expiry', 'Actions']);

    // The invitee follows the mailed link, signed in, and accepts.
    const link = await invitationLink(invitee.email);
    const theirs = await browser.newPage();
    await signInWithToken(theirs, invitee.token);
    await theirs.goto(link);
    await theirs.getByRole('button', { name: 'Accept' }).click();
    await expect(theirs.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await theirs.close();

    await page.reload();
    await expect(rowOf(page, 'Active Users', invitee.username).getByRole('cell').nth(4)).toHaveText('Auditor');
    await expect(page.getByText('Active Users: 2')).toBeVisible();
    await tab(page, 'Invited').click();
    await expect(page.getByText('Pending Invitations: 0')).toBeVisible();
  });

  test("a refused invitation shows the server's detail in an error alert and keeps the dialog", async ({ page, orgAdmin }) => {
    await openUsers(page, orgAdmin);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = dialogNamed(page, 'Invite User');
    await dialog.getByLabel('Email').fill(orgAdmin.email); // already a member
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/users') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    const { detail } = (await (await answer).json()) as { detail: string };
    expect(detail).toBeTruthy();
    await expect(page.locator('#alerts .alert[data-variant="error"]')).toContainText(detail);
    await expect(dialog).toBeVisible();
  });

  test('an invitation: QR code of the link, Copy Link, Resend, Edit and Cancel', async ({ page, context, orgAdmin }) => {
    test.slow(); // five actions, a decoded QR code and the outbox
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const cook = await createRole(orgAdmin, 'Cook');
    const baker = await createRole(orgAdmin, 'Baker');
    const email = newIdentity('guest').email;
    const id = await inviteByEmail(orgAdmin.token, email, [cook.id]);
    await openUsers(page, orgAdmin);
    await tab(page, 'Invited').click();
    const row = rowOf(page, 'Pending Invitations', email);
    await expect(row.getByRole('cell').nth(1)).toHaveText('Cook');
    const link = new URL(`/invitation/${id}`, page.url()).href;

    // QR Code: THE QR dialog holding the invite link.
    await row.getByRole('button', { name: `QR Code for the invitation to ${email}` }).click();
    const qr = page.getByRole('dialog', { name: `QR Code: ${email}` });
    const code = qr.getByRole('img', { name: /^QR code for / });
    await expect(code.locator('svg')).toBeVisible();
    expect(await readQrCode(context, code)).toBe(link);
    await page.keyboard.press('Escape');
    await expect(qr).toBeHidden();

    // Copy Link.
    await row.getByRole('button', { name: `Copy Link of the invitation to ${email}` }).click();
    await expect(alert(page, 'Invite link copied to clipboard.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Resend: a second mail with the same link.
    await row.getByRole('button', { name: `Resend the invitation to ${email}` }).click();
    await expect(alert(page, 'Invite Email Re-sent.')).toBeVisible();
    await expect.poll(async () => (await mailsTo(email)).filter((m) => m.links.includes(link)).length).toBe(2);

    // Edit: e-mail, expiry and roles; the Update button needs an {email} shape.
    await row.getByRole('button', { name: `Edit the invitation to ${email}` }).click();
    const edit = dialogNamed(page, 'Edit Invitation');
    const update = edit.getByRole('button', { name: 'Update' });
    await edit.getByLabel('Email').fill('not-an-address');
    await expect(update).toBeDisabled();
    const newEmail = newIdentity('guest2').email;
    await edit.getByLabel('Email').fill(newEmail);
    // Days from now at 07:08, as the browser's datetime-local field takes it.
    const inDays = (days: number) =>
      page.evaluate((n) => {
        const d = new Date(Date.now() + n * 86_400_000);
        const pad = (x: number) => String(x).padStart(2, '0');
        return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T07:08`;
      }, days);
    // The server's refusal stays in the dialog as its detail.
    await edit.getByLabel('Expiry').fill(await inDays(400));
    await update.click();
    await expect(edit.getByRole('alert')).toContainText('Expiry');
    const later = await inDays(10);
    await edit.getByLabel('Expiry').fill(later);
    await edit.getByRole('checkbox', { name: 'Cook' }).uncheck();
    await edit.getByRole('checkbox', { name: 'Baker' }).check();
    await update.click();
    await expect(alert(page, `Invitation to ${newEmail} has been Updated.`)).toBeVisible();
    const edited = rowOf(page, 'Pending Invitations', newEmail);
    await expect(edited.getByRole('cell').nth(1)).toHaveText(baker.name);
    const expiry = await edited.locator('time').nth(1).getAttribute('datetime');
    expect(new Date(expiry!).getTime(), 'the expiry as typed, in the browser time zone').toBe(
      await page.evaluate((value) => new Date(value).getTime(), later),
    );

    // Cancel: confirmed, then gone.
    await edited.getByRole('button', { name: `Cancel the invitation to ${newEmail}` }).click();
    const cancel = dialogNamed(page, 'Cancel Invitation');
    await cancel.getByRole('button', { name: 'Cancel Invitation' }).click();
    await expect(alert(page, `Invitation to ${newEmail} has been Cancelled.`)).toBeVisible();
    await expect(edited).toHaveCount(0);
    await expect(page.getByText('Pending Invitations: 0')).toBeVisible();
    const { results } = await callApi<{ results: unknown[] }>('auth/org-invites', { token: orgAdmin.token });
    expect(results).toEqual([]);
  });

  test('a role chip and the role filter show only the members holding the chosen roles', async ({ page, orgAdmin }) => {
    const cook = await createRole(orgAdmin, 'Cook', { list_filterable: true });
    const baker = await createRole(orgAdmin, 'Baker');
    const ann = await createMember(orgAdmin, 'ann', [cook]);
    const bob = await createMember(orgAdmin, 'bob', [baker]);
    await openUsers(page, orgAdmin);
    const chips = page.getByRole('group', { name: 'Quick role filters' });
    await expect(chips.getByRole('button'), 'only list_filterable roles have a chip').toHaveText(['Cook']);

    const chip = chips.getByRole('button', { name: 'Cook' });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(bodyRows(page, 'Active Users')).toHaveCount(1);
    await expect(rowOf(page, 'Active Users', ann.username)).toBeVisible();
    await expect(page.getByText('Active Users: 1')).toBeVisible();
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await expect(bodyRows(page, 'Active Users')).toHaveCount(3);

    // The filter offers every role.
    const toggle = page.getByRole('button', { name: 'Filter Roles' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('group', { name: 'Show users holding any of these roles' }).getByRole('checkbox', { name: 'Baker' }).check();
    await expect(bodyRows(page, 'Active Users')).toHaveCount(1);
    await expect(rowOf(page, 'Active Users', bob.username)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filter Roles (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect(bodyRows(page, 'Active Users')).toHaveCount(3);
  });

  test('the server pages the members: never more than one page of rows in the DOM', async ({ page, orgAdmin }) => {
    test.slow();
    // The default plan holds 25 users: the admin and 24 members, two pages of 20.
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 8 }, () => createMember(orgAdmin, 'many')));
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/users\?/.test(r.url())) asked.push(new URL(r.url()).search);
    });
    await openUsers(page, orgAdmin);
    await expect(page.getByText('Active Users: 25')).toBeVisible();
    await expect(bodyRows(page, 'Active Users')).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: 'Active Users pages' });
    await expect(pager).toContainText('1–20 of 25');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('21–25 of 25');
    await expect(bodyRows(page, 'Active Users')).toHaveCount(5);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(asked.every((q) => /limit=20/.test(q)), asked.join(' ')).toBe(true);
    expect(asked.some((q) => /skip=20/.test(q)), 'the second page comes from the server').toBe(true);
  });

  test('its first reads are each sent once, by the HTML beside auth/me (src/client/page-data-script.ts)', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const reads: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname.startsWith('/api/v1/')) reads.push(url.pathname.slice('/api/v1/'.length) + url.search);
    });
    await page.goto('/admin/users');
    await expect(page.getByText('Active Users: 1')).toBeVisible();
    expect(reads.filter((r) => r.startsWith('users') || r.startsWith('roles')).sort()).toEqual([
      'roles?skip=0&limit=100',
      'users?ordering=username&skip=0&limit=20',
    ]);
  });

  test('the tabs by keyboard', async ({ page, orgAdmin }) => {
    await openUsers(page, orgAdmin);
    await tab(page, 'Active').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Invited')).toBeFocused();
    await expect(tab(page, 'Invited')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Invited' })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: 'Active' })).toBeHidden();
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, 'Active')).toHaveAttribute('aria-selected', 'true');
  });

  for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 720 } }, { label: 'phone width', size: phoneViewport }]) {
    test(`both tabs pass an axe scan at ${viewport.label}`, async ({ page, orgAdmin }) => {
      test.slow(); // two scans
      await page.setViewportSize(viewport.size);
      const cook = await createRole(orgAdmin, 'Cook', { list_filterable: true });
      await createMember(orgAdmin, 'ann', [cook]);
      await inviteByEmail(orgAdmin.token, newIdentity('guest').email, [cook.id]);
      await openUsers(page, orgAdmin);
      await expect(bodyRows(page, 'Active Users')).toHaveCount(2);
      await page.getByRole('button', { name: 'Filter Roles' }).click();
      await expectAccessible(page);
      if (viewport.label === 'phone width') {
        await expectFitsPhone(page, [page.getByRole('button', { name: 'Invite User' }), tab(page, 'Invited'), page.getByRole('button', { name: 'Cook' })]);
      }
      await tab(page, 'Invited').click();
      await expect(bodyRows(page, 'Pending Invitations')).toHaveCount(1);
      await expectAccessible(page);
      if (viewport.label === 'phone width') {
        const row = bodyRows(page, 'Pending Invitations').first();
        await expectFitsPhone(page, [row.getByRole('button', { name: /^Cancel/ }), row.getByRole('button', { name: /^QR Code/ })]);
      }
    });
  }
});
