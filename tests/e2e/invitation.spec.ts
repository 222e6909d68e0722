import type { Page } from '@playwright/test';
import { expectDashboardOf, fillRegistration, signInOnScreen, termsCheckbox } from './support/journeys.ts';
import { activationLink, expect, inviteByEmail, newIdentity, registerAccount, signInWithToken, test } from './support/test.ts';

const storedInvitation = (page: Page) => page.evaluate(() => sessionStorage.getItem('inviteID'));

test.describe('invitation', () => {
  test('a signed-out invitee registers through the invitation link, activates, accepts and joins', async ({
    page,
    orgAdmin,
  }) => {
    const me = newIdentity('invitee');
    const invitationId = await inviteByEmail(orgAdmin.token, me.email);

    await page.goto(`/invitation/${invitationId}`);
    await expect(page).toHaveTitle('Invitation');
    await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
    await expect(page.getByRole('link', { name: 'Already have an account? Log In Here' })).toBeVisible();
    await page.getByRole('link', { name: 'Not signed up yet? Register Here' }).click();

    await expect(page).toHaveURL(/\/register$/);
    expect(await storedInvitation(page), 'the invitation id is kept for after registration').toBe(invitationId);
    await fillRegistration(page, me);
    await termsCheckbox(page).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(`Submission complete! Check your email: ${me.email}`)).toBeVisible();

    // Back to the invitation (the message stays until the user moves on), which now says what to do next.
    await page.getByRole('link', { name: 'Back to the Invitation' }).click();
    await page.waitForURL(`**/invitation/${invitationId}`);
    await expect(page.locator('#invitation-message')).toHaveText('Registration Successful!');
    await expect(page.getByRole('link', { name: 'Log In to Accept the Invitation' })).toBeVisible();

    // The activation link, opened in the same tab: signed in, home sends the user back to the invitation.
    await page.goto(await activationLink(me.email));
    await page.waitForURL(`**/invitation/${invitationId}`);
    await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
    await expect(page.getByText('Would you like to accept?')).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();

    await expectDashboardOf(page, orgAdmin.org.name);
    expect(await storedInvitation(page), 'the answered invitation is forgotten').toBeNull();
    // A plain member: no Admin Section.
    await expect(page.getByRole('link', { name: 'Admin Section' })).toBeHidden();
  });

  test('an invitee who activates in another tab (no stored invitation there) finds it listed on home', async ({
    page,
    orgAdmin,
  }) => {
    const me = await registerAccount(newIdentity('elsewhere'));
    const invitationId = await inviteByEmail(orgAdmin.token, me.email);
    // As if opened from the mail program: a tab with nothing in its session storage.
    await page.goto(await activationLink(me.email));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    const invitations = page.getByRole('region', { name: 'Your Invitations' });
    await expect(invitations).toBeVisible();
    await invitations.getByRole('link', { name: orgAdmin.org.name, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/invitation/${invitationId}$`));
    await page.getByRole('button', { name: 'Accept' }).click();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('an existing user signs in from the invitation, accepts, and is then shown as a member', async ({
    page,
    orgAdmin,
    account,
  }) => {
    const invitationId = await inviteByEmail(orgAdmin.token, account.email);
    await page.goto(`/invitation/${invitationId}`);
    await page.getByRole('link', { name: 'Already have an account? Log In Here' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen(page, account.username, account.password);

    // Signed in, not a member yet: the question.
    await page.waitForURL(`**/invitation/${invitationId}`);
    await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expectDashboardOf(page, orgAdmin.org.name);

    // The link again, now as a member.
    await page.goto(`/invitation/${invitationId}`);
    await expect(page.locator('#invitation-message')).toHaveText(`You are already a member of ${orgAdmin.org.name}.`);
    await page.getByRole('link', { name: 'Go to your Dashboard' }).click();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('a signed-in user declines: no membership, and the invitation cannot be used again', async ({
    page,
    orgAdmin,
    account,
  }) => {
    const invitationId = await inviteByEmail(orgAdmin.token, account.email);
    await signInWithToken(page, account.token);
    await page.goto(`/invitation/${invitationId}`);
    await expect(page.getByText('Would you like to accept?')).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Invitations' })).toBeHidden();

    await page.goto(`/invitation/${invitationId}`);
    await expect(page.locator('#invitation-error')).toHaveText('Something went wrong: This invitation has been declined');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
    await page.getByRole('link', { name: 'Go to your Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
