/**
 * Issue #43 item 13: right after creating an organisation on home (no organisation yet), the dashboard
 * shows the welcome card with the organisation's name and the org admin's "First steps" — without a
 * reload — at 1280×800 and 390×844; and the same from /admin/create-org.
 */
import type { Page } from '@playwright/test';
import { createAccount, desktopViewport, expect, phoneViewport, signInWithToken, test } from './support/test.ts';

async function expectWelcomed(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Welcome to ${name}` })).toBeVisible();
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps).toBeVisible();
  await expect(steps.getByRole('listitem')).toHaveCount(4);
}

for (const viewport of [desktopViewport, phoneViewport]) {
  test(`home: a new organisation opens on its welcome card and First steps at once (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const account = await createAccount('neworg');
    await signInWithToken(page, account.token);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Organization' })).toBeVisible();
    const name = `Acme ${viewport.width}`;
    await page.getByLabel('Organization Name').fill(name);
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expectWelcomed(page, name);
    expect(loads).toBe(0);
  });
}

test('/admin/create-org: the new organisation opens on its welcome card and First steps', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/admin/create-org');
  await page.getByLabel('Organization Name').fill('Second Co');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expectWelcomed(page, 'Second Co');
});
