/**
 * The editor frame of a document (documentation §2): with Write, the document name then the
 * organisation in the header, the breadcrumbs, QR Link and the switch back to View; without Write, back
 * to the viewer with 'You need permission to Edit this document.'. The stage is set over the real API;
 * the page is scanned with axe and checked at phone width.
 */
import { checkAtPhoneWidth, createChecklist, createFolder, expectBreadcrumbs, heading, memberOf, readOnlyRoot } from './support/documentation.ts';
import { callApi, expect, expectAccessible, signInWithToken, test } from './support/test.ts';

test.describe('editor page', () => {
  test('with Write: the document name then the organisation in the header, breadcrumbs, switch back to View', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Kitchen');
    const doc = await createChecklist(orgAdmin.token, 'Opening Checks', folder.id, 1);

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/edit/${doc.id}`);
    await expect(heading(page)).toHaveText('Opening Checks');
    await expect(page.locator('#topbar-page')).toHaveText('Opening Checks');
    await expect(page.locator('#topbar-org')).toHaveText(orgAdmin.org.name);
    await expect(page).toHaveTitle(`Opening Checks ${orgAdmin.org.name}`);
    await expect(page.getByText('How to use Opening Checks')).toBeVisible();
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Kitchen']);
    const modes = page.getByRole('group', { name: 'View or edit' });
    await expect(modes.getByRole('link', { name: 'Edit' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // QR Link holds the viewer's address: printed codes are for the people who use the document.
    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'QR Link' }).click();
    const address = new URL(`/documentation/view/${doc.id}`, page.url()).href;
    await expect(page.getByRole('dialog', { name: 'QR Code: Opening Checks' }).getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await page.keyboard.press('Escape');

    await modes.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(`/documentation/view/${doc.id}`);

    await page.goto(`/documentation/edit/${doc.id}`);
    await checkAtPhoneWidth(page, () => expect(heading(page)).toHaveText('Opening Checks'));
  });

  test("an editor's Shoelace theme lies beneath the house theme: Shoelace's primary colour is the house navy", async ({ page, orgAdmin }) => {
    const doc = await createChecklist(orgAdmin.token, 'Themed', 'root', 1);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/edit/${doc.id}`);
    await expect(page.getByRole('button', { name: 'Add question' })).toBeVisible();
    // The editor has added Shoelace's light theme (its own primary is sky blue); theme.css maps it to navy.
    const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-color-primary-600').trim());
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--sl-color-violet-600').trim())).not.toBe('');
    expect(await primary()).toBe('#1a2238');
  });

  test("without Write: back to the viewer with 'You need permission to Edit this document.'", async ({ page, orgAdmin }) => {
    await readOnlyRoot(orgAdmin); // as in an organisation made before issue #32: members only read at the root
    const member = await memberOf(orgAdmin);
    const doc = await createChecklist(orgAdmin.token, 'Read Only Checklist', 'root', 1);
    // The member's only entry on the document: Read.
    await callApi(`documentation/documents/${doc.id}/acl`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: [{ subject: member.id, is_grant: true, permissions: 1 }],
    });
    const seen = await callApi<{ user_permissions: number }>(`documentation/documents/${doc.id}`, { token: member.token });
    expect(seen.user_permissions & 2, 'the member has no Write').toBe(0);

    await signInWithToken(page, member.token);
    await page.goto(`/documentation/edit/${doc.id}`);
    await expect(page).toHaveURL(`/documentation/view/${doc.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'You need permission to Edit this document.' })).toBeVisible();
    await expect(heading(page)).toHaveText('View Read Only Checklist');
    // No switch to the editor without Write; History and the menu stay.
    await expect(page.getByRole('group', { name: 'View or edit' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'History', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});
