/**
 * Every screen of the account lifecycle, in each of its states that a person meets: an axe scan with
 * no serious or critical violation (at desktop width; the drawer, which is a modal overlay on phones,
 * also at phone width), and at phone width (390 px) nothing may scroll sideways and the main controls
 * must be visible and wholly on screen.
 */
import type { Locator, Page } from '@playwright/test';
import { expectFitsPhone, signInOnScreen } from './support/journeys.ts';
import {
  callApi,
  createOrganisation,
  createOrgAdmin,
  enableTwoFactor,
  expect,
  expectAccessible,
  inviteByEmail,
  newIdentity,
  phoneViewport,
  signInOverApi,
  signInWithToken,
  test,
  unknownPath,
  type AccessibilityScanOptions,
} from './support/test.ts';

// The screens are independent of each other: spread them over the workers.
interface ScreenCheck {
  /** What the scan leaves out, each with its reason at the call. */
  scan?: AccessibilityScanOptions;
  /** Scan again at phone width, for screens whose phone layout shows other things (the modal drawer). */
  scanAtPhoneWidth?: boolean;
}

/**
 * Opens the screen with `open` at desktop width and scans it; then opens it again at phone width and
 * checks that it fits. `open` must leave the screen ready (it may look at the width, as a person would
 * open the menu first on a phone).
 */
async function checkScreen(page: Page, open: () => Promise<void>, controls: () => Locator[], check: ScreenCheck = {}): Promise<void> {
  await open();
  for (const control of controls()) await expect(control).toBeVisible();
  await expectAccessible(page, check.scan);

  await page.setViewportSize(phoneViewport);
  await open();
  await expectFitsPhone(page, controls());
  if (check.scanAtPhoneWidth) await expectAccessible(page, check.scan);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 960;
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const link = (scope: Page | Locator, name: string) => scope.getByRole('link', { name, exact: true });
/** The top bar's controls, on every signed-in screen. */
const chrome = (page: Page) => [button(page, 'Menu'), button(page, 'Account menu')];

test.describe('screens: accessibility and phone width', () => {
  // ---- public screens ----

  test('sign-in', async ({ page }) => {
    await checkScreen(
      page,
      async () => {
        await page.goto('/login');
        await expect(button(page, 'Login')).toBeEnabled(); // the page script is running
      },
      () => [
        page.getByLabel('Username'),
        page.getByLabel('Password', { exact: true }),
        button(page, 'Login'),
        button(page, 'Forgot your password?'),
        link(page, 'Sign up'),
        page.getByRole('heading', { name: 'Supported browsers' }),
      ],
    );
  });

  test('sign-in: two-factor code asked for', async ({ page, orgAdmin }) => {
    await enableTwoFactor(orgAdmin.token);
    const codeField = page.getByLabel('Two Factor Code');
    await checkScreen(
      page,
      async () => {
        await page.goto('/login');
        // The password alone (not a failed attempt: the server only asks for the code).
        await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
        await expect(codeField).toBeVisible();
        await expect(page.locator('#login-error')).toHaveText('Two Factor Authentication Required');
      },
      () => [codeField, page.locator('#login-error'), button(page, 'Login')],
    );
  });

  test('sign-in: forgot-password dialog', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Forgot your password?' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/login');
        await button(page, 'Forgot your password?').click();
        await expect(dialog).toBeVisible();
      },
      () => [dialog.getByLabel('Email'), button(dialog, 'Send'), button(dialog, 'Close').last()],
    );
  });

  test('registration', async ({ page }) => {
    await checkScreen(
      page,
      async () => {
        await page.goto('/register');
      },
      () => [
        page.getByLabel('Full Name'),
        page.getByLabel('Username'),
        page.getByLabel('Email'),
        page.getByLabel('Password', { exact: true }),
        page.getByLabel('Re-Type Password'),
        page.getByRole('checkbox', { name: "I've read and accept the Terms and Conditions" }),
        button(page, 'Terms and Conditions'),
        button(page, 'Register'),
      ],
    );
  });

  test('registration: terms dialog', async ({ page }) => {
    const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/register');
        await button(page, 'Terms and Conditions').click();
        await expect(dialog).toBeVisible();
      },
      () => [dialog.getByRole('heading', { name: 'Terms and Conditions' }), button(dialog, 'Close').last()],
    );
    // 400 px wide where there is room, within the phone's width here; at most 80 % of the height.
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(phoneViewport.width);
    expect(box.height).toBeLessThanOrEqual(phoneViewport.height * 0.8 + 1);
  });

  test('account activation (a link without a usable token)', async ({ page, expectPageProblem }) => {
    // The refused token is only logged (spec: no user message).
    expectPageProblem(/^Account activation failed:/);
    await checkScreen(
      page,
      async () => {
        await page.goto('/auth/activate?token=no-such-token');
        await expect(page.getByText('Please sign in to continue.')).toBeVisible();
      },
      () => [page.getByRole('heading', { name: 'Account Activation' }), link(page, 'Go to Login')],
    );
  });

  test('reset password', async ({ page }) => {
    await checkScreen(
      page,
      async () => {
        await page.goto('/reset-password?token=from-the-email');
        await expect(page.locator('#reset-submit')).toHaveText('Please Enter a Password');
      },
      () => [page.getByLabel('Password', { exact: true }), page.getByLabel('Confirm Password'), page.locator('#reset-submit')],
    );
  });

  test('invitation, signed out', async ({ page, orgAdmin }) => {
    const invitationId = await inviteByEmail(orgAdmin.token, newIdentity('guest').email);
    await checkScreen(
      page,
      async () => {
        await page.goto(`/invitation/${invitationId}`);
        await expect(page.locator('#invitation-message')).toHaveText(`You have been invited to join ${orgAdmin.org.name}.`);
      },
      () => [link(page, 'Already have an account? Log In Here'), link(page, 'Not signed up yet? Register Here')],
    );
  });

  test('invitation, signed in', async ({ page, orgAdmin, account }) => {
    const invitationId = await inviteByEmail(orgAdmin.token, account.email);
    await signInWithToken(page, account.token);
    await checkScreen(
      page,
      async () => {
        await page.goto(`/invitation/${invitationId}`);
        await expect(page.getByText('Would you like to accept?')).toBeVisible();
      },
      () => [page.locator('#invitation-message'), button(page, 'Accept'), button(page, 'Decline')],
    );
  });

  test('not found', async ({ page }) => {
    await checkScreen(
      page,
      async () => {
        const response = await page.goto(unknownPath);
        expect(response?.status()).toBe(404);
      },
      () => [page.getByRole('heading', { name: 'Page Not Found' }), link(page, 'Return to Login')],
    );
  });

  // ---- signed in ----

  test('home: organisation picker', async ({ page, orgAdmin }) => {
    const second = await createOrganisation(orgAdmin.token, `Picker Branch ${orgAdmin.username.slice(-6)}`);
    // A new sign-in with two organisations has none chosen yet.
    await signInWithToken(page, await signInOverApi(orgAdmin.username, orgAdmin.password));
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Select an Organization' })).toBeVisible();
      },
      () => [...chrome(page), button(page, orgAdmin.org.name), button(page, second.name)],
    );
  });

  test('home: create an organisation', async ({ page, account }) => {
    await signInWithToken(page, account.token);
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
      },
      () => [...chrome(page), page.getByLabel('Organization Name'), button(page, 'Create')],
    );
  });

  test('home: dashboard (with a long organisation name)', async ({ page }) => {
    const admin = await createOrgAdmin('admin', `Northern Ontario Regional Health Services Cooperative ${Date.now().toString(36)}`);
    await signInWithToken(page, admin.token);
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { name: `Welcome to ${admin.org.name}` })).toBeVisible();
      },
      () => [...chrome(page), page.getByRole('heading', { level: 1, name: 'Dashboard' }), page.locator('#topbar-page')],
    );
    await expect(page).toHaveTitle(`Dashboard ${admin.org.name}`);
  });

  test('side drawer', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const drawer = page.getByRole('navigation', { name: 'Main menu' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        // Pinned open on a wide screen; on a phone it opens from the menu button.
        if (isPhone(page)) await button(page, 'Menu').click();
        await expect(drawer).toBeVisible();
      },
      () => [link(drawer, 'Dashboard'), link(drawer, 'Admin Section'), button(drawer, 'About')],
      { scanAtPhoneWidth: true },
    );
    // On a phone the open drawer is modal: the page behind it is inert, Escape closes it.
    await expect(page.locator('#main')).toHaveJSProperty('inert', true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button(page, 'Menu')).toBeFocused();
  });

  test('about dialog', async ({ page, orgAdmin }) => {
    const { version } = await callApi<{ version: string }>('_build-info');
    await signInWithToken(page, orgAdmin.token);
    const dialog = page.getByRole('dialog', { name: 'About Ringbinder' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
        if (isPhone(page)) await button(page, 'Menu').click();
        await button(page, 'About').click();
        await expect(dialog).toBeVisible();
        await expect(page.locator('#about-server-version')).toHaveText(version);
        await expect(page.locator('#about-client-version')).toHaveText('0.1.0');
        await expect(page.locator('#about-build-time time')).toBeVisible();
      },
      () => [dialog.locator('#about-client-version'), dialog.locator('#about-server-version'), button(dialog, 'Close').last()],
    );
  });

  test('avatar menu', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const menu = page.getByRole('menu', { name: 'Account' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/');
        await button(page, 'Account menu').click();
        await expect(menu).toBeVisible();
      },
      () => [
        page.locator('#avatar-full-name'),
        page.locator('#avatar-email'),
        menu.getByRole('menuitem', { name: 'Account Settings' }),
        menu.getByRole('menuitem', { name: 'Logout' }),
      ],
    );
  });

  test('account settings', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await checkScreen(
      page,
      async () => {
        await page.goto('/account-settings');
        await expect(page.getByLabel('Username')).toHaveValue(orgAdmin.username);
      },
      () => [
        ...chrome(page),
        page.getByLabel('Full Name'),
        page.getByLabel('Username'),
        page.getByLabel('Email'),
        button(page, 'Save Changes'),
        button(page, 'Enable Two-Factor Authentication'),
        button(page, 'Active Sessions'),
      ],
    );
  });

  test('account settings: active sessions dialog', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const dialog = page.getByRole('dialog', { name: 'Active Sessions' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/account-settings');
        await button(page, 'Active Sessions').click();
        await expect(dialog.getByText('This device')).toBeVisible();
      },
      () => [dialog.getByRole('button', { name: /^End session: .*\(this device\)$/ }), button(dialog, 'Close').last()],
    );
  });

  test('account settings: two-factor dialog', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const dialog = page.getByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/account-settings');
        await button(page, 'Enable Two-Factor Authentication').click();
        await expect(dialog.locator('#otp-secret')).not.toBeEmpty();
        await expect(dialog.locator('#otp-qr svg')).toBeVisible();
      },
      () => [
        dialog.getByRole('img', { name: 'QR code for your authenticator app' }),
        dialog.locator('#otp-secret'),
        dialog.getByLabel('Verification Code'),
        button(dialog, 'Verify'),
        button(dialog, 'Cancel'),
      ],
      // The QR drawing itself (thousands of SVG shapes) is left out: it sits inside a labelled role=img,
      // which the scan still checks, and scanning every shape took seconds.
      { scan: { exclude: ['#otp-qr svg'] } },
    );
  });

  test('admin menu', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    const menu = page.getByRole('navigation', { name: 'Admin' });
    await checkScreen(
      page,
      async () => {
        await page.goto('/admin');
        await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
      },
      () => [
        ...chrome(page),
        ...['Users', 'Roles', 'Activity Log', 'API Tokens', 'Webhooks', 'General Settings', 'Create New Organization'].map((name) => link(menu, name)),
      ],
    );
  });

  test('create a new organisation (admin)', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await checkScreen(
      page,
      async () => {
        await page.goto('/admin/create-org');
        await expect(page.getByRole('heading', { level: 1, name: 'Create New Organization' })).toBeVisible();
      },
      () => [...chrome(page), page.getByLabel('Organization Name'), button(page, 'Create')],
    );
  });
});
