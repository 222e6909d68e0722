/**
 * The sign-in and registration pages carry only what their first paint needs (issue #31: they blocked a
 * phone's main thread for 0.7 s and 2.2 s under Lighthouse): the sign-in page loads the "Choose a New
 * Password" step's code (new-password.ts, password-pair.ts) only once the form is sent, and the
 * registration page's terms text waits in a <template> until the dialog first opens. The step itself and
 * the terms dialog are walked through in temporary-password.spec.ts and registration.spec.ts.
 */
import { expect, test } from './support/test.ts';

const stepCode = /\/_astro\/(new-password|password-pair)\.[^/]*\.js$/;

test('the sign-in page fetches no code of the new-password step before the form is sent', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await page.waitForLoadState('load');
  expect(fetched.filter((path) => stepCode.test(path))).toEqual([]);
  const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
  expect(preloaded.filter((href) => stepCode.test(href))).toEqual([]);
});

test("the registration page's terms text is put in place when the dialog first opens", async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  // Not in the page's document before (a <template>'s content is not).
  expect(await page.evaluate(() => document.getElementById('terms-body')?.textContent?.includes('Ontario'))).toBe(false);
  await page.getByRole('button', { name: 'Terms and Conditions' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByRole('heading', { level: 3, name: '8. Changes and governing law' })).toBeVisible();
  await expect(terms.locator('#terms-body')).toBeFocused();
  // Styled as before: the headings' own size (the component's scoped rule reaches the stamped copy).
  expect(await terms.getByRole('heading', { level: 3 }).first().evaluate((h) => getComputedStyle(h).fontSize)).toBe('16px');
  await terms.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: 'Terms and Conditions' }).click();
  await expect(terms.getByRole('heading', { level: 3 })).toHaveCount(8);
});
