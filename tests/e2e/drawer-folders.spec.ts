/**
 * The drawer's documentation part (documentation §2): Browse Documents and the root folders by name,
 * refreshed by a 'rb:folders-changed' event, folding away and back, and the drawer as a modal overlay at
 * phone width (scanned with axe). The stage is set over the real API.
 */
import { createChecklist, createFolder } from './support/documentation.ts';
import { expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport } from './support/test.ts';

test.describe('drawer', () => {
  test("Browse Documents and the root folders by name; a 'rb:folders-changed' event refreshes them", async ({ page, orgAdmin }) => {
    const zebra = await createFolder(orgAdmin.token, 'Zebra');
    const alpha = await createFolder(orgAdmin.token, 'alpha');
    await createFolder(orgAdmin.token, 'Nested', alpha.id);
    await createChecklist(orgAdmin.token, 'A document in the root');

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/trash/root`);
    const drawer = page.getByRole('navigation', { name: 'Main menu' });
    await expect(drawer.getByRole('link', { name: 'Browse Documents' })).toHaveAttribute('href', '/documentation/browse');
    const folders = drawer.getByRole('list', { name: 'Root folders' }).getByRole('link');
    await expect(folders).toHaveText(['alpha', 'Zebra']);
    await expect(folders.first()).toHaveAttribute('href', `/documentation/browse/${alpha.id}`);
    await expect(folders.last()).toHaveAttribute('href', `/documentation/browse/${zebra.id}`);

    await createFolder(orgAdmin.token, 'Middle');
    await page.evaluate(() => document.dispatchEvent(new Event('rb:folders-changed')));
    await expect(folders).toHaveText(['alpha', 'Middle', 'Zebra']);

    // The list folds away and back.
    const toggle = drawer.getByRole('button', { name: 'Root folders' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(folders).toHaveCount(0);
    await toggle.click();
    await expect(folders).toHaveCount(3);

    // At phone width the drawer is a modal overlay: open it, then scan it.
    await usePhoneViewport(page);
    await page.reload();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(folders).toHaveText(['alpha', 'Middle', 'Zebra']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});
