import { signInOnScreen } from './support/journeys.ts';
import { expect, passwordResetLink, test } from './support/test.ts';

test.describe('password reset', () => {
  test("forgot password → e-mailed link → new password → 'Password reset successful!' → only the new password signs in", async ({
    page,
    account,
  }) => {
    const newPassword = `New-${account.password}`;

    // 'Forgot your password?' on the sign-in page.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot your password?' });
    await expect(dialog).toBeVisible();
    const email = dialog.getByLabel('Email');
    await expect(email).toBeFocused();
    const send = dialog.getByRole('button', { name: 'Send' });

    await email.fill('not-an-address');
    await send.click();
    await expect(dialog.locator('#forgot-error')).toHaveText('Incorrect email, please try again.');
    await expect(send).toBeEnabled();

    await email.fill(account.email);
    await send.click();
    const sent = dialog.getByRole('button', { name: 'Sent!' });
    await expect(sent).toBeVisible();
    await expect(sent).toBeDisabled();
    await expect(dialog.locator('#forgot-error')).toHaveText('');

    // The link of the reset e-mail.
    const link = await passwordResetLink(account.email);
    await page.goto(link);
    await expect(page).toHaveTitle('Reset Password');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password');
    const button = page.locator('#reset-submit');
    await expect(button).toHaveText('Please Enter a Password');
    await expect(button).toBeDisabled();
    await password.fill(newPassword);
    await expect(button).toHaveText('Passwords Do Not Match!');
    await expect(button).toBeDisabled();
    await confirm.fill(newPassword.slice(0, -1));
    await expect(button).toHaveText('Passwords Do Not Match!');
    await expect(button).toBeDisabled();
    await expect(page.locator('#reset-confirm-validity')).toHaveAttribute('data-valid', 'false');
    await confirm.fill(newPassword);
    await expect(page.locator('#reset-password-validity')).toHaveAttribute('data-valid', 'true');
    await expect(page.locator('#reset-confirm-validity')).toHaveAttribute('data-valid', 'true');
    await expect(button).toHaveText('Save Password');
    await expect(button).toBeEnabled();
    await button.click();

    await expect(page.getByRole('status').filter({ hasText: 'Password Has Been Reset' })).toHaveText('Password Has Been Reset');
    await expect(password).toBeHidden();

    // The banner on the sign-in page, for 6000 ms (timed in the page: when its text comes and goes).
    await page.addInitScript(() => {
      const times: { shown?: number; hidden?: number } = {};
      (window as unknown as { bannerTimes: typeof times }).bannerTimes = times;
      // Watching from before the page's own scripts run, so the banner's first text is seen.
      new MutationObserver(() => {
        const text = document.getElementById('reset-banner')?.textContent;
        if (text) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(document, { childList: true, characterData: true, subtree: true });
    });
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/); // the reset flag leaves the address, so a reload shows no banner again
    const banner = page.locator('#reset-banner');
    await expect(banner).toHaveText('Password reset successful!');

    await signInOnScreen(page, account.username, account.password);
    await expect(page.locator('#login-error'), 'the old password no longer works').toHaveText('Incorrect username or password');
    await expect(banner).toHaveText('', { timeout: 10_000 });
    const { shown, hidden } = await page.evaluate(() => (window as unknown as { bannerTimes: { shown: number; hidden: number } }).bannerTimes);
    expect(hidden - shown, 'the banner stayed 6000 ms').toBeGreaterThan(5_000);
    expect(hidden - shown).toBeLessThan(7_500);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();

    // The link works once: used again, saving fails with the spec's message.
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill(`${newPassword}-again`);
    await page.getByLabel('Confirm Password').fill(`${newPassword}-again`);
    await page.getByRole('button', { name: 'Save Password' }).click();
    await expect(page.locator('#reset-error')).toHaveText('Something went wrong! Please try again.');
    await expect(page.getByRole('button', { name: 'Save Password' })).toBeEnabled();
  });
});
