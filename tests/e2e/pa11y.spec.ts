/**
 * pa11y (HTML_CodeSniffer, WCAG2AA; ./support/pa11y.ts) finds no error on the public pages a stranger meets:
 * sign-in, registration, and a real share link's fill page (issue #40 item 14). axe runs on them in their
 * own specs; pa11y's engine reads some rules differently (an input with no accessible name, even hidden).
 */
import { publishChecklist, question } from './support/checklist-filler.ts';
import { describeIssues, pa11yReport } from './support/pa11y.ts';
import { baseUrl } from './support/environment.ts';
import { callApi, expect, test } from './support/test.ts';

test.describe('pa11y', () => {
  for (const [path, title] of [
    ['/login', 'Login'],
    ['/register', 'Registration'],
  ] as const) {
    test(`${path}: no error`, async () => {
      const report = await pa11yReport(`${baseUrl()}${path}`);
      expect(report.documentTitle).toBe(title);
      expect(describeIssues(report.issues)).toEqual([]);
    });
  }

  test('/fill/{token} of a real share link: no error', async ({ orgAdmin }) => {
    const doc = await publishChecklist(orgAdmin.token, 'Van check', {
      tyres: question('Tyres inflated', 'true/false', { required: true }),
      km: question('Odometer', 'number'),
      where: question('Depot', 'single choice', { choices: ['North', 'South'] }),
    });
    const link = await callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: orgAdmin.token, json: { name: 'Vans' } });
    const report = await pa11yReport(`${baseUrl()}/fill/${link.token}`, ['wait for element #fill-title to be visible']);
    expect(report.documentTitle).toBe(`Van check · ${orgAdmin.org.name}`);
    expect(describeIssues(report.issues)).toEqual([]);
  });
});
