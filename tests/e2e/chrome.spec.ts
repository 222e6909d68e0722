/**
 * The signed-in chrome (issue 9): the drawer follows the organisation chosen in the picker without a
 * reload; the drawer's highlight spans its whole row; at phone width the top bar shows the
 * organisation's name and the speed dial's + button stays clear of the alerts.
 */
import type { Locator, Page } from '@playwright/test';
import {
  callApi,
  createOrganisation,
  createOrgAdmin,
  expect,
  signInOverApi,
  signInWithToken,
  test,
  usePhoneViewport,
} from './support/test.ts';

const folder = (token: string, name: string) => callApi<{ id: string }>('documentation/folders', { token, json: { parent_id: 'root', name } });
const drawerFolders = (page: Page) => page.getByRole('list', { name: 'Root folders' });

/** The colour painted behind `locator`: its own background or that of the nearest ancestor that has one. */
const paintedBackground = (locator: Locator) =>
  locator.evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'none';
  });

test('choosing an organisation in the picker fills the drawer with its root folders, without a reload', async ({ page, orgAdmin }) => {
  const second = await createOrganisation(orgAdmin.token, `Branch ${orgAdmin.username.slice(-6)}`);
  await folder(orgAdmin.token, 'Branch Audits'); // the token's session is in the new organisation now
  // A new sign-in with two organisations has none chosen yet: the picker.
  await signInWithToken(page, await signInOverApi(orgAdmin.username, orgAdmin.password));
  await page.goto('/');
  await page.getByRole('button', { name: second.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Welcome to ${second.name}` })).toBeVisible();
  await expect(page.locator('#topbar-org')).toHaveText(second.name);
  await expect(drawerFolders(page).getByRole('link', { name: 'Branch Audits' })).toBeVisible();
});

test("the drawer's highlight spans the Browse Documents row, chevron included", async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  const browse = page.locator('#drawer').getByRole('link', { name: 'Browse Documents', exact: true });
  await expect(browse).toHaveAttribute('aria-current', 'page');
  const chevron = page.getByRole('button', { name: 'Root folders' });
  const highlight = await paintedBackground(browse);
  expect(highlight).not.toBe('rgb(255, 255, 255)');
  expect(await paintedBackground(chevron)).toBe(highlight);
  // The highlight is one box from the drawer's left edge to its right edge.
  const row = (await browse.evaluate((el) => {
    const painted = [el, el.parentElement!].find((node) => getComputedStyle(node).backgroundColor !== 'rgba(0, 0, 0, 0)')!;
    const box = painted.getBoundingClientRect();
    return { left: box.left, right: box.right };
  }))!;
  const drawer = (await page.locator('#drawer').evaluate((el) => ({ left: el.getBoundingClientRect().left, right: el.clientWidth })))!;
  expect(row.left).toBeLessThanOrEqual(drawer.left + 1);
  expect(row.right).toBeGreaterThanOrEqual(drawer.right - 1);
});

test.describe('phone width', () => {
  test.beforeEach(async ({ page }) => usePhoneViewport(page));

  for (const name of ['Acme Clinic', 'Northern Ontario Regional Health Services Cooperative']) {
    test(`the top bar shows the organisation's name (${name.length} characters)`, async ({ page }) => {
      const admin = await createOrgAdmin('admin', `${name} ${Date.now().toString(36)}`);
      await signInWithToken(page, admin.token);
      await page.goto('/documentation/browse');
      const org = page.locator('#topbar-org');
      await expect(org).toHaveText(admin.org.name);
      await expect(org).toBeVisible();
      await expect(page.locator('#topbar-page')).toBeVisible();
      const shown = await org.evaluate((el) => ({ width: el.getBoundingClientRect().width, whole: el.scrollWidth <= el.clientWidth + 1 }));
      // Short names are shown whole; long ones keep at least ~20 characters before the ellipsis.
      if (name.length < 20) expect(shown.whole).toBe(true);
      else expect(shown.width).toBeGreaterThanOrEqual(180);
      const box = (await org.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    });
  }

  test("an alert lifts the speed dial's + button above it", async ({ page, orgAdmin }) => {
    await folder(orgAdmin.token, 'Old audits');
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    await page.getByRole('button', { name: 'Options for Old audits' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name: 'Delete Folder', exact: true }) });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes, Delete' }).click();
    const alert = page.locator('#alerts .alert').filter({ hasText: 'Folder: Old audits Successfully Deleted' });
    await expect(alert).toBeVisible();
    const add = page.getByRole('button', { name: 'Add', exact: true });
    await expect(async () => {
      const a = (await alert.boundingBox())!;
      const b = (await add.boundingBox())!;
      expect(b.y + b.height).toBeLessThanOrEqual(a.y);
    }).toPass({ timeout: 3000 });
    await add.click(); // reachable, not covered
    await expect(page.getByRole('button', { name: 'Folder', exact: true })).toBeVisible();
    // Once the alert is gone the button goes back down.
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toBeHidden();
    await expect(async () => {
      const b = (await add.boundingBox())!;
      expect(844 - (b.y + b.height)).toBeLessThan(40);
    }).toPass({ timeout: 3000 });
  });
});
