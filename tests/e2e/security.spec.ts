import { builtScreens, expect, notFoundShell, test, unknownPath } from './support/test.ts';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

// Every built screen (more as the screens arrive), plus an unknown address for the not-found shell.
const pages = [...builtScreens().map((s) => ({ shell: s.shell, path: s.path })), { shell: notFoundShell, path: unknownPath }];

test.describe('page security', () => {
  for (const { shell, path } of pages) {
    test(`${shell} (${path}) is served with a CSP that allows no inline scripts`, async ({ request }) => {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers['content-security-policy'];
      expect(csp, 'Content-Security-Policy header').toBeTruthy();
      const policy = directives(csp!);
      const scriptSources = policy.get('script-src') ?? policy.get('default-src');
      expect(scriptSources, 'script-src (or default-src)').toBeDefined();
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
      expect(scriptSources).not.toContain('*');
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), 'frame-ancestors').toBeDefined();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBeTruthy();
    });

    // Any CSP violation or console error fails it: the suite's automatic check (support/test.ts).
    test(`${shell} (${path}) loads with no CSP violation or console error`, async ({ page, expectPageProblem }) => {
      // Without a token, activation fails, which the screen only logs (spec: no user message).
      if (shell === 'auth/activate') expectPageProblem(/^Account activation failed: Error: the address has no activation token/);
      // Scalar (the API reference, /api/docs alone) probes whether it may compile code; the CSP refuses it, as it should.
      if (shell === 'api/docs') expectPageProblem(/script-src blocked eval \(.*\/scalar\/api-reference\.js/);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    });
  }
});
