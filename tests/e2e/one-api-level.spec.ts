/**
 * Every signed-in page paints its main content after ONE API level beside the HTML: its data requests
 * leave together with `auth/me`, never after its answer (src/client/signed-in-user.ts `signedInPage`).
 * Each test holds back the real server's answer to `auth/me` (the request goes through, late — nothing
 * is mocked) and shows that the page's data requests were all sent before that answer arrived, and that
 * the main content then shows.
 *
 * The first reads leave even before the modules are in: a small script in the HTML's <head> sends auth/me
 * and the route's reads (src/client/page-data-script.ts) and the API client takes their answers. The levels
 * are HTML → (modules ∥ API) → paint: with the modules held back, each read leaves before the first of
 * them has arrived, and no read is sent twice.
 */
import type { Page } from '@playwright/test';
import { holdRequests } from './support/browser.ts';
import { endOwnSession } from './support/journeys.ts';
import { callApi, expect, signInWithToken, test, type OrgAdmin } from './support/test.ts';

// A service worker would answer some requests itself, out of the page's sight.
test.use({ serviceWorkers: 'block' });

/** How long the `auth/me` answer is held back: far longer than any page needs to send its reads. */
const ME_DELAY_MS = 1_500;

interface Sent {
  path: string;
  at: number;
}

/**
 * Opens `path` with the answer of GET auth/me held back; resolves once `ready` shows, with the API
 * requests the page sent (path and time) and the time auth/me's answer reached the page.
 */
async function openWithSlowMe(page: Page, path: string, ready: () => Promise<void>): Promise<{ sent: Sent[]; meAnswered: number }> {
  const sent: Sent[] = [];
  let meAnswered = Number.POSITIVE_INFINITY;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/')) sent.push({ path: url.pathname.slice('/api/v1/'.length) + url.search, at: Date.now() });
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v1/auth/me' && response.request().method() === 'GET') meAnswered = Math.min(meAnswered, Date.now());
  });
  await page.route('**/api/v1/auth/me', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, ME_DELAY_MS));
    await route.continue();
  });
  await page.goto(path);
  await ready();
  return { sent, meAnswered };
}

/** Every one of `reads` (paths without /api/v1/ and without the query) was sent before auth/me's answer. */
function expectSentBeforeMe({ sent, meAnswered }: { sent: Sent[]; meAnswered: number }, reads: string[]): void {
  expect(Number.isFinite(meAnswered), 'auth/me was answered').toBe(true);
  for (const read of reads) {
    const request = sent.find((s) => s.path.split('?')[0] === read);
    expect(request, `${read} was requested (sent: ${sent.map((s) => s.path).join(', ')})`).toBeDefined();
    expect(request!.at, `${read} left before auth/me's answer, not after it`).toBeLessThan(meAnswered);
  }
}

/** How long every module script (/_astro/*.js) is held back in the timing tests: a reply from the HTML alone can beat it. */
const MODULE_DELAY_MS = 400;

/**
 * Opens `path` with every module script held back and, once `ready` shows and each of `reads` has arrived
 * (the page paints from its own; the drawer's is taken by the chrome only after the page's first paint),
 * checks that the HTML sent each of them once (`expectSentByTheHtml`). Resolves with every API request
 * (path with query, start time) and when the first module script arrived, from the page's own Resource
 * Timing. A read the page's modules send cannot start before a module has arrived; a read the HTML sends can.
 */
async function openAndTime(page: Page, path: string, ready: () => Promise<void>, reads: string[]) {
  await page.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, MODULE_DELAY_MS));
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  await page.goto(path);
  await ready();
  const timings = () =>
    page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const arrived = resources
        .filter((r) => new URL(r.name).pathname.startsWith('/api/v1/'))
        .map((r) => ({ path: r.name.slice(r.name.indexOf('/api/v1/') + '/api/v1/'.length), start: r.startTime }));
      const modules = resources.filter((r) => /\/_astro\/.*\.js$/.test(new URL(r.name).pathname));
      return { reads: arrived, firstModuleEnd: Math.min(...modules.map((m) => m.responseEnd)) };
    });
  await expect.poll(async () => (await timings()).reads.map((r) => r.path)).toEqual(expect.arrayContaining(reads));
  const seen = await timings();
  await page.unroute('**/_astro/*.js');
  expectSentByTheHtml(seen, reads);
  return seen;
}

/** Each of `reads` (path with query) was sent once, before the first module script arrived; no read twice. */
function expectSentByTheHtml(seen: Awaited<ReturnType<typeof openAndTime>>, reads: string[]): void {
  expect(Number.isFinite(seen.firstModuleEnd), 'the page loaded module scripts').toBe(true);
  for (const read of reads) {
    const sent = seen.reads.filter((r) => r.path === read);
    expect(sent, `${read} was sent once (sent: ${seen.reads.map((r) => r.path).join(', ')})`).toHaveLength(1);
    expect(sent[0]!.start, `${read} left before the first module arrived`).toBeLessThan(seen.firstModuleEnd);
  }
  const paths = seen.reads.map((r) => r.path).filter((p) => !p.startsWith('_build-info'));
  expect(paths, 'no read is sent twice').toEqual([...new Set(paths)]);
}

const DRAWER = 'documentation/folders/root/contents?skip=0&limit=100&ordering=kind&ordering=name';

/**
 * A folder's or a document's answer names the root (`root_id`) for the breadcrumbs, so a page below the
 * root never reads GET documentation/folders/root for it.
 */
function expectNoRootRead(paths: string[]): void {
  expect(paths.filter((p) => p.split('?')[0] === 'documentation/folders/root'), `the root was not read (sent: ${paths.join(', ')})`).toEqual([]);
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

interface Item {
  id: string;
  name: string;
  version: number;
}

async function stage(admin: OrgAdmin): Promise<{ folder: Item; checklist: Item; rowId: string }> {
  const folder = await callApi<Item>('documentation/folders', { token: admin.token, json: { parent_id: 'root', name: 'Site A' } });
  const checklist = await callApi<Item>('documentation/documents', {
    token: admin.token,
    json: {
      folder_id: folder.id,
      name: 'Fire drill',
      doctype: 'form',
      description: '',
      contents: { questions: { done: { title: 'Doors closed', valueType: 'true/false', required: true } }, question_index: ['done'] },
    },
  });
  const row = await callApi<{ id: string }>(`documentation/documents/${checklist.id}/data`, {
    token: admin.token,
    json: { record: { done: { value: true } } },
  });
  return { folder, checklist, rowId: row.id };
}

test.describe('one API level beside the HTML', () => {
  test('a checklist’s filler is asked for as the document arrives, before the heading’s first frame', async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    // The time of the first frame with the heading (its rAF callbacks run before that frame's paint).
    await page.addInitScript(() => {
      const w = window as unknown as { headingFrame?: number };
      const tick = () => {
        if (document.querySelector('h1')?.textContent?.includes('Fire drill')) w.headingFrame = performance.now();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`/documentation/view/${checklist.id}`);
    await expect(page.getByText('Doors closed')).toBeVisible();
    const { headingFrame, fillerAsked } = await page.evaluate(() => ({
      headingFrame: (window as unknown as { headingFrame?: number }).headingFrame ?? Number.NaN,
      fillerAsked: Math.min(
        ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => /\/_astro\/checklist-viewer\.[^/]+\.js$/.test(new URL(r.name).pathname))
          .map((r) => r.startTime),
      ),
    }));
    // Asked for in the task that drew the heading, not a frame later: the filler's files are a round trip away.
    expect(fillerAsked).toBeLessThan(headingFrame);
  });

  test('a submitted row’s view page asks for the row’s renderer beside its reads, not after the document', async ({ page, orgAdmin }) => {
    const { checklist, rowId } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const release = await holdRequests(page, `**/api/v1/documentation/documents/${checklist.id}`);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`/documentation/view/${checklist.id}/${rowId}`);
    // The document is held: the renderer's file is asked for all the same, a round trip sooner.
    await expect.poll(() => asked.some((path) => /\/_astro\/submitted-row\.[^/]+\.js$/.test(path))).toBe(true);
    release();
    await expect(page.getByRole('heading', { name: 'Submitted Answers' })).toBeVisible();
  });

  test('a checklist’s view page asks for the document beside auth/me', async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/view/${checklist.id}`, () => expect(heading(page, 'View Fire drill')).toBeVisible());
    expectSentBeforeMe(seen, [`documentation/documents/${checklist.id}`]);
    expectNoRootRead(seen.sent.map((s) => s.path));
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText(['Home', 'Documentation', 'Site A']);
  });

  test('the editor page asks for the document beside auth/me', async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/edit/${checklist.id}`, () => expect(heading(page, 'Fire drill')).toBeVisible());
    expectSentBeforeMe(seen, [`documentation/documents/${checklist.id}`]);
  });

  test('the history page asks for the document and its versions beside auth/me', async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/${checklist.id}/history`, () =>
      expect(heading(page, 'History of Fire drill')).toBeVisible(),
    );
    expectSentBeforeMe(seen, [`documentation/documents/${checklist.id}`, `documentation/documents/${checklist.id}/history`]);
    await expect(page.getByRole('link', { name: 'View version 1' })).toBeVisible();
  });

  test('a submitted row’s page asks for the document and the row beside auth/me', async ({ page, orgAdmin }) => {
    const { checklist, rowId } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/results/${checklist.id}/${rowId}`, () =>
      expect(heading(page, 'Result of Fire drill')).toBeVisible(),
    );
    expectSentBeforeMe(seen, [`documentation/documents/${checklist.id}`, `documentation/documents/documentdata/${rowId}`]);
    await expect(page.getByRole('heading', { name: 'Submitted Answers' })).toBeVisible();
  });

  test('a folder opens in one round trip: the folder and its first page beside auth/me', async ({ page, orgAdmin }) => {
    const { folder } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/browse/${folder.id}`, () => expect(heading(page, 'Site A')).toBeVisible());
    expectSentBeforeMe(seen, [`documentation/folders/${folder.id}`, `documentation/folders/${folder.id}/contents`]);
    expectNoRootRead(seen.sent.map((s) => s.path));
    await expect(page.getByRole('link', { name: /^Fire drill/ })).toBeVisible();
    // The root is 'Documentation', never a crumb of its own (the folder itself is the heading).
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link')).toHaveText(['Home', 'Documentation']);
  });

  test('the root folder opens in one round trip too, asking for the root once', async ({ page, orgAdmin }) => {
    await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, '/documentation/browse', () => expect(heading(page, 'Documentation')).toBeVisible());
    expectSentBeforeMe(seen, ['documentation/folders/root/contents']);
    const rootReads = seen.sent.filter((s) => s.path.split('?')[0] === 'documentation/folders/root');
    expect(rootReads).toHaveLength(1);
    expect(rootReads[0]!.at).toBeLessThan(seen.meAnswered);
    await expect(page.getByRole('list', { name: 'Contents of Documentation' }).getByRole('link', { name: /^Site A/ })).toBeVisible();
  });

  test('the trash asks for its items beside auth/me', async ({ page, orgAdmin }) => {
    const { folder } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/trash/${folder.id}`, () => expect(page.getByText('- - Empty - -')).toBeVisible());
    expectSentBeforeMe(seen, [`documentation/folders/${folder.id}`, `documentation/trash/${folder.id}`]);
  });

  for (const [path, name] of [
    ['/', 'Dashboard'],
    ['/admin', 'Admin'],
    ['/admin/create-org', 'Create New Organization'],
  ] as const) {
    test(`${path} needs nothing but auth/me, and shows once it is in`, async ({ page, orgAdmin }) => {
      await signInWithToken(page, orgAdmin.token);
      const seen = await openWithSlowMe(page, path, () => expect(heading(page, name)).toBeVisible());
      expect(Number.isFinite(seen.meAnswered)).toBe(true);
    });
  }

  test("a revoked token on a document page: its read and auth/me both refused, one 'Could not validate credentials', back to sign-in", async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    await endOwnSession(orgAdmin.token);
    const seen = await openWithSlowMe(page, `/documentation/view/${checklist.id}`, () => expect(page).toHaveURL(/\/login\?next=/));
    // The document's refusal (401) may arrive first and sign out at once: no need to wait for auth/me.
    expect(seen.sent.some((s) => s.path === `documentation/documents/${checklist.id}`)).toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: 'Could not validate credentials' })).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test("the HTML sends a checklist's view page's reads before its modules are in, each once", async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const seen = await openAndTime(
      page,
      `/documentation/view/${checklist.id}`,
      () => expect(heading(page, 'View Fire drill')).toBeVisible(),
      ['auth/me', `documentation/documents/${checklist.id}`, DRAWER],
    );
    expectNoRootRead(seen.reads.map((r) => r.path));
  });

  test("the HTML sends a folder's reads (in the remembered sort) before its modules are in, each once", async ({ page, orgAdmin }) => {
    const { folder } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    await page.evaluate(() => localStorage.setItem('documentationSort', '-created_at'));
    const seen = await openAndTime(page, `/documentation/browse/${folder.id}`, () => expect(heading(page, 'Site A')).toBeVisible(), [
      'auth/me',
      `documentation/folders/${folder.id}`,
      `documentation/folders/${folder.id}/contents?ordering=-created_at&ordering=name&limit=100`,
      DRAWER,
    ]);
    expectNoRootRead(seen.reads.map((r) => r.path));
    await expect(page.getByRole('link', { name: /^Fire drill/ })).toBeVisible();
  });

  test('the HTML sends the history, result-row and root folder pages’ reads, each once', async ({ page, orgAdmin }) => {
    const { checklist, rowId } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    let seen = await openAndTime(
      page,
      `/documentation/${checklist.id}/history`,
      () => expect(heading(page, 'History of Fire drill')).toBeVisible(),
      ['auth/me', `documentation/documents/${checklist.id}`, `documentation/documents/${checklist.id}/history?skip=0&limit=100`],
    );
    expectNoRootRead(seen.reads.map((r) => r.path));
    await openAndTime(
      page,
      `/documentation/results/${checklist.id}/${rowId}`,
      () => expect(heading(page, 'Result of Fire drill')).toBeVisible(),
      ['auth/me', `documentation/documents/${checklist.id}`, `documentation/documents/documentdata/${rowId}`],
    );
    await openAndTime(
      page,
      '/documentation/browse',
      () => expect(heading(page, 'Documentation')).toBeVisible(),
      ['auth/me', 'documentation/folders/root', 'documentation/folders/root/contents?ordering=kind&ordering=name&limit=100', DRAWER],
    );
    // The whole trash at the spec's address: its folder is the root, read once, and never as `folders/1`.
    seen = await openAndTime(
      page,
      '/documentation/trash/1',
      () => expect(page.getByText('- - Empty - -')).toBeVisible(),
      ['auth/me', 'documentation/folders/root', DRAWER],
    );
    expect(seen.reads.map((r) => r.path)).not.toContain('documentation/folders/1');
    await openAndTime(page, '/', () => expect(heading(page, 'Dashboard')).toBeVisible(), ['auth/me']);
  });

  test("the HTML sends the webhooks pages' and Account Settings' reads (issue #31: they came a level late), each once", async ({ page, orgAdmin }) => {
    const webhook = await callApi<{ id: string }>('webhooks', { token: orgAdmin.token, json: { url: 'https://hooks.example.com/in', events: ['member.joined'] } });
    const folders = 'documentation/folders/root/contents?ordering=kind&ordering=name&skip=0&limit=100';
    await signInWithToken(page, orgAdmin.token);
    await openAndTime(page, '/admin/webhooks', () => expect(page.getByRole('table', { name: 'Webhooks' })).toContainText('hooks.example.com'), ['auth/me', 'webhooks']);
    await openAndTime(page, '/admin/webhooks/new', () => expect(heading(page, 'New Webhook')).toBeVisible(), ['auth/me', folders]);
    await openAndTime(page, `/admin/webhooks/${webhook.id}`, () => expect(page.getByRole('table', { name: 'Delivery Log' })).toBeVisible(), [
      'auth/me',
      `webhooks/${webhook.id}`,
      folders,
      `webhooks/${webhook.id}/deliveries?skip=0&limit=50`,
    ]);
    await openAndTime(page, '/account-settings', () => expect(page.locator('#api-tokens-status')).toHaveText('No API tokens yet.'), ['auth/me', 'auth/api-tokens']);
  });

  test('the HTML sends the reads of a version’s and of a submitted row’s view page, told apart by the address, each once', async ({ page, orgAdmin }) => {
    const { checklist, rowId } = await stage(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    await openAndTime(
      page,
      `/documentation/view/${checklist.id}/1`,
      () => expect(heading(page, 'View Fire drill (Version: 1)')).toBeVisible(),
      ['auth/me', `documentation/documents/${checklist.id}/version/1`, DRAWER],
    );
    await openAndTime(
      page,
      `/documentation/view/${checklist.id}/${rowId}`,
      () => expect(page.getByRole('heading', { name: 'Submitted Answers' })).toBeVisible(),
      ['auth/me', `documentation/documents/${checklist.id}`, `documentation/documents/documentdata/${rowId}`, DRAWER],
    );
    await expect(heading(page, 'View Fire drill')).toBeVisible();
  });

  test('a signed-out visitor is sent to sign-in without asking the API for anything', async ({ page, orgAdmin }) => {
    const { checklist } = await stage(orgAdmin);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/')) sent.push(request.url());
    });
    await page.goto(`/documentation/view/${checklist.id}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    expect(sent.filter((url) => !url.endsWith('/_build-info'))).toEqual([]);
  });
});
