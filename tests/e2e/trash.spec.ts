/**
 * The trash (documentation §2): the whole trash and a folder's trash, Restore with
 * '{name} successfully restored', an empty trash, and a member who is not an org admin. The stage is set
 * over the real API; the page is scanned with axe and checked at phone width.
 */
import type { Page } from '@playwright/test';
import { breadcrumbs, checkAtPhoneWidth, createChecklist, createFolder, expectBreadcrumbs, heading, memberOf } from './support/documentation.ts';
import { callApi, expect, expectAccessible, signInWithToken, test } from './support/test.ts';

const remove = (token: string, kind: 'folders' | 'documents', id: string) => callApi(`documentation/${kind}/${id}`, { token, method: 'DELETE' });

/** A success alert of the alerts region (role status), by its text. */
const successAlert = (page: Page, text: string) => page.locator('#alerts').getByRole('status').filter({ hasText: text });

test.describe('trash', () => {
  test("lists a deleted folder and document; Restore says '{name} successfully restored' and puts each back", async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Old Procedures');
    const doc = await createChecklist(orgAdmin.token, 'Retired Checklist');
    await remove(orgAdmin.token, 'folders', folder.id);
    await remove(orgAdmin.token, 'documents', doc.id);

    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/trash/1'); // the old address of the whole trash
    await expect(heading(page)).toHaveText('Trash');
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Trash']);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');
    const tiles = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(tiles).toHaveCount(2);
    const folderTile = tiles.filter({ has: page.getByRole('heading', { name: 'Old Procedures' }) });
    await expect(folderTile).toContainText('Folder');
    await expect(folderTile).toContainText('All about Old Procedures');
    await expect(folderTile).toContainText(`by ${orgAdmin.username}`);
    await expect(folderTile).toContainText('Was inDocumentation'); // the root, as the breadcrumbs name it
    await expect(tiles.filter({ hasText: 'Retired Checklist' })).toContainText('Checklist');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore Old Procedures' }).click();
    await expect(successAlert(page, 'Old Procedures successfully restored')).toBeVisible();
    await expect(tiles).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Restore Retired Checklist' })).toBeFocused();
    // The restored folder is back in the root, and the drawer lists it at once.
    await expect(page.getByRole('list', { name: 'Root folders' }).getByRole('link', { name: 'Old Procedures' })).toBeVisible();

    await page.getByRole('button', { name: 'Restore Retired Checklist' }).click();
    await expect(successAlert(page, 'Retired Checklist successfully restored')).toBeVisible();
    await expect(tiles).toHaveCount(0);
    await expect(page.getByText('- - Empty - -')).toBeVisible();

    const contents = await callApi<{ results: { id: string }[] }>('documentation/folders/root/contents', { token: orgAdmin.token });
    expect(contents.results.map((item) => item.id).sort()).toEqual([folder.id, doc.id].sort());
  });

  test('a deleted folder and checklist are drawn as their tiles were in the folder (one outline per kind)', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Old Procedures');
    const doc = await createChecklist(orgAdmin.token, 'Retired Checklist');
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    const tileOutline = (name: string) => page.locator('.item-tile').filter({ hasText: name }).locator('svg.kind-icon path').getAttribute('d');
    await expect(page.locator('.item-tile')).toHaveCount(2);
    const onTiles = { folder: await tileOutline('Old Procedures'), checklist: await tileOutline('Retired Checklist') };

    await remove(orgAdmin.token, 'folders', folder.id);
    await remove(orgAdmin.token, 'documents', doc.id);
    await page.goto('/documentation/trash/root');
    const tiles = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(tiles).toHaveCount(2);
    const trashOutline = (name: string) => tiles.filter({ hasText: name }).locator('svg.item-icon path').getAttribute('d');
    expect({ folder: await trashOutline('Old Procedures'), checklist: await trashOutline('Retired Checklist') }).toEqual(onTiles);
    expect(onTiles.folder).not.toEqual(onTiles.checklist);
  });

  test("a folder's trash: breadcrumbs through the folder, only what was deleted from it", async ({ page, orgAdmin }) => {
    const top = await createFolder(orgAdmin.token, 'Site A');
    const inner = await createFolder(orgAdmin.token, 'Workshop', top.id);
    const gone = await createChecklist(orgAdmin.token, 'Lathe Check', inner.id);
    const elsewhere = await createChecklist(orgAdmin.token, 'Elsewhere');
    await remove(orgAdmin.token, 'documents', gone.id);
    await remove(orgAdmin.token, 'documents', elsewhere.id);

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/trash/${inner.id}`);
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Site A', 'Workshop', 'Trash']);
    const tiles = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(tiles).toHaveCount(1);
    await expect(tiles).toContainText('Lathe Check');
    await expect(tiles).toContainText('Was inWorkshop');
    await checkAtPhoneWidth(page, () => expect(page.getByRole('button', { name: 'Restore Lathe Check' })).toBeVisible());
  });

  test("an empty trash shows '- - Empty - -'", async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/trash/root');
    await expect(page.getByText('- - Empty - -')).toBeVisible();
    await expectAccessible(page);
    await checkAtPhoneWidth(page, () => expect(page.getByText('- - Empty - -')).toBeVisible());
  });

  test('a member who is not an org admin is sent back home with the alert (issue #32), never shown the trash', async ({ page, orgAdmin }) => {
    const member = await memberOf(orgAdmin);
    await signInWithToken(page, member.token);
    for (const address of ['/documentation/trash/1', '/documentation/trash/root']) {
      await page.goto(address);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('#alerts').getByText('Only organization admins can open this page.')).toBeVisible();
      await expect(page.getByText(/Something went wrong/)).toHaveCount(0);
      await expect(page.getByText('- - Empty - -')).toHaveCount(0);
    }
  });

  test("links to the whole trash use the spec's form, /documentation/trash/1", async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    const bin = page.locator('a[href^="/documentation/trash/"]').first();
    await expect(bin).toHaveAttribute('href', '/documentation/trash/1');
    await bin.click();
    await expect(page).toHaveURL(/\/documentation\/trash\/1$/);
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Trash']);
  });
});
