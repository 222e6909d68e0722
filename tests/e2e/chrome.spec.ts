/**
 * The signed-in chrome (issue 9): the drawer follows the organisation chosen in the picker without a
 * reload; the drawer's highlight spans its whole row.
 */
import type { Locator, Page } from '@playwright/test';
import {
  callApi,
  createOrganisation,
  expect,
  signInOverApi,
  signInWithToken,
  test,
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
