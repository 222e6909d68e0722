/**
 * The signed-in chrome (issue 9): the drawer follows the organisation chosen in the picker without a
 * reload.
 */
import type { Page } from '@playwright/test';
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
