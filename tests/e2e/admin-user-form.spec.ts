/**
 * The user create and edit pages (spec accounts §2 "User edit and create pages; roles chosen in a
 * transfer list", §5 "Create user", the lock-open icon, §8 "user delete failure sets the text unable to
 * remove"; issue #11): Save's rule, the lock icon, the transfer list by mouse and by keyboard, a created
 * user signing in, edited roles showing in the grid, the server's detail on a refusal, Delete (and its
 * failure for the last org admin), and axe at desktop and 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import { chooseNewPasswordOnScreen, expectDashboardOf, expectFitsPhone, signInOnScreen } from './support/journeys.ts';
import {
  callApi,
  clearBrowserStorage,
  createMember,
  createRole,
  expect,
  expectAccessible,
  newIdentity,
  phoneViewport,
  signInWithToken,
  test,
  type Member,
  type OrgAdmin,
} from './support/test.ts';

const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });
const alert = (page: Page, text: string) => page.locator('#alerts').getByText(text, { exact: true });
const side = (page: Page, name: 'Available' | 'Chosen') => page.getByRole('group', { name, exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const lockIcon = (page: Page) => page.locator('sl-icon.password-lock');
const gridRow = (page: Page, text: string) => page.getByRole('table', { name: 'Active Users' }).locator('tbody').getByRole('row').filter({ hasText: text });

async function myId(admin: OrgAdmin): Promise<string> {
  const { results } = await callApi<{ results: Member[] }>(`users?q=${encodeURIComponent(admin.username)}`, { token: admin.token });
  return results.find((u) => u.user_account.username === admin.username)!.id;
}

async function openNew(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/admin/users/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
}

async function openEdit(page: Page, admin: OrgAdmin, id: string): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Email')).not.toHaveValue('');
}

const names = (group: Locator) => group.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => b.closest('label')!.textContent!.trim()));

test.describe('creating a user', () => {
  test('Save waits for the passwords to match and the fields to be filled; the lock opens under 8 characters', async ({ page, orgAdmin }) => {
    await openNew(page, orgAdmin);
    const who = newIdentity('direct');
    await expect(save(page), 'an empty form').toBeDisabled();
    await expect(lockIcon(page)).toHaveAttribute('name', 'unlock');
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Full Name').fill(who.full_name);
    await expect(save(page), 'no e-mail yet').toBeDisabled();
    await page.getByLabel('Email').fill(who.email);
    await expect(save(page), 'both passwords empty count as equal').toBeEnabled();

    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(lockIcon(page)).toHaveAttribute('name', 'unlock');
    await expect(page.getByRole('img', { name: 'Password shorter than 8 characters' })).toBeVisible();
    await expect(save(page), 'the passwords differ').toBeDisabled();
    await page.getByLabel('Re-Type Password').fill('short');
    await expect(save(page)).toBeEnabled();

    await page.getByLabel('Password', { exact: true }).fill('12345678');
    await expect(lockIcon(page)).toHaveAttribute('name', 'lock');
    await expect(page.getByRole('img', { name: 'Password of 8 or more characters' })).toBeVisible();
    await expect(save(page)).toBeDisabled();
    await expect(page.getByText('Passwords Do Not Match!')).toBeVisible();
    await page.getByLabel('Re-Type Password').fill('12345678');
    await expect(save(page)).toBeEnabled();
    await page.getByLabel('Full Name').fill('   ');
    await expect(save(page), 'a blank full name').toBeDisabled();
  });

  test('an admin creates a user with roles from the transfer list, who then signs in', async ({ page, browser, orgAdmin }) => {
    test.slow(); // two browser pages and two password hashes on a shared machine
    await createRole(orgAdmin, 'Auditor');
    await createRole(orgAdmin, 'Baker');
    await createRole(orgAdmin, 'Cook');
    await openNew(page, orgAdmin);
    expect(await names(side(page, 'Available'))).toEqual(['Auditor', 'Baker', 'Cook']);
    await expect(side(page, 'Chosen')).toContainText('None');

    const who = newIdentity('direct');
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Full Name').fill(who.full_name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByLabel('Re-Type Password').fill(who.password);
    await side(page, 'Available').getByRole('checkbox', { name: 'Cook' }).check();
    await side(page, 'Available').getByRole('checkbox', { name: 'Auditor' }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await names(side(page, 'Chosen'))).toEqual(['Auditor', 'Cook']);
    expect(await names(side(page, 'Available'))).toEqual(['Baker']);
    await save(page).click();

    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(alert(page, `User ${who.username} has been created.`)).toBeVisible();
    await expect(gridRow(page, who.username).getByRole('cell').nth(4)).toHaveText('Auditor, Cook');

    // They sign in with the password the admin gave, and choose their own first (temporary-password.spec.ts).
    const theirs = await browser.newPage();
    await clearBrowserStorage(theirs);
    await theirs.goto('/login');
    await signInOnScreen(theirs, who.username, who.password);
    await chooseNewPasswordOnScreen(theirs, `Own-${who.password}`);
    await expectDashboardOf(theirs, orgAdmin.org.name);
    await theirs.close();
  });

  test('a refusal clears once its cause is fixed: a short password, then a long enough one (issue #32)', async ({ page, orgAdmin }) => {
    await openNew(page, orgAdmin);
    const who = newIdentity('short');
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Full Name').fill(who.full_name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Re-Type Password').fill('short');
    await save(page).click();
    const refusal = page.locator('form').getByRole('alert');
    await expect(refusal).toHaveText('Password must be at least 8 characters long');
    // Another field changed: the cause is still there, so is the error.
    await page.getByLabel('Full Name').fill(`${who.full_name} Jr`);
    await expect(refusal).toHaveText('Password must be at least 8 characters long');
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await expect(refusal).toHaveCount(0);
    await page.getByLabel('Re-Type Password').fill(who.password);
    await expect(refusal).toHaveCount(0);
  });

  test("a refusal shows the server's detail (a taken username) and keeps the form", async ({ page, orgAdmin }) => {
    await openNew(page, orgAdmin);
    const who = newIdentity('taken');
    await page.getByLabel('Username').fill(orgAdmin.username);
    await page.getByLabel('Full Name').fill(who.full_name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByLabel('Re-Type Password').fill(who.password);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/') && r.request().method() === 'POST');
    await save(page).click();
    const response = await answer;
    expect(response.status()).toBe(409);
    const { detail } = (await response.json()) as { detail: string };
    await expect(page.locator('form').getByRole('alert')).toHaveText(detail);
    await expect(page).toHaveURL(/\/admin\/users\/new$/);
    await expect(page.getByLabel('Email')).toHaveValue(who.email);
  });
});

test.describe('editing a user', () => {
  test('roles moved through the transfer list by keyboard show in the grid after Save', async ({ page, orgAdmin }) => {
    const auditor = await createRole(orgAdmin, 'Auditor');
    await createRole(orgAdmin, 'Baker');
    await createRole(orgAdmin, 'Cook');
    const ann = await createMember(orgAdmin, 'ann', [auditor]);
    await openEdit(page, orgAdmin, ann.id);
    await expect(page.getByLabel('Username')).toHaveValue(ann.user_account.username);
    await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
    expect(await names(side(page, 'Chosen'))).toEqual(['Auditor']);

    // Keyboard only: Space checks, Tab reaches the move buttons, Enter presses them.
    await side(page, 'Chosen').getByRole('checkbox', { name: 'Auditor' }).focus();
    await page.keyboard.press('Space');
    const remove = page.getByRole('button', { name: 'Remove', exact: true });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('1 role moved to Available.')).toBeAttached();
    await side(page, 'Available').getByRole('checkbox', { name: 'Baker' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(side(page, 'Available').getByRole('checkbox', { name: 'Cook' })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await names(side(page, 'Chosen'))).toEqual(['Baker', 'Cook']);
    expect(await names(side(page, 'Available'))).toEqual(['Auditor']);

    await page.getByLabel('Full Name').fill('Ann Renamed');
    await save(page).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(alert(page, `User ${ann.user_account.username} has been updated.`)).toBeVisible();
    const row = gridRow(page, ann.user_account.username);
    await expect(row.getByRole('cell').nth(4)).toHaveText('Baker, Cook');
    await expect(row.getByRole('cell').nth(2)).toHaveText('Ann Renamed');
  });

  test('Add All and Remove All move every role', async ({ page, orgAdmin }) => {
    await createRole(orgAdmin, 'Auditor');
    await createRole(orgAdmin, 'Baker');
    const bob = await createMember(orgAdmin, 'bob');
    await openEdit(page, orgAdmin, bob.id);
    await page.getByRole('button', { name: 'Add All' }).click();
    expect(await names(side(page, 'Chosen'))).toEqual(['Auditor', 'Baker']);
    await expect(side(page, 'Available')).toContainText('None');
    await page.getByRole('button', { name: 'Remove All' }).click();
    expect(await names(side(page, 'Available'))).toEqual(['Auditor', 'Baker']);
  });

  test("removing the last org admin (yourself) fails with 'unable to remove'", async ({ page, orgAdmin }) => {
    await openEdit(page, orgAdmin, await myId(orgAdmin));
    const opener = page.locator('.user-form-actions').getByRole('button', { name: 'Delete', exact: true });
    await opener.click();
    const dialog = dialogNamed(page, 'Delete User');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('unable to remove');
    await expect(dialog.getByRole('alert')).toContainText('An organization needs at least one admin');
    await expect(page).toHaveURL(/\/admin\/users\/[^/]+$/);
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
  });

  test('demoting the last org admin shows the server detail', async ({ page, orgAdmin }) => {
    await openEdit(page, orgAdmin, await myId(orgAdmin));
    await page.getByRole('checkbox', { name: 'Organization Admin' }).uncheck();
    await save(page).click();
    await expect(page.locator('form').getByRole('alert')).toHaveText('An organization needs at least one admin');
  });

  test('Delete removes a member from the organisation', async ({ page, orgAdmin }) => {
    const bob = await createMember(orgAdmin, 'bob');
    await openEdit(page, orgAdmin, bob.id);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialogNamed(page, 'Delete User').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(alert(page, `User ${bob.user_account.username} has been removed.`)).toBeVisible();
    await expect(page.getByText('Active Users: 1')).toBeVisible();
    await expect(gridRow(page, bob.user_account.username)).toHaveCount(0);
  });

  test('another organisation’s user is not found', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/admin/users/0190e1a0-0000-7000-8000-000000000000');
    await expect(page.getByRole('alert')).toContainText('Something went wrong:');
  });
});

for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 720 } }, { label: 'phone width', size: phoneViewport }]) {
  test.describe(`the user pages at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    test('the create page passes an axe scan and fits', async ({ page, orgAdmin }) => {
      await createRole(orgAdmin, 'Auditor');
      await openNew(page, orgAdmin);
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByLabel('Re-Type Password').fill('other');
      await expectAccessible(page);
      if (viewport.label === 'phone width') {
        await expectFitsPhone(page, [page.getByLabel('Username'), page.getByRole('button', { name: 'Add', exact: true }), side(page, 'Chosen'), save(page)]);
      }
    });

    test('the edit page passes an axe scan and fits', async ({ page, orgAdmin }) => {
      const auditor = await createRole(orgAdmin, 'Auditor');
      await createRole(orgAdmin, 'A role with a rather long name that must wrap on a phone');
      const ann = await createMember(orgAdmin, 'ann', [auditor]);
      await openEdit(page, orgAdmin, ann.id);
      await expectAccessible(page);
      if (viewport.label === 'phone width') {
        await expectFitsPhone(page, [page.getByRole('button', { name: 'Delete', exact: true }), side(page, 'Available'), save(page)]);
      }
    });
  });
}
