/**
 * The Properties dialog's Who can access tab (issue #33): open it on a folder, find a member by name,
 * read their reasons in words, revoke their entry in the Permissions tab and see their bits change (the
 * tab follows the unsaved entries), then Save and see it stay so. At phone width (390 px) the tab fits
 * the dialog and passes the accessibility scan.
 */
import type { Page } from '@playwright/test';
import { readOnlyRoot } from './support/documentation.ts';
import { callApi, createMember, createRole, expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', phoneViewport],
] as const) {
  test(`at ${width} width Who can access shows a member's bits and reasons and follows the Permissions tab`, async ({ page, orgAdmin }) => {
    await readOnlyRoot(orgAdmin); // as an organisation made before issue #32: the root grants the organisation Read
    const cleaners = await createRole(orgAdmin, 'Cleaners');
    const ann = await createMember(orgAdmin, 'ann', [cleaners]);
    await createMember(orgAdmin, 'bob');
    const site = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Site A' } });
    const room = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: site.id, name: 'Room 1' } });
    await callApi(`documentation/folders/${site.id}/acl`, { token: orgAdmin.token, method: 'PUT', json: [{ subject: cleaners.id, is_grant: true, permissions: 2 }] });
    await callApi(`documentation/folders/${room.id}/acl`, { token: orgAdmin.token, method: 'PUT', json: [{ subject: ann.id, is_grant: true, permissions: 4 }] });

    await page.setViewportSize(viewport);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/browse/${site.id}`);
    await page.getByRole('button', { name: 'Options for Room 1' }).click();
    await page.getByRole('menuitem', { name: 'Properties' }).click();
    const dialog = dialogNamed(page, 'Folder Properties');
    await dialog.getByRole('tab', { name: 'Who can access' }).click();
    // Issue #43 item 16: the rows say they can be chosen, and for what; a member's name looks like a link.
    await expect(dialog.getByText('Choose a member to see why they have each permission.')).toBeVisible();

    await dialog.getByRole('searchbox', { name: 'Search members' }).fill(ann.username);
    const table = dialog.getByRole('table', { name: 'Who can access Room 1' });
    const row = table.getByRole('row').filter({ hasText: ann.username });
    await expect(table.getByRole('row')).toHaveCount(2); // the header and Ann's
    const cell = (column: string) => row.locator(`[data-column="${column}"]`);
    await expect(cell('read')).toHaveText('Yes');
    await expect(cell('write')).toHaveText('Yes');
    await expect(cell('delete')).toHaveText('Yes');
    await expect(cell('edit-permissions')).toHaveText('No');
    await expect(cell('create')).toHaveText('No');

    const member = row.getByRole('button', { name: new RegExp(ann.username) });
    expect(await member.locator('.who-member-name').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('underline');
    await member.click();
    const reasons = dialog.getByRole('region', { name: 'Reasons' });
    await expect(reasons.getByRole('listitem')).toHaveText([
      'Delete granted to this user here',
      'Write granted to role Cleaners on folder Site A, inherited',
      `Read granted to organization ${orgAdmin.org.name} on folder ${orgAdmin.org.name}, inherited`,
    ]);
    if (width === 'phone') {
      const overflow = await dialog.evaluate((host) => {
        const body = host.shadowRoot?.querySelector('[part~="body"]');
        return body ? body.scrollWidth - body.clientWidth : -1;
      });
      expect(overflow).toBe(0);
    }
    await expectAccessible(page);

    // Revoke Ann's entry in the Permissions tab: Who can access follows before anything is saved.
    await dialog.getByRole('tab', { name: 'Permissions' }).click();
    const editor = dialog.locator('rb-permission-editor');
    await editor.getByRole('combobox', { name: `Grant or Revoke for ${ann.username}` }).selectOption('revoke');
    await dialog.getByRole('tab', { name: 'Who can access' }).click();
    await expect(cell('delete')).toHaveText('No');
    await expect(reasons.getByRole('listitem').first()).toHaveText('Delete revoked for this user here');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('#alerts .alert').filter({ hasText: 'Folder: Room 1 Successfully Edited' })).toBeVisible();
    const saved = await callApi<{ permissions: number }>(`documentation/folders/${room.id}/effective-permissions/${ann.id}`, { token: orgAdmin.token });
    expect(saved.permissions).toBe(1 | 2);
  });
}
