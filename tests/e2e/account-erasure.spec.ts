/**
 * Delete my account (issue #47, GDPR Art. 17) in Account Settings: a wrong password is refused in the
 * dialog, the last admin of an organisation is told to hand over first, and the right password erases the
 * account and signs the device out to the login page.
 */
import type { Page } from '@playwright/test';
import { ApiError, expect, expectAccessible, signInOverApi, signInWithToken, test } from './support/test.ts';

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Delete my account', exact: true });

async function openDialog(page: Page) {
  await page.goto('/account-settings');
  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

test('Delete my account: a wrong password is refused; the right one erases the account and signs out', async ({ page, account }) => {
  await signInWithToken(page, account.token);
  const dialog = await openDialog(page);
  await expect(dialog.getByLabel('Verification Code')).toBeHidden();
  await expectAccessible(page);
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect password');

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  const signIn = await signInOverApi(account.username, account.password).catch((err: unknown) => err);
  expect(signIn).toBeInstanceOf(ApiError);
});

test('Delete my account: the last admin of an organisation is told to hand over first', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  const dialog = await openDialog(page);
  await dialog.getByLabel('Password').fill(orgAdmin.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `You are the last admin of ${orgAdmin.org.name}: make another member an admin before deleting this account`,
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(orgAdmin.username);
});
