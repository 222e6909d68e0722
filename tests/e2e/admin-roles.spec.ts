/**
 * The roles screens (spec accounts §2 Admin screens "Roles list: Role, Description, Edit, with a total
 * footer. The role edit page also lists users having that role", §3 Role, §5 "Role: name required;
 * create disabled while empty"; issue #11): create a role, edit it, see who holds it, delete it; the
 * server's detail on a taken name; the list paged from the server; axe at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import { apiReads, callApi, createMember, createRole, expect, expectAccessible, phoneViewport, signInWithToken, test, type OrgAdmin, type Role } from './support/test.ts';


const alert = (page: Page, text: string) => page.locator('#alerts').getByText(text, { exact: true });
const rolesGrid = (page: Page) => page.getByRole('table', { name: 'Roles' });
const holdersGrid = (page: Page) => page.getByRole('table', { name: 'Users with this role' });
const bodyRows = (page: Page, name: string) => page.getByRole('table', { name }).locator('tbody').getByRole('row');


async function openRoles(page: Page, admin: OrgAdmin): Promise<void> {
  await signInWithToken(page, admin.token);
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await expect(rolesGrid(page)).toHaveAttribute('aria-busy', 'false');
}

test('create a role: Save stays disabled while the name is empty; the new role is listed with its description and total', async ({ page, orgAdmin }) => {
  await openRoles(page, orgAdmin);
  await expect(page.getByText('Total Roles: 0')).toBeVisible();
  await page.getByRole('link', { name: 'New Role' }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Role' })).toBeVisible();

  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('   ');
  await expect(save).toBeDisabled();
  await page.getByLabel('Name').fill('Auditors');
  await expect(save).toBeEnabled();
  await page.getByLabel('Description').fill('Check the books');
  await page.getByLabel('Show as a filter in the user list').check();
  await save.click();

  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(alert(page, 'Role Auditors created.')).toBeVisible();
  const row = bodyRows(page, 'Roles').filter({ hasText: 'Auditors' });
  await expect(row).toContainText('Check the books');
  await expect(page.getByText('Total Roles: 1')).toBeVisible();
  const { results } = await callApi<{ results: Role[] }>('roles', { token: orgAdmin.token });
  expect(results).toEqual([expect.objectContaining({ name: 'Auditors', description: 'Check the books', list_filterable: true })]);
});

test("a name the organisation already has: the server's detail, and nothing is created", async ({ page, orgAdmin }) => {
  await createRole(orgAdmin, 'Auditors');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/admin/roles/new');
  await page.getByLabel('Name').fill('auditors');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A role named "auditors" already exists in this organization' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/roles\/new$/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
  expect((await callApi<{ total: number }>('roles', { token: orgAdmin.token })).total).toBe(1);
});

test('edit a role from its Edit link: the fields come filled, the holders are listed with links to their pages, Save keeps the change', async ({ page, orgAdmin }) => {
  const role = await createRole(orgAdmin, 'Auditors', { description: 'Check the books' });
  const bea = await createMember(orgAdmin, 'bea', [role]);
  const cal = await createMember(orgAdmin, 'cal', [role]);
  await createMember(orgAdmin, 'dan', []);
  await openRoles(page, orgAdmin);
  // By keyboard: the row's Edit link is named after its role.
  await page.getByRole('link', { name: 'Edit Auditors' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/roles/${role.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Auditors');
  await expect(page.getByLabel('Description')).toHaveValue('Check the books');
  await expect(page.getByLabel('Show as a filter in the user list')).not.toBeChecked();

  await expect(page.getByRole('heading', { level: 2, name: 'Users with this role' })).toBeVisible();
  await expect(bodyRows(page, 'Users with this role')).toHaveCount(2);
  await expect(holdersGrid(page).getByRole('link', { name: bea.username })).toHaveAttribute('href', `/admin/users/${bea.id}`);
  await expect(holdersGrid(page).getByRole('link', { name: cal.username })).toHaveAttribute('href', `/admin/users/${cal.id}`);
  await expect(page.getByText('Users: 2')).toBeVisible();

  await page.getByLabel('Name').fill('Bookkeepers');
  await page.getByLabel('Description').fill('Keep the books');
  await page.getByLabel('Show as a filter in the user list').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(alert(page, 'Role Bookkeepers saved.')).toBeVisible();
  await expect(bodyRows(page, 'Roles').filter({ hasText: 'Bookkeepers' })).toContainText('Keep the books');
  expect(await callApi<Role>(`roles/${role.id}`, { token: orgAdmin.token })).toMatchObject({ name: 'Bookkeepers', list_filterable: true });
});

test('delete a role: the confirmation says who loses it; Cancel keeps it, Delete removes it', async ({ page, orgAdmin }) => {
  const role = await createRole(orgAdmin, 'Auditors');
  await createMember(orgAdmin, 'bea', [role]);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/admin/roles/${role.id}`);
  // The form's Delete (the closing dialog has a Delete of its own, still in the page while it animates out).
  const opener = page.locator('button.admin-actions-end', { hasText: 'Delete' });
  await opener.click();
  // Shoelace's panel (role=dialog) is in its shadow root; the words are slotted into the sl-dialog itself.
  const dialog = page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name: 'Delete Role', exact: true }) });
  await expect(dialog).toContainText('Delete the role Auditors? 1 user loses it, and permissions naming it are removed.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await callApi<Role>(`roles/${role.id}`, { token: orgAdmin.token })).name).toBe('Auditors');

  await opener.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(alert(page, 'Role Auditors deleted.')).toBeVisible();
  await expect(page.getByText('Total Roles: 0')).toBeVisible();
  await expect(callApi(`roles/${role.id}`, { token: orgAdmin.token })).rejects.toMatchObject({ status: 404 });
});

test("a role that is not the organisation's: the page says so and links back to the list", async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/admin/roles/0190e1a0-0000-7000-8000-000000000000');
  await expect(page.getByRole('alert')).toHaveText('Role not found');
  await page.getByRole('link', { name: 'Back to Roles' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
});

test('the list pages by 100 from the server: Next shows the rest, Previous goes back', async ({ page, orgAdmin }) => {
  for (let start = 0; start < 101; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, 101 - start) }, (_, i) => createRole(orgAdmin, `Role ${String(start + i).padStart(3, '0')}`)),
    );
  }
  await openRoles(page, orgAdmin);
  await expect(bodyRows(page, 'Roles')).toHaveCount(100);
  await expect(page.getByText('Total Roles: 101')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Roles pages' });
  await expect(pager).toContainText('1–100 of 101');
  await expect(pager.getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('101–101 of 101');
  await expect(bodyRows(page, 'Roles')).toHaveCount(1);
  await expect(bodyRows(page, 'Roles')).toContainText('Role 100');
  await expect(pager.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('1–100 of 101');
});

test('the list and a role are each read once: the HTML sends the read, the island takes it (src/client/page-data-script.ts)', async ({ page, orgAdmin }) => {
  const role = await createRole(orgAdmin, 'Auditors');
  await signInWithToken(page, orgAdmin.token);
  const reads = apiReads(page);
  await page.goto('/admin/roles');
  await expect(bodyRows(page, 'Roles')).toHaveCount(1);
  await page.goto(`/admin/roles/${role.id}`);
  await expect(page.getByLabel('Name')).toHaveValue('Auditors');
  expect(reads.filter((r) => r.startsWith('roles'))).toEqual(['roles?skip=0&limit=100', `roles/${role.id}`]);
});

for (const viewport of [{ label: 'desktop', size: { width: 1280, height: 720 } }, { label: '390 px', size: phoneViewport }]) {
  test.describe(`at ${viewport.label}`, () => {
    test.use({ viewport: viewport.size });

    const phone = viewport.size === phoneViewport;

    test('the roles list passes axe and fits the width', async ({ page, orgAdmin }) => {
      await createRole(orgAdmin, 'Auditors', { description: 'Check the books and sign off the quarterly accounts' });
      await openRoles(page, orgAdmin);
      await expect(bodyRows(page, 'Roles')).toHaveCount(1);
      await expectAccessible(page);
      if (phone) await expectFitsPhone(page, [page.getByRole('link', { name: 'New Role' }), page.getByRole('link', { name: 'Edit Auditors' })]);
    });

    test('a new role passes axe and fits the width', async ({ page, orgAdmin }) => {
      await signInWithToken(page, orgAdmin.token);
      await page.goto('/admin/roles/new');
      await expect(page.getByLabel('Name')).toBeVisible();
      await expectAccessible(page);
      if (phone) await expectFitsPhone(page, [page.getByRole('button', { name: 'Save' })]);
    });

    test('a role with holders passes axe and fits the width', async ({ page, orgAdmin }) => {
      const role = await createRole(orgAdmin, 'Auditors', { description: 'Check the books' });
      await createMember(orgAdmin, 'bea', [role]);
      await signInWithToken(page, orgAdmin.token);
      await page.goto(`/admin/roles/${role.id}`);
      await expect(bodyRows(page, 'Users with this role')).toHaveCount(1);
      await expectAccessible(page);
      if (phone) await expectFitsPhone(page, [page.getByRole('button', { name: 'Delete' }), holdersGrid(page).getByRole('link')]);
    });
  });
}
