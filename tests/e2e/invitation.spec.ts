/**
 * Invitations (spec accounts §2 "Invitation", "Home", "Shared layout"; issue 9): the invitation link
 * from the mail, signed out and signed in; Accept switches to the new organisation and says so ('You
 * have joined {org}.'), Decline says so ('You declined the invitation to join {org}.'); a signed-in user
 * with another address is told whom it was sent to; pending invitations are answered on home and in the
 * avatar menu, at desktop and at 390 px, by keyboard too.
 */
import type { Locator, Page } from '@playwright/test';
import { expectDashboardOf, expectFitsPhone, fillRegistration, signInOnScreen, termsCheckbox } from './support/journeys.ts';
import {
  activationLink,
  callApi,
  createAccount,
  createOrgAdmin,
  expect,
  expectAccessible,
  invitationLink,
  inviteByEmail,
  newIdentity,
  registerAccount,
  signInWithToken,
  test,
  usePhoneViewport,
  type OrgAdmin,
} from './support/test.ts';

const storedInvitation = (page: Page) => page.evaluate(() => sessionStorage.getItem('inviteID'));
const joined = (org: string) => `You have joined ${org}.`;
const declined = (org: string) => `You declined the invitation to join ${org}.`;
/** The alert region's message (bottom centre). */
const alert = (page: Page, text: string) => page.locator('#alerts').getByText(text, { exact: true });
const acceptButton = (scope: Page | Locator, org: string) =>
  scope.getByRole('button', { name: `Accept the invitation to join ${org}`, exact: true });
const declineButton = (scope: Page | Locator, org: string) =>
  scope.getByRole('button', { name: `Decline the invitation to join ${org}`, exact: true });
const homeInvitations = (page: Page) => page.getByRole('region', { name: 'Your Invitations' });
const accountMenu = (page: Page) => page.getByRole('menu', { name: 'Account' });
const menuAccept = (page: Page, org: string) =>
  accountMenu(page).getByRole('menuitem', { name: `Accept the invitation to join ${org}`, exact: true });
const menuDecline = (page: Page, org: string) =>
  accountMenu(page).getByRole('menuitem', { name: `Decline the invitation to join ${org}`, exact: true });
const rootFolder = (admin: OrgAdmin, name: string) =>
  callApi('documentation/folders', { token: admin.token, json: { parent_id: 'root', name } });
const drawerFolders = (page: Page) => page.getByRole('list', { name: 'Root folders' });
/** Marks the document, to tell a change in place from a new page. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
const isSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);

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
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    expect(await storedInvitation(page), 'the answered invitation is forgotten').toBeNull();
    // A plain member: no Admin Section.
    await expect(page.getByRole('link', { name: 'Admin Section' })).toBeHidden();
  });

  test('an invitee who activates in another tab (no stored invitation there) accepts it on home', async ({
    page,
    orgAdmin,
  }) => {
    const me = await registerAccount(newIdentity('elsewhere'));
    await inviteByEmail(orgAdmin.token, me.email);
    // As if opened from the mail program: a tab with nothing in its session storage.
    await page.goto(await activationLink(me.email));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    const invitations = homeInvitations(page);
    await expect(invitations).toBeVisible();
    await expect(invitations.getByRole('listitem')).toHaveText([new RegExp(orgAdmin.org.name)]);
    await acceptButton(invitations, orgAdmin.org.name).click();

    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await expect(invitations).toBeHidden();
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

  test('a signed-in user declines: it says so, no membership, and the invitation cannot be used again', async ({
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
    await expect(alert(page, declined(orgAdmin.org.name))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your Invitations' })).toBeHidden();

    await page.goto(`/invitation/${invitationId}`);
    await expect(page.locator('#invitation-error')).toHaveText('Something went wrong: This invitation has been declined');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeHidden();
    await page.getByRole('link', { name: 'Go to your Dashboard' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('accepting switches to the new organisation', () => {
  test('from the mailed link, a user in another organisation joins it: it becomes current, says so, and the chrome follows', async ({
    page,
    orgAdmin,
  }) => {
    await rootFolder(orgAdmin, 'Harbour Audits');
    const member = await createOrgAdmin('switcher'); // in an organisation of their own, which is current
    await inviteByEmail(orgAdmin.token, member.email);
    await signInWithToken(page, member.token);
    await page.goto(await invitationLink(member.email));
    await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
    await page.getByRole('button', { name: 'Accept', exact: true }).click();

    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(page.locator('#topbar-org')).toHaveText(orgAdmin.org.name);
    await expect(drawerFolders(page).getByRole('link', { name: 'Harbour Audits' })).toBeVisible();
    // The session's organisation has switched, not just the page: a reload stays there.
    await page.reload();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('declining from the mailed link says so and leaves the current organisation as it was', async ({ page, orgAdmin }) => {
    const member = await createOrgAdmin('decliner');
    await inviteByEmail(orgAdmin.token, member.email);
    await signInWithToken(page, member.token);
    await page.goto(await invitationLink(member.email));
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await expect(alert(page, declined(orgAdmin.org.name))).toBeVisible();
    await expectDashboardOf(page, member.org.name);
  });
});

test.describe('an invitation sent to someone else', () => {
  test('the signed-in user is told whom it was sent to, not offered Accept, and can sign in as them', async ({
    page,
    orgAdmin,
    account,
  }) => {
    const invitee = await createAccount('addressee');
    await inviteByEmail(orgAdmin.token, invitee.email);
    const link = await invitationLink(invitee.email);
    await signInWithToken(page, account.token);
    await page.goto(link);

    await expect(page.locator('#invitation-message')).toHaveText(
      `This invitation was sent to ${invitee.email}. Sign in as that user to accept it.`,
    );
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Decline' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: `Log Out and Sign In as ${invitee.email}`, exact: true }).click();
    await expect(page).toHaveURL(/\/login\?next=/);
    await signInOnScreen(page, invitee.email, invitee.password);
    await page.waitForURL(link);
    await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await expectDashboardOf(page, orgAdmin.org.name);
  });

  test('at 390 px the addressee and the way on fit the screen', async ({ page, orgAdmin, account }) => {
    const address = newIdentity('far-away-addressee-with-a-long-name').email;
    await inviteByEmail(orgAdmin.token, address);
    await signInWithToken(page, account.token);
    await usePhoneViewport(page);
    await page.goto(await invitationLink(address));
    await expect(page.locator('#invitation-message')).toContainText(address);
    await expectFitsPhone(page, [
      page.locator('#invitation-message'),
      page.getByRole('button', { name: `Log Out and Sign In as ${address}`, exact: true }),
      page.getByRole('link', { name: 'Go to your Dashboard' }),
    ]);
  });
});

test.describe('pending invitations on home', () => {
  test('the dashboard lists them with Accept and Decline; Accept switches in place, Decline by keyboard', async ({
    page,
    orgAdmin,
  }) => {
    await rootFolder(orgAdmin, 'Quay Checks');
    const third = await createOrgAdmin('third');
    const member = await createOrgAdmin('dashboarder');
    await inviteByEmail(orgAdmin.token, member.email);
    await inviteByEmail(third.token, member.email);
    await signInWithToken(page, member.token);
    await page.goto('/');
    await expectDashboardOf(page, member.org.name);

    const invitations = homeInvitations(page);
    await expect(invitations.getByRole('listitem')).toHaveText([new RegExp(orgAdmin.org.name), new RegExp(third.org.name)]);
    for (const org of [orgAdmin.org.name, third.org.name]) {
      await expect(acceptButton(invitations, org)).toBeVisible();
      await expect(declineButton(invitations, org)).toBeVisible();
    }
    await expectAccessible(page);

    await markDocument(page);
    await acceptButton(invitations, orgAdmin.org.name).click();
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await expectDashboardOf(page, orgAdmin.org.name);
    expect(await isSameDocument(page), 'accepted without leaving the page').toBe(true);
    await expect(page.locator('#topbar-org')).toHaveText(orgAdmin.org.name);
    await expect(drawerFolders(page).getByRole('link', { name: 'Quay Checks' })).toBeVisible();
    await expect(invitations.getByRole('listitem')).toHaveText([new RegExp(third.org.name)]);

    // By keyboard: Accept, then Tab to Decline, Enter.
    await acceptButton(invitations, third.org.name).focus();
    await page.keyboard.press('Tab');
    await expect(declineButton(invitations, third.org.name)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alert(page, declined(third.org.name))).toBeVisible();
    await expect(invitations).toBeHidden();
    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();

  });

  test('at 390 px, a user with no organisation yet: the create form and the invitation, declined', async ({
    page,
    orgAdmin,
    account,
  }) => {
    await inviteByEmail(orgAdmin.token, account.email);
    await signInWithToken(page, account.token);
    await usePhoneViewport(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    const invitations = homeInvitations(page);
    await expectFitsPhone(page, [
      invitations.getByText(orgAdmin.org.name, { exact: true }),
      acceptButton(invitations, orgAdmin.org.name),
      declineButton(invitations, orgAdmin.org.name),
      page.getByLabel('Organization Name'),
    ]);
    await expectAccessible(page);

    await declineButton(invitations, orgAdmin.org.name).click();
    await expect(alert(page, declined(orgAdmin.org.name))).toBeVisible();
    await expect(invitations).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
  });
});

test.describe('pending invitations in the avatar menu', () => {
  test('listed on every page; Decline by keyboard stays, Accept goes home in the new organisation', async ({ page, orgAdmin }) => {
    const third = await createOrgAdmin('third');
    const member = await createOrgAdmin('menu');
    await inviteByEmail(orgAdmin.token, member.email);
    await inviteByEmail(third.token, member.email);
    await signInWithToken(page, member.token);
    await page.goto('/account-settings');
    await expect(page.getByLabel('Username')).toHaveValue(member.username);

    // Arrow Down on the menu button opens the menu on its first item: the first invitation's Accept.
    await page.getByRole('button', { name: 'Account menu' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(accountMenu(page).getByRole('group', { name: 'Invitations' })).toBeVisible();
    await expect(menuAccept(page, orgAdmin.org.name)).toBeFocused();
    await expect(menuDecline(page, orgAdmin.org.name)).toBeVisible();
    await expect(menuAccept(page, third.org.name)).toBeVisible();
    await expectAccessible(page);

    // Decline the second one: three steps down, Enter. The page stays; the menu no longer lists it.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect(menuDecline(page, third.org.name)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(alert(page, declined(third.org.name))).toBeVisible();
    await expect(page).toHaveURL(/\/account-settings$/);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(menuAccept(page, third.org.name)).toHaveCount(0);

    await menuAccept(page, orgAdmin.org.name).click();
    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(accountMenu(page).getByRole('group', { name: 'Invitations' })).toBeHidden();
    await expect(accountMenu(page).getByRole('menuitemradio', { name: orgAdmin.org.name })).toHaveAttribute('aria-checked', 'true');
  });

  test('at 390 px the invitations fit the menu; Accept on home switches there', async ({ page, orgAdmin }) => {
    const member = await createOrgAdmin('phone');
    await inviteByEmail(orgAdmin.token, member.email);
    await signInWithToken(page, member.token);
    await usePhoneViewport(page);
    await page.goto('/');
    await expectDashboardOf(page, member.org.name);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expectFitsPhone(page, [menuAccept(page, orgAdmin.org.name), menuDecline(page, orgAdmin.org.name)]);
    await expectAccessible(page);

    await menuAccept(page, orgAdmin.org.name).click();
    await expect(alert(page, joined(orgAdmin.org.name))).toBeVisible();
    await expectDashboardOf(page, orgAdmin.org.name);
    await expect(homeInvitations(page)).toBeHidden();
  });
});
