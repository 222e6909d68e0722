import { expectDashboardOf, fillRegistration, termsCheckbox } from './support/journeys.ts';
import { activationLink, expect, newIdentity, registerAccount, test } from './support/test.ts';

test.describe('registration', () => {
  test('a new user registers, activates from the e-mailed link, creates an organisation and lands on its dashboard', async ({
    page,
  }) => {
    const me = newIdentity('newcomer');
    const orgName = `Newcomer Works ${me.username.slice(-6)}`;
    await page.goto('/register');
    await expect(page).toHaveTitle('Registration');
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await expect(register).toBeDisabled();

    // The terms: opened from the link in the checkbox label, read, closed; the box is not ticked by that.
    await page.getByRole('button', { name: 'Terms and Conditions' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText('Effective 24 January 2022');
    await expect(terms).toContainText('Ontario');
    await terms.getByRole('button', { name: 'Close' }).last().click(); // the footer's Close (the X is first)
    await expect(terms).toBeHidden();
    await expect(page.getByRole('button', { name: 'Terms and Conditions' }), 'focus returns to the opener').toBeFocused();
    await expect(termsCheckbox(page)).not.toBeChecked();

    await fillRegistration(page, me);
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await termsCheckbox(page).check();
    await expect(register).toBeEnabled();
    await register.click();

    const complete = page.getByRole('status').filter({ hasText: 'Submission complete!' });
    await expect(complete).toHaveText(`Submission complete! Check your email: ${me.email}`);
    // The page moves on by itself once the message has shown (issue #32; tests/e2e/second-hour.spec.ts);
    // meanwhile the next step is a link that takes the focus from the Register button it replaces.
    const logIn = page.getByRole('link', { name: 'Log In', exact: true });
    await expect(logIn, 'the next step takes the focus from the Register button it replaces').toBeFocused();
    await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeHidden();
    await logIn.click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);

    // The link of the activation e-mail, opened in the browser, signs the new user in.
    await page.goto(await activationLink(me.email));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await page.getByLabel('Organization Name').fill(orgName);
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    await expectDashboardOf(page, orgName);
    await expect(page.locator('#topbar-org')).toHaveText(orgName);
    // The creator administers the new organisation.
    await expect(page.getByRole('link', { name: 'Admin Section' })).toBeVisible();
  });

  test('Register stays disabled until every rule holds', async ({ page }) => {
    const me = newIdentity('rules');
    await page.goto('/register');
    const register = page.getByRole('button', { name: 'Register', exact: true });
    const retypeHint = page.locator('#register-retype-hint');

    await page.getByLabel('Full Name').fill(me.full_name);
    await expect(register).toBeDisabled();
    await page.getByLabel('Username').fill(me.username);
    await expect(register).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-email');
    await termsCheckbox(page).check();
    await expect(register, 'an e-mail of the wrong shape').toBeDisabled();
    await page.getByLabel('Email').fill(me.email);
    await expect(register, 'both passwords empty count as matching').toBeEnabled();

    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await expect(register, 'the password is not retyped').toBeDisabled();
    await page.getByLabel('Re-Type Password').fill(`${me.password}x`);
    await expect(register, 'the passwords differ').toBeDisabled();
    await expect(retypeHint).toHaveText('Passwords do not match');
    await expect(page.getByLabel('Re-Type Password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Re-Type Password').fill(me.password);
    await expect(retypeHint).toHaveText('');
    await expect(register).toBeEnabled();

    await termsCheckbox(page).uncheck();
    await expect(register, 'the terms are not accepted').toBeDisabled();
    await page.getByLabel('Full Name').fill('   ');
    await termsCheckbox(page).check();
    await expect(register, 'a blank full name').toBeDisabled();
    await page.getByLabel('Full Name').fill(me.full_name);
    await expect(register).toBeEnabled();
  });

  test("the server's refusal (a username already taken) shows above a re-enabled Register button", async ({ page }) => {
    const taken = await registerAccount(newIdentity('taken'));
    const me = newIdentity('second', { username: taken.username });
    await page.goto('/register');
    await fillRegistration(page, me);
    await termsCheckbox(page).check();
    // Enter in a field submits when the rules hold (spec §2).
    await page.getByLabel('Re-Type Password').press('Enter');

    const error = page.locator('#register-error');
    await expect(error).toHaveText('A user with this username already exists');
    await expect(error).toHaveRole('alert');
    const register = page.getByRole('button', { name: 'Register', exact: true });
    await expect(register).toBeEnabled();
    const [errorBox, buttonBox] = [await error.boundingBox(), await register.boundingBox()];
    expect(errorBox!.y + errorBox!.height, 'the error is above the Register button').toBeLessThanOrEqual(buttonBox!.y);
    await expect(page.getByRole('status').filter({ hasText: 'Submission complete!' })).toHaveCount(0);
    await expect(page.getByLabel('Username')).toBeEditable();

    // Corrected, the same form goes through.
    await page.getByLabel('Username').fill(`${taken.username}-2`);
    await register.click();
    await expect(page.getByText(`Submission complete! Check your email: ${me.email}`)).toBeVisible();
  });
});
