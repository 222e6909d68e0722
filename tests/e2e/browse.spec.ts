/**
 * The folder browser (documentation §2, §4): folders and documents made, renamed, deleted and
 * restored, pasted by drag and drop, permissions given through the Permissions tab, and the QR code
 * of an item — each through the screen, with the stage set over the API.
 */
import type { Page } from '@playwright/test';
import { acceptInvitationOverApi } from './support/journeys.ts';
import { readOnlyRoot } from './support/documentation.ts';
import {
  callApi,
  createAccount,
  createRole,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  inviteByEmail,
  readQrCode,
  signInWithToken,
  test,
  usePhoneViewport,
} from './support/test.ts';

interface Item {
  id: string;
  name: string;
}

const folder = (token: string, name: string, parent = 'root') =>
  callApi<Item>('documentation/folders', { token, json: { parent_id: parent, name } });
const checklist = (token: string, name: string, folderId = 'root') =>
  callApi<Item>('documentation/documents', { token, json: { folder_id: folderId, name, doctype: 'form' } });
const contentNames = async (token: string, folderId: string) =>
  (await callApi<{ results: Item[] }>(`documentation/folders/${folderId}/contents`, { token })).results.map((i) => i.name);

const tile = (page: Page, name: string) => page.locator('li.item-tile').filter({ has: page.getByRole('link', { name: new RegExp(`^${name}\\s*,`) }) });
/** A Shoelace dialog by its name: the host element, since its content is slotted (not inside the shadow panel). */
const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });
const alertWith = (page: Page, text: string | RegExp) => page.locator('#alerts .alert').filter({ hasText: text });

async function openMenu(page: Page, name: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: `Options for ${name}` }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test('nested folders are made with the speed dial and the breadcrumbs follow', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  await expect(page.getByText('- - Empty - -')).toBeVisible();

  for (const name of ['Manuals', 'Pumps']) {
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('button', { name: 'Folder', exact: true }).click();
    const dialog = dialogNamed(page, 'New Folder');
    // The name field has the focus as the dialog opens.
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await page.keyboard.type(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const created = alertWith(page, `Folder ${name} created.`);
    await expect(created).toBeVisible();
    await expect(dialog).toBeHidden();
    // The alert's link opens the new folder.
    await created.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('listitem')).toHaveText(['Home', '›Documentation', '›Manuals', '›Pumps']); // THE breadcrumbs (rb-breadcrumbs): '›' before each
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Pumps');
  await crumbs.getByRole('link', { name: 'Manuals' }).click();
  await expect(tile(page, 'Pumps')).toBeVisible();
  await expectAccessible(page);
});

test('a new checklist is created and opens in its editor', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Document', exact: true }).click();
  const dialog = dialogNamed(page, 'New document');
  const create = dialog.getByRole('button', { name: 'Create' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Daily pump check');
  // Name and kind are both required.
  await expect(create).toBeDisabled();
  await expect(dialog.getByRole('radio')).toHaveText(['Presentation', 'Checklist', 'Result Sheet', 'Report']);
  await dialog.getByRole('radio', { name: 'Checklist' }).click();
  await create.click();
  await expect(page).toHaveURL(/\/documentation\/edit\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const document = await callApi<{ name: string; doctype: string }>(`documentation/documents/${id}`, { token: orgAdmin.token });
  expect(document).toMatchObject({ name: 'Daily pump check', doctype: 'form' });
});

test('a document is renamed through its properties', async ({ page, orgAdmin }) => {
  await checklist(orgAdmin.token, 'Old name');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await openMenu(page, 'Old name', 'Properties');
  const dialog = dialogNamed(page, 'Document Properties');
  await expect(dialog.getByRole('tab', { name: 'Permissions' })).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Weekly pump check');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith(page, 'Document: Weekly pump check Successfully Edited')).toBeVisible();
  await expect(tile(page, 'Weekly pump check')).toBeVisible();
  await expect(tile(page, 'Old name')).toHaveCount(0);
});

test('delete asks twice, and UNDO brings the item back', async ({ page, orgAdmin }) => {
  await checklist(orgAdmin.token, 'Boiler log');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await openMenu(page, 'Boiler log', 'Delete');
  const dialog = dialogNamed(page, 'Delete Document');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Are you REALLY sure?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  const deleted = alertWith(page, 'Document: Boiler log Successfully Deleted');
  await expect(deleted).toBeVisible();
  await expect(tile(page, 'Boiler log')).toHaveCount(0);
  expect(await contentNames(orgAdmin.token, 'root')).not.toContain('Boiler log');

  await deleted.getByRole('button', { name: 'UNDO' }).click();
  await expect(alertWith(page, 'Boiler log successfully restored')).toBeVisible();
  await expect(tile(page, 'Boiler log')).toBeVisible();
});

test('dragging onto a folder pastes a copy, or moves it with Remove Original Copy, and UNDO moves it back', async ({ page, orgAdmin }) => {
  const first = await folder(orgAdmin.token, 'Site A');
  const second = await folder(orgAdmin.token, 'Site B');
  await checklist(orgAdmin.token, 'Valve check');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');

  await tile(page, 'Valve check').dragTo(tile(page, 'Site A'));
  let dialog = dialogNamed(page, 'Paste');
  await expect(dialog.getByRole('checkbox', { name: 'Remove Original Copy' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Paste' }).click();
  await expect(alertWith(page, /^Valve check pasted from Documentation to Site A×?$/)).toBeVisible();
  expect(await contentNames(orgAdmin.token, first.id)).toEqual(['Valve check']);
  await expect(tile(page, 'Valve check')).toBeVisible();
  // The clipboard clears after a paste.
  await expect(page.getByRole('button', { name: /^Paste / })).toHaveCount(0);

  await tile(page, 'Valve check').dragTo(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText('Documentation'));
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('sl-dialog')).toHaveCount(0);

  await tile(page, 'Valve check').dragTo(tile(page, 'Site B'));
  dialog = dialogNamed(page, 'Paste');
  // Shoelace's box is drawn over a hidden native input: a person clicks the label.
  await dialog.getByText('Remove Original Copy').click();
  await expect(dialog.getByRole('checkbox', { name: 'Remove Original Copy' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Paste' }).click();
  const moved = alertWith(page, 'Valve check pasted from Documentation to Site B and removed from Documentation');
  await expect(moved).toBeVisible();
  await expect(tile(page, 'Valve check')).toHaveCount(0);
  expect(await contentNames(orgAdmin.token, second.id)).toEqual(['Valve check']);

  await moved.getByRole('button', { name: 'UNDO' }).click();
  await expect(alertWith(page, 'Valve check returned to Documentation')).toBeVisible();
  await expect(tile(page, 'Valve check')).toBeVisible();
  expect(await contentNames(orgAdmin.token, second.id)).toEqual([]);
});

test('Copy in the item menu, then the paste button in another folder', async ({ page, orgAdmin }) => {
  const target = await folder(orgAdmin.token, 'Archive');
  await checklist(orgAdmin.token, 'Fire drill');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await openMenu(page, 'Fire drill', 'Copy');
  await page.goto(`/documentation/browse/${target.id}`);
  await page.getByRole('button', { name: 'Paste Fire drill' }).click();
  await dialogNamed(page, 'Paste').getByRole('button', { name: 'Paste' }).click();
  await expect(alertWith(page, 'Fire drill pasted from Documentation to Archive')).toBeVisible();
  await expect(tile(page, 'Fire drill')).toBeVisible();
});

test('the sort menu orders the tiles and every page of a large folder is shown', async ({ page, orgAdmin }) => {
  const big = await folder(orgAdmin.token, 'Big');
  const names = Array.from({ length: 105 }, (_, i) => `Item ${String(i).padStart(3, '0')}`);
  for (const name of names) await folder(orgAdmin.token, name, big.id);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/browse/${big.id}`);
  const tiles = page.locator('li.item-tile .item-name');
  await expect(tiles).toHaveCount(105);
  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Name descending' }).click();
  await expect(tiles.first()).toContainText('Item 104');
  await expect(tiles.last()).toContainText('Item 000');
});

test('the QR code of an item holds its page address', async ({ page, context, orgAdmin }) => {
  const manuals = await folder(orgAdmin.token, 'Manuals');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await openMenu(page, 'Manuals', 'QR Code');
  const dialog = page.getByRole('dialog', { name: 'QR Code: Manuals' }); // <rb-qr-dialog>, the document pages' too
  const code = dialog.getByRole('img', { name: /^QR code for / });
  await expect(code).toBeVisible();
  await expect(code.locator('svg')).toBeVisible();
  const address = new URL(`/documentation/browse/${manuals.id}`, page.url()).href;
  expect(await readQrCode(context, code)).toBe(address);
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
  // One file-name rule with the document pages' QR Link.
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PNG' }).click();
  expect((await downloading).suggestedFilename()).toBe('Manuals QR code.png');
  await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's Close (the X is first)
  await expect(dialog).toBeHidden();
  await openMenu(page, 'Manuals', 'QR Code');
  await expect(dialog.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('at phone width the browser fits and the item menu opens', async ({ page, orgAdmin }) => {
  await folder(orgAdmin.token, 'A folder with a rather long name for a small screen');
  await usePhoneViewport(page);
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: /^Options for / }).click();
  await expect(page.getByRole('menuitem', { name: 'Properties' })).toBeVisible();
  await expectAccessible(page);
});

test('a role granted Read in the Permissions tab gives its members a read-only view', async ({ page, orgAdmin }) => {
  await readOnlyRoot(orgAdmin); // members read, and nothing more, unless granted (as in an organisation made before issue #32)
  const role = await createRole(orgAdmin, 'Inspectors');
  const inspector = await createAccount('inspector');
  await acceptInvitationOverApi(inspector.token, await inviteByEmail(orgAdmin.token, inspector.email, [role.id]));
  const restricted = await folder(orgAdmin.token, 'Restricted');
  await checklist(orgAdmin.token, 'Inspection', restricted.id);
  // Nobody but the admins may read the folder.
  await callApi(`documentation/folders/${restricted.id}/acl`, {
    method: 'PUT',
    token: orgAdmin.token,
    json: [{ subject: orgAdmin.org.id, is_grant: false, permissions: 1 }],
  });
  expect(await contentNames(inspector.token, 'root')).not.toContain('Restricted');

  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await openMenu(page, 'Restricted', 'Properties');
  const dialog = dialogNamed(page, 'Folder Properties');
  await dialog.getByRole('tab', { name: 'Permissions' }).click();
  const editor = dialog.locator('rb-permission-editor');
  await editor.getByRole('button', { name: 'Add Entry' }).click();
  await editor.getByRole('combobox', { name: 'Subject of entry 2' }).selectOption({ label: 'Inspectors' });
  await editor.getByRole('checkbox', { name: 'Read for Inspectors' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith(page, 'Folder: Restricted Successfully Edited')).toBeVisible();

  await signInWithToken(page, inspector.token);
  await page.goto('/documentation/browse');
  await expect(tile(page, 'Restricted')).toBeVisible();
  await page.goto(`/documentation/browse/${restricted.id}`);
  await expect(tile(page, 'Inspection')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Options for Inspection' }).click();
  // Reading is enough to follow an item (Favourite, Subscribe); Assign needs Write.
  await expect(page.getByRole('menuitem')).toHaveText(['Open', 'Properties', 'History', 'QR Code', 'Favourite', 'Subscribe']);
  await page.getByRole('menuitem', { name: 'Properties' }).click();
  const properties = dialogNamed(page, 'Document Properties');
  await expect(properties.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
  await expect(properties.getByRole('tab', { name: 'Permissions' })).toHaveCount(0);
  await expect(properties.getByRole('button', { name: 'Save' })).toHaveCount(0);
});

test('the trash bin shows what was deleted here, and Restore puts it back', async ({ page, orgAdmin }) => {
  await folder(orgAdmin.token, 'Old audits');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  // The drawer's Browse Documents list follows the root folders.
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  await expect(drawer.getByRole('link', { name: 'Old audits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trash, 0 items' })).toBeVisible();

  await openMenu(page, 'Old audits', 'Delete');
  const dialog = dialogNamed(page, 'Delete Folder');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(alertWith(page, 'Folder: Old audits Successfully Deleted')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Old audits' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Trash, 1 item' }).click();
  // The whole trash in the form the spec's links use (issue #32).
  await expect(page).toHaveURL(/\/documentation\/trash\/1$/);
  await page.getByRole('button', { name: /^Restore/ }).click();
  await expect(alertWith(page, 'Old audits successfully restored')).toBeVisible();
  await page.goto('/documentation/browse');
  await expect(tile(page, 'Old audits')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trash, 0 items' })).toBeVisible();
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a long press carries an item onto a folder; a quick swipe does not', async ({ page, orgAdmin }) => {
    await folder(orgAdmin.token, 'Site C');
    await checklist(orgAdmin.token, 'Hydrant check');
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    const centre = async (name: string) => {
      const box = (await tile(page, name).boundingBox())!;
      return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    };
    const from = await centre('Hydrant check');
    const to = await centre('Site C');
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });

    // Moving at once is a scroll: nothing is carried.
    await touch('touchStart', from);
    await touch('touchMove', to);
    await touch('touchEnd');
    await expect(page.locator('sl-dialog')).toHaveCount(0);

    // Held for the 500 ms delay, the item follows the finger and drops on the folder.
    await touch('touchStart', from);
    await page.waitForTimeout(700);
    await touch('touchMove', { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 });
    await touch('touchMove', to);
    await touch('touchEnd');
    const dialog = dialogNamed(page, 'Paste');
    await expect(dialog.getByText('into Site C')).toBeVisible();
  });
});

test("the item menu and Paste follow the action table: Copy needs Write, 'Remove Original Copy' Write and Delete", async ({ page, orgAdmin }) => {
  await readOnlyRoot(orgAdmin); // the member reads at the root, and holds only what each item grants
  const member = await createAccount('member');
  await acceptInvitationOverApi(member.token, await inviteByEmail(orgAdmin.token, member.email));
  const memberId = (await callApi<{ id: string }>('auth/me', { token: member.token })).id;
  const grant = (kind: 'folders' | 'documents', id: string, permissions: number) =>
    callApi(`documentation/${kind}/${id}/acl`, { token: orgAdmin.token, method: 'PUT', json: [{ subject: memberId, is_grant: true, permissions }] });
  const shared = await folder(orgAdmin.token, 'Shared');
  await grant('folders', shared.id, 1 | 2 | 16); // Read, Write, Create Documents: documents may be pasted here
  await grant('documents', (await checklist(orgAdmin.token, 'Read only')).id, 1);
  await grant('documents', (await checklist(orgAdmin.token, 'Writable')).id, 1 | 2);
  await grant('documents', (await checklist(orgAdmin.token, 'Movable')).id, 1 | 2 | 4);

  await signInWithToken(page, member.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Read only' }).click();
  await expect(page.getByRole('menuitem', { name: 'Open' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Copy' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Write without Delete: a copy, never a move.
  await openMenu(page, 'Writable', 'Copy');
  await page.goto(`/documentation/browse/${shared.id}`);
  await page.getByRole('button', { name: 'Paste Writable' }).click();
  let dialog = dialogNamed(page, 'Paste');
  await expect(dialog.getByText('into Shared')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Remove Original Copy' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Write and Delete: the move is offered.
  await page.goto('/documentation/browse');
  await openMenu(page, 'Movable', 'Copy');
  await page.goto(`/documentation/browse/${shared.id}`);
  await page.getByRole('button', { name: 'Paste Movable' }).click();
  dialog = dialogNamed(page, 'Paste');
  await expect(dialog.getByRole('checkbox', { name: 'Remove Original Copy' })).toBeVisible();
});
