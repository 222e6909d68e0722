/**
 * Assigning through the screens (issue #12; documentation §2 "Toolbar menu on a document page" Assign,
 * the folder browser's assignments dialog and the Properties dialog's Assignments tab; §5 "Assignment needs
 * an assignee chosen"; §8): a checklist assigned to a role from its page shows in the Assignments tab; the
 * assign button stays disabled until an assignee is chosen; an assignment added from the tab; a refused
 * assignment's failure text; the dialogs accessible at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { createChecklist, createFolder, memberOf, readOnlyRoot } from './support/documentation.ts';
import { callApi, createRole, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport } from './support/test.ts';

interface Assignment {
  object_id: string;
  assigned_to: { type: string; id: string; name: string };
  notes: string;
  claimed: boolean;
}

const alertWith = (page: Page, text: string) => page.locator('#alerts .alert').filter({ hasText: text });
const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });
const islandDialog = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });
const assignmentsOf = async (token: string, documentId: string) =>
  (await callApi<{ results: Assignment[] }>(`workflow/assignments?document_id=${documentId}`, { token })).results;

test('a checklist assigned to a role from its page shows in the Properties dialog’s Assignments tab', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const role = await createRole(orgAdmin, 'Night shift');
  const folder = await createFolder(orgAdmin.token, 'Site A');
  const doc = await createChecklist(orgAdmin.token, 'Gate checks', folder.id, 1);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'View Gate checks' })).toBeVisible();

  await page.getByRole('button', { name: 'Document menu' }).click();
  await menuEntry(page, 'Assign').click();
  const dialog = page.getByRole('dialog', { name: 'Assign Gate checks' });
  const assignee = dialog.getByRole('combobox', { name: 'Assign to' });
  const assign = dialog.getByRole('button', { name: 'Assign', exact: true });
  await expect(assignee).toBeFocused();
  // An assignee is required: Assign waits for one.
  await expect(assign).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Every evening before 22:00');
  await expect(assign).toBeDisabled();
  await expect(assignee.locator('optgroup')).toHaveCount(3); // the organisation, the roles, the users
  await expectAccessible(page);
  await assignee.selectOption({ label: 'Night shift' });
  await expect(assign).toBeEnabled();
  await assign.click();
  await expect(alertWith(page, 'Assigned Gate checks to Night shift.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Document menu' })).toBeFocused();
  expect(await assignmentsOf(orgAdmin.token, doc.id)).toEqual([
    expect.objectContaining({ assigned_to: { type: 'role', id: role.id, name: 'Night shift' }, notes: 'Every evening before 22:00', claimed: false }),
  ]);

  // The browser's Properties dialog lists it.
  await page.goto(`/documentation/browse/${folder.id}`);
  await page.getByRole('button', { name: 'Options for Gate checks' }).click();
  await menuEntry(page, 'Properties').click();
  const properties = islandDialog(page, 'Document Properties');
  await properties.getByRole('tab', { name: 'Assignments' }).click();
  const list = properties.getByRole('list', { name: 'Assignments of Gate checks' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Night shift (role)');
  await expect(list.getByRole('listitem')).toContainText('Every evening before 22:00');
  await expect(list.getByRole('listitem')).toContainText('Unclaimed');
  await expectAccessible(page);
});

test('an assignment added from the Assignments tab; the browser’s assign dialog waits for an assignee', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const doc = await createChecklist(orgAdmin.token, 'Fridge temperatures', 'root', 1);
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Fridge temperatures' }).click();
  await menuEntry(page, 'Properties').click();
  const properties = islandDialog(page, 'Document Properties');
  await properties.getByRole('tab', { name: 'Assignments' }).click();
  await expect(properties.getByText('No assignments')).toBeVisible();
  await properties.getByRole('button', { name: 'Add Assignment' }).click();

  const dialog = page.getByRole('dialog', { name: 'Assign Fridge temperatures' });
  const assign = dialog.getByRole('button', { name: 'Assign', exact: true });
  await expect(dialog.getByRole('combobox', { name: 'Assign to' })).toBeFocused();
  await expect(assign).toBeDisabled();
  await expectAccessible(page);
  await dialog.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: orgAdmin.username });
  await expect(assign).toBeEnabled();
  await assign.click();
  await expect(alertWith(page, `Assigned Fridge temperatures to ${orgAdmin.username}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Back in the tab, which read the item's assignments again; the Properties dialog is still open.
  await expect(properties.getByRole('button', { name: 'Add Assignment' })).toBeFocused();
  const list = properties.getByRole('list', { name: 'Assignments of Fridge temperatures' });
  await expect(list.getByRole('listitem')).toContainText(`${orgAdmin.username} (user)`);
  expect(await assignmentsOf(orgAdmin.token, doc.id)).toHaveLength(1);

  // From the item's menu too, at phone width: the dialog fits and is accessible.
  await page.keyboard.press('Escape');
  await expect(properties.getByRole('dialog')).toBeHidden();
  await usePhoneViewport(page);
  await page.getByRole('button', { name: 'Options for Fridge temperatures' }).click();
  await menuEntry(page, 'Assign').click();
  await expect(assign).toBeDisabled();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('a refused assignment shows the spec’s failure text and keeps the dialog; the light dialog at 390 px', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const role = await createRole(orgAdmin, 'Cleaners');
  const doc = await createChecklist(orgAdmin.token, 'Toilets', 'root', 1);
  await usePhoneViewport(page);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await page.getByRole('button', { name: 'Document menu' }).click();
  await menuEntry(page, 'Assign').click();
  const dialog = page.getByRole('dialog', { name: 'Assign Toilets' });
  await expect(dialog.getByRole('combobox', { name: 'Assign to' }).locator('option', { hasText: 'Cleaners' })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // The role is deleted meanwhile: the server refuses the assignee (422).
  await callApi(`roles/${role.id}`, { token: orgAdmin.token, method: 'DELETE' });
  await dialog.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: 'Cleaners' });
  await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(alertWith(page, 'Something went wrong with your assignment creation')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Something went wrong with your assignment creation');
  await expect(dialog).toBeVisible();
  expect(await assignmentsOf(orgAdmin.token, doc.id)).toEqual([]);
});

test('without Write an item offers favourite and subscribe but not Assign', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  await readOnlyRoot(orgAdmin); // the member reads, and nothing more
  const member = await memberOf(orgAdmin);
  const doc = await createChecklist(orgAdmin.token, 'Read only list', 'root', 1);
  await signInWithToken(page, member.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Favourite')).toBeVisible();
  await expect(menuEntry(page, 'Subscribe')).toBeVisible();
  await expect(menuEntry(page, 'Assign')).toHaveCount(0);
});
