/**
 * A signed-in page's first data in its first response (issue #31; src/server/http/page-data.ts): with
 * the session cookie a sign-in sets, the server writes `auth/me` and the page's first reads into the HTML,
 * and the page asks the API for none of them. Without the cookie (a worker's copy, a browser that lost it)
 * the page reads them itself, as before.
 */
import type { Page } from '@playwright/test';
import { signInWithToken } from './support/browser.ts';
import { baseUrl } from './support/environment.ts';
import { expectDashboardOf, signInOnScreen } from './support/journeys.ts';
import { callApi, expect, test } from './support/test.ts';

test.use({ serviceWorkers: 'block' });

/** The API reads the page sends (path without /api/v1/, with the query) while it opens. */
function apiReads(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/') && request.method() === 'GET') sent.push(url.pathname.slice('/api/v1/'.length) + url.search);
  });
  return sent;
}

test('signed in through the form, a folder page asks for none of its first data: it came in the HTML', async ({ page, orgAdmin }) => {
  const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { name: 'Plant C', parent_id: 'root' } });
  await callApi('documentation/folders', { token: orgAdmin.token, json: { name: 'Line 7', parent_id: folder.id } });
  await page.goto('/login');
  await signInOnScreen(page, orgAdmin.username, orgAdmin.password);
  await expectDashboardOf(page, orgAdmin.org.name);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'rb_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');

  const sent = apiReads(page);
  await page.goto(`/documentation/browse/${folder.id}`);
  await expect(page.getByRole('link', { name: 'Line 7' })).toBeVisible();
  const first = ['auth/me', `documentation/folders/${folder.id}`, `documentation/folders/${folder.id}/contents`];
  for (const read of first) expect(sent.map((s) => s.split('?')[0]), `${read}: taken from the HTML`).not.toContain(read);
});

test('without the cookie the same page reads its data itself, and shows it', async ({ page, orgAdmin }) => {
  const folder = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { name: 'Plant D', parent_id: 'root' } });
  await callApi('documentation/folders', { token: orgAdmin.token, json: { name: 'Line 8', parent_id: folder.id } });
  await signInWithToken(page, orgAdmin.token);
  expect((await page.context().cookies(baseUrl())).find((c) => c.name === 'rb_session')).toBeUndefined();
  const sent = apiReads(page);
  await page.goto(`/documentation/browse/${folder.id}`);
  await expect(page.getByRole('link', { name: 'Line 8' })).toBeVisible();
  expect(sent.map((s) => s.split('?')[0])).toEqual(expect.arrayContaining(['auth/me', `documentation/folders/${folder.id}`]));
});
