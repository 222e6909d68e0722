/**
 * Issue #43 item 19: the API's reference (/api/docs) is linked from where people make tokens and webhooks —
 * Account Settings → API Tokens, Admin → API Tokens and Admin → Webhooks — at 1280×800 and 390×844.
 */
import { desktopViewport, expect, phoneViewport, signInWithToken, test } from './support/test.ts';

const PAGES = [
  { where: 'Account Settings → API Tokens', path: '/account-settings', within: 'API Tokens' },
  { where: 'Admin → API Tokens', path: '/admin/api-tokens', within: null },
  { where: 'Admin → Webhooks', path: '/admin/webhooks', within: null },
] as const;

for (const viewport of [desktopViewport, phoneViewport]) {
  test(`the API reference is linked from the tokens and webhooks pages at ${viewport.width}px`, async ({ page, orgAdmin }) => {
    await page.setViewportSize(viewport);
    await signInWithToken(page, orgAdmin.token);
    for (const { where, path, within } of PAGES) {
      await page.goto(path);
      const scope = within ? page.getByRole('region', { name: within, exact: true }) : page.getByRole('main');
      const link = scope.getByRole('link', { name: 'API reference', exact: true });
      await expect(link, where).toBeVisible();
      await expect(link, where).toHaveAttribute('href', '/api/docs');
    }
  });
}
