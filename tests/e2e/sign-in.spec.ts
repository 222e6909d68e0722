import { expectDashboardOf, signInAnswer, signInOnScreen, wrongTwoFactorCode } from './support/journeys.ts';
import { Secret, TOTP } from 'otpauth';
import { Authenticator, createOrganisation, enableTwoFactor, expect, expectAccessible, signInWithToken, test } from './support/test.ts';

test.describe('sign-in', () => {
  test("a wrong password reads 'Incorrect username or password'; the right one signs in", async ({ page, account }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login');
    const error = page.locator('#login-error');
    await signInOnScreen(page, account.username, `${account.password}-wrong`);
    await expect(error).toHaveText('Incorrect username or password');
    await expect(page.getByLabel('Two Factor Code')).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // No organisation yet: home offers to create one.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
  });

  test('with two-factor authentication: password, then the code field, a wrong code, the right code', async ({
    page,
    orgAdmin,
  }) => {
    const authenticator = await enableTwoFactor(orgAdmin.token);
    await page.goto('/login');
    const codeField = page.getByLabel('Two Factor Code');
    const error = page.locator('#login-error');
    await expect(codeField).toBeHidden();

    // The password alone: the server asks for the code, and the field appears.
    await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
    await expect(codeField).toBeVisible();
    await expect(codeField).toBeFocused();
    await expect(error).toHaveText('Two Factor Authentication Required');

    const wrong = signInAnswer(page);
    await codeField.fill(wrongTwoFactorCode(authenticator));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await wrong).status()).toBe(400);
    await expect(error).toHaveText('Two Factor Authentication Required');
    await expect(page).toHaveURL(/\/login$/);

    await codeField.fill(authenticator.nextCode());
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('two-factor authentication turned on in Account Settings is then asked for at sign-in', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    await expect(page.locator('#otp-status')).toHaveText('Two-factor authentication is off.');
    await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();

    // The key as a person would type it into an authenticator app.
    const secret = await dialog.locator('#otp-secret').filter({ hasText: /\S/ }).innerText();
    const totp = new TOTP({ issuer: 'Ringbinder', label: orgAdmin.username, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) });
    const authenticator = new Authenticator(totp.toString());
    const code = dialog.getByLabel('Verification Code');
    const verify = dialog.getByRole('button', { name: 'Verify' });
    await code.fill('12345');
    await expect(verify, 'five digits are not a code').toBeDisabled();
    await code.fill(wrongTwoFactorCode(authenticator));
    await verify.click();
    await expect(dialog.locator('#otp-error')).toHaveText('Incorrect Code, Try Again');
    await code.fill(authenticator.nextCode());
    await verify.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is on.' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disable Two-Factor Authentication' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
    await page.getByLabel('Two Factor Code').fill(authenticator.nextCode());
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('logout from the avatar menu clears the browser storage and goes to /login', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/');
    await expectDashboardOf(page, orgAdmin.org.name);
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(orgAdmin.username);

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    await expect(page.locator('#avatar-full-name')).toHaveText(orgAdmin.full_name);
    await expect(page.locator('#avatar-email')).toHaveText(orgAdmin.email);
    await expect(menu.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Logout' }).click();

    await expect(page).toHaveURL(/\/login$/);
    const stored = await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length }));
    expect(stored).toEqual({ local: 0, session: 0 });
    // Signed out now: the signed-in area sends back to sign-in.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a member of two organisations picks one after signing in', async ({ page, orgAdmin }) => {
    const second = await createOrganisation(orgAdmin.token, `Second Branch ${orgAdmin.username.slice(-6)}`);
    await page.goto('/login');
    await signInOnScreen(page, orgAdmin.username, orgAdmin.password);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Select an Organization' })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard');
    const choices = page.locator('#home-org-list').getByRole('button');
    await expect(choices).toHaveCount(2);
    await expect(page.getByRole('button', { name: orgAdmin.org.name, exact: true })).toBeVisible();
    // A choice of organisations (issue #32): each entry shows the organisation's name and the user's role in it.
    for (const name of [orgAdmin.org.name, second.name]) {
      const choice = page.getByRole('button', { name, exact: true });
      await expect(choice).toHaveAccessibleDescription('Organization Admin');
      await expect(choice.locator('.org-choice-name')).toHaveText(name);
      await expect(choice.locator('.org-choice-role')).toHaveText('Organization Admin');
      const look = await choice.evaluate((b) => {
        const name = b.querySelector('.org-choice-name')!;
        const role = b.querySelector('.org-choice-role')!;
        return { cursor: getComputedStyle(b).cursor, weight: Number(getComputedStyle(name).fontWeight), below: role.getBoundingClientRect().top >= name.getBoundingClientRect().bottom - 1 };
      });
      expect(look).toEqual({ cursor: 'pointer', weight: 700, below: true });
    }
    await expectAccessible(page);
    await page.getByRole('button', { name: second.name, exact: true }).click();

    await expectDashboardOf(page, second.name);
    await expect(page.getByRole('heading', { name: 'Select an Organization' })).toBeHidden();
    // The avatar menu offers the other organisation, with the chosen one marked.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitemradio', { name: second.name })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('menuitemradio', { name: orgAdmin.org.name })).toHaveAttribute('aria-checked', 'false');
  });
});
