/**
 * The service worker of the production build (src/client/offline/worker.ts, scripts/build-service-worker.mjs):
 * it registers, precaches the shells and the filler, answers page addresses offline with the right
 * shell, keeps an opened checklist for offline use, and forgets the kept API answers once nobody is
 * signed in. Playwright's setOffline also cuts the service worker off from the network (Chromium).
 */
import type { Page } from '@playwright/test';
import { routes, shellFile } from '../../src/routes.ts';
import { callApi, clearBrowserStorage, expect, isBuilt, signInWithToken, test, unknownPath } from './support/test.ts';

// The suite blocks service workers (playwright.config.ts); these tests are about the worker.
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls the page (it claims the page it was registered from). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The addresses kept in the service worker's API cache (empty when there is no such cache). */
function keptApiAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('rb-api'))) return [];
    const cache = await caches.open('rb-api');
    return (await cache.keys()).map((request) => request.url);
  });
}

test("/sw.js: JavaScript, never cached by the browser; it precaches every built shell, the elements and Shoelace's system icons, not its icon set", async ({ request }) => {
  const response = await request.get('/sw.js');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(response.headers()['cache-control']).toBe('no-cache');
  const script = await response.text();
  const precached = [...script.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!);
  const shells = [...new Set(routes.map((r) => r.shell))].filter(isBuilt).map(shellFile);
  expect(shells).toContain('documentation/result-row/index.html');
  expect(precached).toEqual(expect.arrayContaining([...shells, '404.html', 'favicon.svg']));
  expect(precached.filter((url) => /^elements\/rb-[\w-]+\.js$/.test(url)).length).toBeGreaterThan(0);
  expect(precached.some((url) => url.startsWith('_astro/') && url.endsWith('.js'))).toBe(true);
  // The close X of a dialog and the tick of a checkbox are drawn offline too; the ~2,000 icons of the set are not precached.
  expect(precached).toEqual(expect.arrayContaining(['shoelace/assets/system-icons/x-lg.svg', 'shoelace/assets/system-icons/check.svg']));
  expect(precached.filter((url) => url.startsWith('shoelace/') && !url.startsWith('shoelace/assets/system-icons/'))).toEqual([]);
  expect(precached.filter((url) => url.endsWith('demo.html'))).toEqual([]);
});

test('each shell answers at its own file address (where the worker precaches it), with its CSP', async ({ request }) => {
  for (const file of ['documentation/view/index.html', 'index.html', '404.html']) {
    const response = await request.get(`/${file}`);
    expect(response.status(), file).toBe(200);
    expect(response.headers()['content-security-policy'], file).toMatch(/script-src 'self'/);
    expect(response.headers()['content-security-policy'], file).toContain("worker-src 'self'");
  }
});

test('the worker registers with scope / and controls the page', async ({ page }) => {
  await page.goto('/login');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  expect(new URL(registration.scope).pathname).toBe('/');
  expect(new URL(registration.script).pathname).toBe('/sw.js');
  await controlledByServiceWorker(page);
});

test("offline: an opened checklist's page reloads from the worker; an unknown address is the not-found shell with 404", async ({
  page,
  context,
  orgAdmin,
  expectPageProblem,
}) => {
  // Offline, the reads that are not kept (the drawer's root folders) fail; the page shows without them.
  expectPageProblem(/^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(at \S+\/api\/v1\//);
  const checklist = await callApi<{ id: string }>('documentation/documents', {
    token: orgAdmin.token,
    json: {
      folder_id: 'root',
      name: 'Kiosk Round',
      doctype: 'form',
      description: 'Walk the floor',
      contents: {
        questions: { a: { title: 'Lights off', valueType: 'true/false' }, b: { title: 'Door locked', valueType: 'true/false' } },
        question_index: ['a', 'b'],
      },
    },
  });
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${checklist.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Kiosk Round');
  await controlledByServiceWorker(page);
  // The first visit's reads are read again through the worker once it takes control.
  await expect.poll(() => keptApiAddresses(page)).toEqual(
    expect.arrayContaining([
      expect.stringContaining(`/api/v1/documentation/documents/${checklist.id}?rb-session=`),
      expect.stringContaining('/api/v1/auth/me?rb-session='),
    ]),
  );

  await context.setOffline(true);
  try {
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('View Kiosk Round');
    await expect(page.getByText('Walk the floor')).toBeVisible();
    await expect(page).toHaveTitle(`View Kiosk Round ${orgAdmin.org.name}`);

    const missing = await page.goto(unknownPath);
    expect(missing?.status()).toBe(404);
    expect(missing?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('online, page addresses still come from the network (status codes stay the server’s)', async ({ page }) => {
  await page.goto('/login');
  await controlledByServiceWorker(page);
  const missing = await page.goto(unknownPath);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  const login = await page.goto('/login');
  expect(login?.status()).toBe(200);
});

test('once nobody is signed in, the kept API answers are deleted', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await controlledByServiceWorker(page);
  await expect.poll(() => keptApiAddresses(page)).toEqual(expect.arrayContaining([expect.stringContaining('/api/v1/auth/me?rb-session=')]));

  await clearBrowserStorage(page); // as logout does
  await page.goto('/login');
  await expect.poll(() => keptApiAddresses(page)).toEqual([]);
});
