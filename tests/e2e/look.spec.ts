/**
 * One look (issue #43): screenshot comparisons of ten key screens at 1280×800 and 390×844 (Playwright's
 * `toHaveScreenshot`), so a change of the design tokens, a component or a screen's layout shows as a
 * picture that differs. Kept small and stable: the viewport only (not the full page), animations off,
 * the caret hidden, fixed names (the organisation 'Acme Safety', a checklist 'Ladder check'), and what
 * differs per run masked (usernames and addresses, dates and times, the clock-driven trial line).
 * The baselines are committed beside this file (look.spec.ts-snapshots/); after a deliberate change of the
 * look, `npx playwright test tests/e2e/look.spec.ts --update-snapshots` draws them again (review them).
 */
import type { Locator, Page } from '@playwright/test';
import { publishChecklist, question } from './support/checklist-filler.ts';
import { callApi, createOrgAdmin, desktopViewport, expect, phoneViewport, signInWithToken, test, type OrgAdmin } from './support/test.ts';

// One organisation for the file's screens: its names are fixed, so the pictures are too.
test.describe.configure({ mode: 'default' });

interface Screen {
  name: string;
  path: (admin: OrgAdmin, share: string) => string;
  signedIn: boolean;
  /** The screen is drawn: what to wait for. */
  ready: (page: Page) => Locator;
}

const SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', signedIn: false, ready: (p) => p.getByRole('button', { name: 'Login', exact: true }) },
  { name: 'register', path: () => '/register', signedIn: false, ready: (p) => p.getByRole('heading', { level: 1 }) },
  { name: 'dashboard', path: () => '/', signedIn: true, ready: (p) => p.getByRole('region', { name: 'First steps' }) },
  { name: 'browse', path: () => '/documentation/browse', signedIn: true, ready: (p) => p.getByRole('link', { name: /Ladder check/ }).first() },
  { name: 'checklist-view', path: (a) => `/documentation/view/${a.org.id}`, signedIn: true, ready: (p) => p.locator('rb-checklist').getByRole('group', { name: 'Rungs sound', exact: true }) },
  { name: 'account-settings', path: () => '/account-settings', signedIn: true, ready: (p) => p.getByRole('button', { name: 'New API Token' }) },
  { name: 'admin-menu', path: () => '/admin', signedIn: true, ready: (p) => p.getByRole('link', { name: 'Users' }).first() },
  { name: 'admin-users', path: () => '/admin/users', signedIn: true, ready: (p) => p.getByRole('table', { name: /Users|Members/ }).locator('tbody tr').first() },
  { name: 'admin-webhooks', path: () => '/admin/webhooks', signedIn: true, ready: (p) => p.getByRole('link', { name: 'New Webhook' }) },
  { name: 'fill-share-link', path: (_a, share) => `/fill/${share}`, signedIn: false, ready: (p) => p.locator('rb-checklist').getByRole('group', { name: 'Rungs sound', exact: true }) },
];

let admin: OrgAdmin;
let share = '';
let checklistId = '';

test.beforeAll(async () => {
  admin = await createOrgAdmin('look', 'Acme Safety');
  const doc = await publishChecklist(admin.token, 'Ladder check', {
    rungs: question('Rungs sound', 'true/false', { required: true }),
    note: question('Anything else', 'text'),
  });
  checklistId = doc.id;
  share = (await callApi<{ token: string }>(`documentation/documents/${doc.id}/share-links`, { token: admin.token, json: { name: 'Front door' } })).token;
});

/** What differs from run to run: the account's names, every date and time, the trial's line. */
function masks(page: Page): Locator[] {
  return [
    page.locator('time'),
    page.getByText(admin.username),
    page.getByText(admin.email),
    page.locator('#welcome-trial'),
    page.locator('.data-grid-table td[data-column="username"], .data-grid-table td[data-column="email"], .data-grid-table td[data-column="full_name"]'),
  ];
}

for (const viewport of [desktopViewport, phoneViewport]) {
  for (const screen of SCREENS) {
    test(`${screen.name} at ${viewport.width}px looks as it did`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      if (screen.signedIn) await signInWithToken(page, admin.token);
      const path = screen.name === 'checklist-view' ? `/documentation/view/${checklistId}` : screen.path(admin, share);
      await page.goto(path);
      await expect(screen.ready(page)).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      await expect(page).toHaveScreenshot(`${screen.name}-${viewport.width}.png`, {
        animations: 'disabled',
        caret: 'hide',
        mask: masks(page),
        maxDiffPixelRatio: 0.01,
      });
    });
  }
}
