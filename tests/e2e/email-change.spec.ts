/**
 * Changing one's e-mail address (issue 10): Account Settings asks for it, a confirmation link goes to
 * the new address (and a notice to the old one), the address stays until the link is opened, and the
 * link's page confirms it.
 */
import { randomBytes } from 'node:crypto';
import {
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  phoneViewport,
  signInWithToken,
  test,
  waitForLink,
  waitForMail,
} from './support/test.ts';

const newAddress = () => `moved-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.test`;
const CHANGES_WHEN_CONFIRMED = 'Your e-mail address changes when you open the link in it.';

test.describe('e-mail change', () => {
  test('Save Changes → confirmation mailed → the link confirms → Account Settings shows the new address', async ({ page, account }) => {
    const email = newAddress();
    await signInWithToken(page, account.token);
    await page.goto('/account-settings');
    const field = page.getByLabel('Email');
    await expect(field).toHaveValue(account.email);
    await field.fill(email);
    await page.getByRole('button', { name: 'Save Changes' }).click();

    // Back home, told where the confirmation went; the address has not changed yet.
    await expect(page).toHaveURL(/\/$/);
    const sent = `A confirmation was sent to ${email}. ${CHANGES_WHEN_CONFIRMED}`;
    await expect(page.getByText(sent)).toBeVisible();
    await waitForMail(account.email, { subject: 'Your Ringbinder e-mail address is about to change' });

    await page.goto('/account-settings');
    await expect(field).toHaveValue(account.email);
    await expect(page.locator('#account-pending-email-text')).toHaveText(sent);
    await expect(field).toHaveAccessibleDescription(sent);

    // The link of the confirmation mail, opened in this browser.
    const link = await waitForLink(email, /\/confirm-email\?token=/);
    await page.goto(link);
    await expect(page).toHaveTitle('Email Confirmation');
    await expect(page.locator('#confirm-email-message')).toHaveText(`Your e-mail address is now ${email}.`);
    await expect(page.locator('#confirm-email-message')).toBeFocused();
    await expectAccessible(page);

    // Opened again: used.
    await page.reload();
    await expect(page.locator('#confirm-email-message')).toHaveText(
      'Something went wrong: This e-mail address change has already been confirmed',
    );

    await page.getByRole('link', { name: 'Go to Account Settings' }).click();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(field).toHaveValue(email);
    await expect(page.locator('#account-pending-email')).toBeHidden();
  });

  test('Cancel Change drops the pending change; its link then says so (phone width)', async ({ page, account }) => {
    await page.setViewportSize(phoneViewport);
    const email = newAddress();
    await signInWithToken(page, account.token);
    await page.goto('/account-settings');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/account-settings');
    const cancel = page.getByRole('button', { name: 'Cancel Change' });
    await expect(cancel).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await cancel.click();
    await expect(page.getByText('The e-mail address change was cancelled.')).toBeVisible();
    await expect(page.locator('#account-pending-email')).toBeHidden();
    await expect(page.getByLabel('Email')).toBeFocused();

    // A browser not signed in opens the link: it is no longer valid, and the way on is Log In.
    const link = await waitForLink(email, /\/confirm-email\?token=/);
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.locator('#confirm-email-message')).toHaveText(
      'Something went wrong: This confirmation link is invalid or has been replaced by a newer one',
    );
    await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
