/**
 * Personal API tokens (#34): in Account Settings a user makes a token (name, organisation, scope), sees it
 * once and copies it (the clipboard), and a script — this test, over real HTTP — calls the API with it:
 * it works as the user; the list then says when it was last used. Revoked from the list (the house's
 * confirm dialog), it answers 401 at once. An org admin sees a member's token at /admin/api-tokens (from
 * the admin menu) and revokes it there. axe on both pages.
 */
import type { Page } from '@playwright/test';
import { ApiError, callApi, expect, expectAccessible, expectNoHorizontalScroll, phoneViewport, signInOverApi, signInWithToken, test, type OrgAdmin } from './support/test.ts';

const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

/** Calls the API with `token` and answers its status (200 … or the refusal's). */
async function statusWith(token: string, path: string, json?: unknown): Promise<number> {
  try {
    await callApi(path, { token, json });
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

/** A member of the admin's organisation, signed in with their own password (the admin's was temporary). */
async function signedInMember(admin: OrgAdmin): Promise<{ token: string; username: string; fullName: string }> {
  const username = `tok-${Date.now().toString(36)}`;
  const password = 'a temporary password';
  await callApi('users/', { token: admin.token, json: { username, email: `${username}@example.com`, full_name: 'Token Member', password, is_active: true, roles: [] } });
  let step: string | undefined;
  try {
    await signInOverApi(username, password);
  } catch (err) {
    step = ((err as ApiError).body as { password_change_token: string }).password_change_token;
  }
  const own = await callApi<{ access_token: string }>('auth/set-new-password', { json: { token: step, password: 'my own password 1' } });
  return { token: own.access_token, username, fullName: 'Token Member' };
}

test.describe('personal API tokens', () => {
  test('made in Account Settings, shown once and copied, used by a script over HTTP, then revoked', async ({ page, context, orgAdmin }) => {
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    const card = page.getByRole('region', { name: 'API Tokens' });
    await expect(card.getByText('No API tokens yet.')).toBeVisible();

    await card.getByRole('button', { name: 'New API Token' }).click();
    const dialog = dialogNamed(page, 'New API Token');
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Nightly export');
    await expect(dialog.getByRole('combobox', { name: 'Organization' })).toHaveValue(orgAdmin.org.id);
    await dialog.getByRole('radio', { name: 'Read and write' }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create Token' }).click();

    await expect(dialog.getByText('Copy this token now: it will not be shown again.')).toBeVisible();
    const shown = (await dialog.locator('#api-token-secret').textContent()) ?? '';
    expect(shown).toMatch(/^rb_pat_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByText('Copied.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const entry = card.getByRole('listitem').filter({ hasText: 'Nightly export' });
    await expect(entry).toContainText('Read and write');
    await expect(entry).toContainText(orgAdmin.org.name);
    await expect(entry).toContainText('Never used');
    await expect(card.getByText(shown)).toHaveCount(0);

    // A script calls the API with the copied token: it is the user, in that organisation, and may write.
    const me = await callApi<{ username: string; org: { id: string } }>('auth/me', { token: copied });
    expect(me.username).toBe(orgAdmin.username);
    expect(me.org.id).toBe(orgAdmin.org.id);
    const folder = await callApi<{ name: string }>('documentation/folders', { token: copied, json: { parent_id: 'root', name: 'Made by a script', description: '' } });
    expect(folder.name).toBe('Made by a script');
    // It cannot manage the account.
    expect(await statusWith(copied, 'auth/set-otp', { enabled: true })).toBe(403);

    await page.reload();
    await expect(entry).toContainText('Last used');
    await expectAccessible(page);
    await page.setViewportSize(phoneViewport);
    await expectNoHorizontalScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    await entry.getByRole('button', { name: 'Revoke Nightly export' }).click();
    const confirm = dialogNamed(page, 'Revoke API Token');
    await expect(confirm).toContainText('Revoke the API token “Nightly export”?');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('API Token: Nightly export Revoked')).toBeVisible();
    await expect(card.getByText('No API tokens yet.')).toBeVisible();
    expect(await statusWith(copied, 'auth/me')).toBe(401);
  });

  test("an org admin sees a member's token at /admin/api-tokens and revokes it", async ({ page, orgAdmin }) => {
    test.slow();
    const member = await signedInMember(orgAdmin);
    const made = await callApi<{ token: string }>('auth/api-tokens', {
      token: member.token,
      json: { name: 'Label printer', organization_id: orgAdmin.org.id, scope: 'read' },
    });
    expect(await statusWith(made.token, 'auth/me')).toBe(200);

    await signInWithToken(page, orgAdmin.token);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'API Tokens' }).click();
    await expect(page).toHaveURL(/\/admin\/api-tokens$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API Tokens' })).toBeVisible();
    const entry = page.getByRole('listitem').filter({ hasText: 'Label printer' });
    await expect(entry).toContainText('Read only');
    await expect(entry).toContainText(`${member.fullName} (${member.username})`);
    await expect(entry).toContainText('Last used');
    await expect(page.getByText('API Tokens: 1')).toBeVisible();
    await expectAccessible(page);
    // At phone width the list wraps: nothing scrolls sideways, and it stays accessible.
    await page.setViewportSize(phoneViewport);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await entry.getByRole('button', { name: 'Revoke Label printer' }).click();
    const confirm = dialogNamed(page, 'Revoke API Token');
    await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No member of this organization has an API token.')).toBeVisible();
    expect(await statusWith(made.token, 'auth/me')).toBe(401);
  });
});
