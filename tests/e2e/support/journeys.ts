/**
 * Steps of the account journeys as a person takes them on the screens (sign in, register), the checks
 * at phone width, and a few API shortcuts the journey specs share (ending sessions, a wrong two-factor
 * code). Import them from here next to './test.ts'.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { URI } from 'otpauth';
import { callApi, type Authenticator, type NewAccount } from './accounts.ts';
import { expectNoHorizontalScroll, phoneViewport } from './browser.ts';

/** Fills the sign-in form of /login (the page must be open) and presses Login. */
export async function signInOnScreen(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * The "Choose a New Password" step (an account whose password an admin chose, after sign-in or
 * activation; it must be showing): types `password` twice and saves it.
 */
export async function chooseNewPasswordOnScreen(page: Page, password: string): Promise<void> {
  const step = page.getByRole('region', { name: 'Choose a New Password' });
  await expect(step).toBeVisible();
  await step.getByLabel('New Password').fill(password);
  await step.getByLabel('Confirm Password').fill(password);
  await step.getByRole('button', { name: 'Save Password' }).click();
}

/** Waits for the answer of the sign-in call the screen makes (to tell two identical messages apart). */
export function signInAnswer(page: Page) {
  return page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/access-token') && r.request().method() === 'POST');
}

/** The fields of /register (the page must be open); the terms checkbox is left as it is. */
export async function fillRegistration(page: Page, identity: NewAccount, retyped = identity.password): Promise<void> {
  await page.getByLabel('Full Name').fill(identity.full_name);
  await page.getByLabel('Username').fill(identity.username);
  await page.getByLabel('Email').fill(identity.email);
  await page.getByLabel('Password', { exact: true }).fill(identity.password);
  await page.getByLabel('Re-Type Password').fill(retyped);
}

/** The terms checkbox of /register. */
export const termsCheckbox = (page: Page): Locator =>
  page.getByRole('checkbox', { name: "I've read and accept the Terms and Conditions" });

/** The signed-in home in dashboard mode for `orgName`, with the organisation in the title. */
export async function expectDashboardOf(page: Page, orgName: string): Promise<void> {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome to ${orgName}` })).toBeVisible();
  await expect(page).toHaveTitle(`Dashboard ${orgName}`);
}

/** A six-digit code that none of the time steps the server accepts now (one either side) gives. */
export function wrongTwoFactorCode(authenticator: Authenticator, now = Date.now()): string {
  const totp = URI.parse(authenticator.uri);
  if (!('period' in totp)) throw new Error(`${authenticator.uri} is not a TOTP URI`);
  const period = totp.period * 1000;
  const accepted = new Set([-2, -1, 0, 1, 2].map((d) => totp.generate({ timestamp: now + d * period })));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!accepted.has(code)) return code;
  }
}

interface SessionRow {
  id: string;
  is_current: boolean;
}

/** Ends the login session of `token` over the API (as 'End session' in Account Settings would). */
export async function endOwnSession(token: string): Promise<void> {
  const { results } = await callApi<{ results: SessionRow[] }>('auth/me/sessions', { token });
  const current = results.find((s) => s.is_current);
  if (!current) throw new Error('the token has no current session');
  await callApi(`auth/me/sessions/${current.id}`, { token, method: 'DELETE' });
}

/** Accepts an invitation over the API as the owner of `token`. */
export async function acceptInvitationOverApi(token: string, invitationId: string): Promise<void> {
  await callApi(`auth/invite/${invitationId}`, { token, json: true });
}

/**
 * The phone check of a screen: at 390 px nothing scrolls sideways, and each main control is visible
 * and, once scrolled to, lies wholly inside the viewport (not cut off at the side).
 */
export async function expectFitsPhone(page: Page, controls: Locator[]): Promise<void> {
  expect(page.viewportSize()?.width, 'the page is at phone width').toBe(phoneViewport.width);
  await expectNoHorizontalScroll(page);
  for (const control of controls) {
    await expect(control).toBeVisible();
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
}

/**
 * Fails when something else lies over the control's centre (an alert, a sticky bar): the element the
 * browser finds at that point (`elementFromPoint`) must be the control or inside it. Scrolls to it first.
 */
export async function expectNotCovered(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const cover = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit && (hit === element || element.contains(hit)) ? null : (hit?.outerHTML.slice(0, 160) ?? 'nothing (off screen)');
  });
  expect(cover, 'what lies over the control').toBeNull();
}
