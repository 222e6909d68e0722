/**
 * The suite's own watch on page problems (support/browser.ts PageProblemWatch, run for every test by
 * support/test.ts): it sees what it must, wherever it happens, ignores only the API's 4xx answers, and
 * fails a test on anything undeclared or a declared problem that never came. Each probe is provoked on
 * a real page of ours, under its real Content-Security-Policy.
 */
import { expect, test } from './support/test.ts';

test('a CSP violation is caught both as the document reports it and as Chromium logs it', async ({ page, expectPageProblem }) => {
  await page.goto('/login');
  expectPageProblem(/^connect-src blocked data\b/);
  expectPageProblem(/data:text\/plain,probe/);
  const outcome = await page.evaluate(() => fetch('data:text/plain,probe').then(() => 'loaded', () => 'refused'));
  expect(outcome).toBe('refused');
});

test('uncaught exceptions and missing files count; an API answer of 4xx does not', async ({ page, expectPageProblem }) => {
  await page.goto('/login');
  expectPageProblem(/^Error: probe: uncaught/);
  await page.evaluate(() => setTimeout(() => {
    throw new Error('probe: uncaught');
  }));
  expectPageProblem(/^Failed to load resource: the server responded with a status of 404 \(Not Found\) \(at \S+\/no-such-file\.js\)$/);
  expect(await page.evaluate(() => fetch('/no-such-file.js').then((r) => r.status))).toBe(404);
  // Refused by the API (no token): the screens handle such answers, so nothing is declared for it.
  expect(await page.evaluate(() => fetch('/api/v1/auth/me').then((r) => r.status))).toBe(401);
});

test('a problem just before a navigation, on a second page, and in another browser context is caught', async ({
  page,
  context,
  browser,
  baseURL,
  expectPageProblem,
}) => {
  await page.goto('/login');
  expectPageProblem(/^probe: before navigation$/);
  await page.evaluate(() => {
    console.error('probe: before navigation');
    location.assign('/register');
  });
  await page.waitForURL('**/register');

  const second = await context.newPage();
  await second.goto('/login');
  expectPageProblem(/^probe: second page$/);
  await second.evaluate(() => console.error('probe: second page'));

  const other = await browser.newContext({ baseURL });
  try {
    const elsewhere = await other.newPage();
    await elsewhere.goto('/login');
    expectPageProblem(/^probe: another context$/);
    await elsewhere.evaluate(() => console.error('probe: another context'));
    await expect(elsewhere.getByRole('heading', { name: 'Login' })).toBeVisible();
  } finally {
    await other.close();
  }
});

// Expected failures (test.fail): the list reporter marks them ✘, and counts them as passed.
test.describe('what fails a test (each is expected to fail)', () => {
  test('an undeclared console error', async ({ page }) => {
    test.fail(true, 'the watch must fail this test');
    await page.goto('/login');
    await page.evaluate(() => console.error('probe: undeclared'));
  });

  test('a declared problem that never happens', async ({ page, expectPageProblem }) => {
    test.fail(true, 'the watch must fail this test');
    expectPageProblem(/^probe: never logged$/);
    await page.goto('/login');
  });
});
