/**
 * Issue #43 item 14: Admin → Users → Invited at 1280×800 with a long address
 * (dave.with.a.really.long.address@subdomain.example-company.com): Expiry is not clipped and the actions
 * are visible without a horizontal scroll; the address wraps at its dots and its @, never mid-word.
 * At 390×844 the cards show the whole address too.
 */
import type { Page } from '@playwright/test';
import { brokenWords } from './support/layout.ts';
import { createRole, desktopViewport, expect, inviteByEmail, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const LONG = 'dave.with.a.really.long.address@subdomain.example-company.com';

/**
 * The widest times of day: the browser in a zone where it is now 10 PM, so Creation and Expiry ("…, 10:58 PM") are as
 * wide as they get (the grid once fit only before 10 o'clock). Etc/GMT-N is N hours EAST of UTC.
 */
const offset = ((22 - new Date().getUTCHours() + 36) % 24) - 12;
test.use({ timezoneId: offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`, locale: 'en-US' });

async function openInvited(page: Page, admin: OrgAdmin): Promise<void> {
  const inspector = await createRole(admin, 'Inspector');
  await inviteByEmail(admin.token, LONG, [inspector.id]);
  await signInWithToken(page, admin.token);
  await page.goto('/admin/users');
  await page.getByRole('tab', { name: 'Invited', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Pending Invitations' }).locator('tbody td[data-column="email"]')).toHaveText([LONG]);
}

test('Invited at 1280 px with a long address: Expiry whole, the actions in view, no sideways scroll', async ({ page, orgAdmin }) => {
  await page.setViewportSize(desktopViewport);
  await openInvited(page, orgAdmin);
  const grid = page.getByRole('table', { name: 'Pending Invitations' });
  const report = await grid.evaluate((table) => {
    const scroller = table.closest('.data-grid-scroll') as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const inside = (el: Element | null) => !!el && el.getBoundingClientRect().right <= box.right + 0.5 && el.getBoundingClientRect().left >= box.left - 0.5;
    const expiry = table.querySelector('td[data-column="expiry"] time');
    return {
      scrolls: scroller.scrollWidth > scroller.clientWidth + 1,
      expiryInside: inside(expiry),
      expiryClipped: !!expiry && (expiry as HTMLElement).scrollWidth > (expiry.parentElement as HTMLElement).clientWidth + 1,
      actionsInside: [...table.querySelectorAll('td[data-column="actions"] button')].map(inside),
      viewportScrolls: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
  expect(report).toEqual({ scrolls: false, expiryInside: true, expiryClipped: false, actionsInside: [true, true, true, true, true], viewportScrolls: false });
  const row = grid.locator('tbody tr').first();
  await expect(row.locator('td[data-column="email"]')).toHaveText(LONG);
  expect(await brokenWords(grid)).toEqual([]);
  for (const name of [/^QR Code for /, /^Copy Link of /, /^Resend the /, /^Edit the /, /^Cancel the /]) await expect(row.getByRole('button', { name })).toBeInViewport();
});

test('Invited at 390 px with a long address: the whole address in its card, nothing sideways', async ({ page, orgAdmin }) => {
  await page.setViewportSize(phoneViewport);
  await openInvited(page, orgAdmin);
  const row = page.getByRole('table', { name: 'Pending Invitations' }).locator('tbody tr').first();
  await expect(row.locator('td[data-column="email"]')).toHaveText(LONG);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const cancel = row.getByRole('button', { name: /^Cancel the / });
  await cancel.scrollIntoViewIfNeeded();
  await expect(cancel).toBeInViewport();
});
