/**
 * /api/docs (issue #34): the API reference for people — Scalar over THE OpenAPI document
 * (GET /api/v1/openapi.json) — shows the API's title and its operations, loads Scalar on this page alone,
 * keeps the site's CSP (no inline script) and asks nothing of another origin; its HTML preloads the document,
 * which Scalar then reads from that answer (one request).
 */
import { expect, test } from './support/test.ts';

test('renders the API described by its OpenAPI document', async ({ page, baseURL, pageProblemWatch }) => {
  // Scalar probes whether it may compile code (`new Function('')`, in a try): the CSP says no, and nothing needs it.
  pageProblemWatch.expect(/script-src blocked eval \(.*\/scalar\/api-reference\.js/);
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) elsewhere.push(request.url());
  });
  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy']).toMatch(/script-src 'self'(?! 'unsafe-inline')/);

  await expect(page.getByRole('heading', { name: 'Ringbinder API', level: 1 })).toBeVisible({ timeout: 30_000 });
  // An operation of the document, by its summary.
  await expect(page.getByText('personal API token').first()).toBeVisible();
  // The first area's calls, by their summaries.
  await expect(page.getByRole('heading', { name: 'Register an account', level: 3 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign in' }).getByRole('heading', { name: 'Sign in', level: 3 })).toBeAttached();
  expect(elsewhere).toEqual([]);
});

test("reads the OpenAPI document once, asked for by the HTML before Scalar's script is in (issue #31)", async ({ page, pageProblemWatch }) => {
  test.slow(); // Scalar's 3.5 MB script renders the whole document
  pageProblemWatch.expect(/script-src blocked eval \(.*\/scalar\/api-reference\.js/);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/openapi.json') asked.push(request.url());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Ringbinder API', level: 1 })).toBeVisible({ timeout: 30_000 });
  // Scalar's own fetch took the preloaded answer: one request, no second one for the same address.
  expect(asked).toHaveLength(1);
  const [document, scalar] = await page.evaluate(() =>
    ['/api/v1/openapi.json', '/scalar/api-reference.js'].map((path) => {
      const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === path) as PerformanceResourceTiming | undefined;
      return entry ? { start: entry.startTime, end: entry.responseEnd, initiator: entry.initiatorType } : undefined;
    }),
  );
  // The HTML's <link rel=preload> asked for it, while Scalar's script (which would ask only once it has run) was still arriving.
  expect(document?.initiator).toBe('link');
  expect(document!.start).toBeLessThan(scalar!.end);
});

test('is reachable from the elements guide', async ({ page, pageProblemWatch }) => {
  // The page it leads to starts Scalar, whose code probe the CSP refuses (as above): waited for below.
  pageProblemWatch.expect(/script-src blocked eval \(.*\/scalar\/api-reference\.js/);
  await page.goto('/elements/');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole('heading', { name: 'Ringbinder API', level: 1 })).toBeVisible({ timeout: 30_000 });
});

test('no other page loads Scalar', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((s) => s.startsWith('/scalar/'))).toEqual([]);
});
