/**
 * Shoelace's own icons (its `system` library: a dialog's close X, a checkbox's tick, chevrons, the
 * select's caret) are drawn under the app's Content-Security-Policy: they come from files of our
 * origin (scripts/copy-shoelace-assets.mjs, src/client/shoelace.ts), never from `data:` addresses,
 * which `connect-src 'self'` refuses. Any CSP violation fails the test anyway (the suite's automatic
 * check, support/test.ts).
 */
import type { Locator, Page } from '@playwright/test';
import { callApi, expect, signInWithToken, test } from './support/test.ts';

/** A Shoelace dialog by its name (the host element: its content is slotted). */
const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

/** Fails unless the sl-icon has drawn an SVG (in its shadow root) with a size and something in it. */
async function expectDrawn(icon: Locator): Promise<void> {
  await expect(icon).toHaveCount(1);
  const svg = icon.locator('svg');
  await expect(svg, 'the icon has an <svg> in its shadow root').toBeVisible();
  const box = await svg.boundingBox();
  expect(box?.width, 'icon width').toBeGreaterThan(0);
  expect(box?.height, 'icon height').toBeGreaterThan(0);
  expect(await svg.locator('path, polyline, circle').count(), 'shapes drawn in the icon').toBeGreaterThan(0);
}

test("a dialog's close button shows its X", async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Folder', exact: true }).click();
  const dialog = dialogNamed(page, 'New Folder');
  const close = dialog.getByRole('button', { name: 'Close' });
  await expect(close).toBeVisible();
  await expectDrawn(close.locator('sl-icon[name="x-lg"]'));
});

test("a ticked checkbox shows its tick: 'Remove Original Copy' in the Paste dialog", async ({ page, orgAdmin }) => {
  const archive = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Archive' } });
  await callApi('documentation/documents', { token: orgAdmin.token, json: { folder_id: 'root', name: 'Fire drill', doctype: 'form' } });
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Fire drill' }).click();
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await page.goto(`/documentation/browse/${archive.id}`);
  await page.getByRole('button', { name: 'Paste Fire drill' }).click();

  const dialog = dialogNamed(page, 'Paste');
  const box = dialog.locator('sl-checkbox').filter({ hasText: 'Remove Original Copy' });
  await dialog.getByText('Remove Original Copy').click();
  await expect(dialog.getByRole('checkbox', { name: 'Remove Original Copy' })).toBeChecked();
  await expectDrawn(box.locator('sl-icon[name="check"]'));
});

test.describe('with the service worker', () => {
  // The suite blocks service workers (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('offline, the service worker still answers the system icons (precached, never fetched before)', async ({ page, context, expectPageProblem }) => {
    await page.goto('/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    try {
      const answers = await page.evaluate(async (names) => {
        const answered: Record<string, string> = {};
        for (const name of names) {
          const response = await fetch(`/shoelace/assets/system-icons/${name}.svg`);
          answered[name] = `${response.status} ${(await response.text()).trim().slice(0, 4)}`;
        }
        return answered;
      }, ['x-lg', 'check', 'chevron-down', 'caret']);
      expect(answers).toEqual({ 'x-lg': '200 <svg', check: '200 <svg', 'chevron-down': '200 <svg', caret: '200 <svg' });
      // The icon set itself is cached only as it is used: one never shown is not there offline.
      expectPageProblem(/^Failed to load resource: net::ERR_FAILED \(at \S+\/shoelace\/assets\/icons\/airplane\.svg\)$/);
      const unused = await page.evaluate(() => fetch('/shoelace/assets/icons/airplane.svg').then((r) => `${r.status}`, () => 'failed'));
      expect(unused).toBe('failed');
    } finally {
      await context.setOffline(false);
    }
  });
});
