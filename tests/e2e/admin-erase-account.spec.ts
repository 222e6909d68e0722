/**
 * Erase account on Edit User (issue #47, GDPR Art. 17; `DELETE users/accounts/{id}`): the destructive button
 * opens a confirmation that names what goes (name, e-mail address, avatar, sessions, API tokens, two-factor)
 * and what stays ("Deleted user"); erasing goes back to the users list, and the account is gone. A refusal
 * shows the server's {detail} in the dialog (here: an admin's own account, which only Account Settings
 * erases — the same path as the last admin's refusal). At 1280 and 390 px; axe on the dialog.
 */
import type { Page } from '@playwright/test';
import { expectFitsPhone } from './support/journeys.ts';
import { ApiError, callApi, createMember, expect, expectAccessible, phoneViewport, signInOverApi, signInWithToken, test, type Member, type OrgAdmin } from './support/test.ts';

/** The Shoelace dialog whose panel is named "Erase account" (its content is slotted into the panel). */
const dialogOf = (page: Page) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name: 'Erase account', exact: true }) });

async function openErase(page: Page, admin: OrgAdmin, id: string) {
  await signInWithToken(page, admin.token);
  await page.goto(`/admin/users/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible();
  await expect(page.getByLabel('Email')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Erase account', exact: true }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole('dialog', { name: 'Erase account', exact: true })).toBeVisible();
  return dialog;
}

async function myId(admin: OrgAdmin): Promise<string> {
  const { results } = await callApi<{ results: Member[] }>(`users?q=${encodeURIComponent(admin.username)}`, { token: admin.token });
  return results.find((u) => u.user_account.username === admin.username)!.id;
}

for (const width of [1280, 390]) {
  test(`Erase account names the consequences, erases the member and goes back to the users list (${width} px)`, async ({ page, orgAdmin }) => {
    if (width === 390) await page.setViewportSize(phoneViewport);
    const member = await createMember(orgAdmin, 'erased');
    const dialog = await openErase(page, orgAdmin, member.id);
    await expect(dialog).toContainText(`Erase the account of ${member.username}`);
    await expect(dialog).toContainText('Their name, e-mail address and avatar are erased.');
    await expect(dialog).toContainText('Their sessions end and their API tokens stop working; their two-factor set-up is erased.');
    await expect(dialog).toContainText('What they wrote stays, shown as by “Deleted user”.');
    if (width === 390) await expectFitsPhone(page, [dialog.getByRole('button', { name: 'Erase account' })]);
    else await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Erase account' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/?$/);
    await expect(page.locator('#alerts').getByText(`The account of ${member.username} has been erased.`)).toBeVisible();
    const gone = await callApi(`users/${member.id}`, { token: orgAdmin.token }).catch((err: unknown) => err);
    expect(gone).toBeInstanceOf(ApiError);
    expect(await signInOverApi(member.username, member.password).catch((err: unknown) => err)).toBeInstanceOf(ApiError);
  });

  test(`Erase account shows the refusal's detail and keeps the account (${width} px)`, async ({ page, orgAdmin }) => {
    if (width === 390) await page.setViewportSize(phoneViewport);
    const dialog = await openErase(page, orgAdmin, await myId(orgAdmin));
    await dialog.getByRole('button', { name: 'Erase account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Delete your own account from Account Settings');
    if (width === 390) await expectFitsPhone(page, [dialog.getByRole('button', { name: 'Cancel' })]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveValue(orgAdmin.username);
  });
}
