/**
 * The notifications bell and panel (accounts §2 Shared layout, Notifications panel; issue #12): a member
 * subscribed to a folder (over the API) sees the bell's count rise, without a reload, when another user
 * adds a document there; opening the panel and clicking the notification marks it read (the count falls)
 * and opens the item; Clear All; 'Empty'; accessible at desktop and 390 px with the panel open. And the
 * page keeps receiving live notifications after the server restarts: a private server of this spec,
 * stopped with SIGTERM and started again on the same port and data folder, as a deployment would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { callApi, createOrgAdmin, type OrgAdmin } from './support/accounts.ts';
import { expectAccessible, signInWithToken, usePhoneViewport } from './support/browser.ts';
import { createChecklist, createFolder, memberOf } from './support/documentation.ts';
import { expectFitsPhone } from './support/journeys.ts';
import { expect, test } from './support/test.ts';

const bell = (page: Page) => page.locator('#bell-button');
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A member subscribed to a new folder of `admin`'s organisation. */
async function subscriber(admin: OrgAdmin) {
  const member = await memberOf(admin);
  const folder = await createFolder(admin.token, `Followed ${Date.now().toString(36)}`);
  await callApi(`documentation/folders/${folder.id}/subscription`, { token: member.token, json: {} });
  return { member, folder };
}

/** Waits until the page's live stream is open (its request has been answered). */
const streamOpened = (page: Page) => page.waitForResponse((r) => r.url().includes('/documentation/notifications/stream') && r.status() === 200);

test('the bell counts a new notification live; a click marks it read and opens the item; Clear All; Empty', async ({ page, orgAdmin }) => {
  test.setTimeout(90_000); // one journey over three pages and two members
  const { member, folder } = await subscriber(orgAdmin);
  await signInWithToken(page, member.token);
  const opened = streamOpened(page);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await opened;
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

  const doc = await createChecklist(orgAdmin.token, 'Live checklist', folder.id);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await expect(page.locator('#bell-badge')).toHaveText('1');
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed), 'no reload').toBe(true);

  await bell(page).click();
  await expect(bell(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(panel(page)).toBeVisible();
  const item = panel(page).getByRole('link', { name: /Live checklist/ });
  await expect(item).toContainText(orgAdmin.username);
  await expect(item).toContainText('Unread');
  expect(await panel(page).evaluate((el) => parseFloat(getComputedStyle(el).maxHeight))).toBe(500);
  await expectAccessible(page, { include: '#bell-area' });

  await item.click();
  await expect(page).toHaveURL(new RegExp(`/documentation/view/${doc.id}$`));
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const list = await callApi<{ unread: number; results: { read_at: string | null }[] }>('documentation/notifications', { token: member.token });
  expect(list.unread).toBe(0);
  expect(list.results[0]?.read_at).not.toBeNull();

  // Two more; Clear All marks both read.
  await createChecklist(orgAdmin.token, 'Second', folder.id);
  await createChecklist(orgAdmin.token, 'Third', folder.id);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
  await bell(page).click();
  await expect(panel(page).getByRole('link')).toHaveCount(3);
  await panel(page).getByRole('button', { name: 'Clear All' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.locator('#bell-badge')).toBeHidden();
  await expect(panel(page).locator('.bell-item.unread')).toHaveCount(0);
  expect((await callApi<{ unread: number }>('documentation/notifications', { token: member.token })).unread).toBe(0);

  // Escape closes and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();

  // Someone with nothing yet: 'Empty'.
  const quiet = await memberOf(orgAdmin);
  await signInWithToken(page, quiet.token);
  await page.goto('/');
  await bell(page).click();
  await expect(panel(page).getByText('Empty', { exact: true })).toBeVisible();
});

test('the open panel is accessible and fits at 390 px', async ({ page, orgAdmin }) => {
  const { member, folder } = await subscriber(orgAdmin);
  await createChecklist(orgAdmin.token, 'A checklist with a rather long name to wrap on a phone', folder.id);
  await usePhoneViewport(page);
  await signInWithToken(page, member.token);
  await page.goto('/');
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  await bell(page).click();
  const item = panel(page).getByRole('link', { name: /rather long name/ });
  await expectFitsPhone(page, [item, panel(page).getByRole('button', { name: 'Clear All' })]);
  await expectAccessible(page, { include: '#bell-area' });
});

// ── A server restart ─────────────────────────────────────────────────────────────────────────────

/** A private server of this spec on `port` over `dataDir` (PGlite kept there between runs), serving the built site. */
async function startPrivateServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      DATABASE_URL: '',
      REQUEST_LOG: '0',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      ORGANISATIONS_PER_IP_PER_HOUR: '100000',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000; // a loaded machine starts node, tsx and PGlite slowly
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/_build-info`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the private server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the private server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopPrivateServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

test('live notifications keep arriving after the server restarts (the page reconnects)', async ({ page, expectPageProblem }) => {
  test.setTimeout(300_000);
  // While the server is down, the page's reconnect attempts fail to connect (and the open stream breaks);
  // a request that reaches the server while it shuts down — the stream's reconnect, the reads its
  // `reconnect` event starts — is answered 503 with Retry-After (docs/operations.md "Stopping and restarting").
  expectPageProblem(
    /net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING|EMPTY_RESPONSE|CONNECTION_RESET)|status of 503 \(Service Unavailable\) \(at http:\/\/127\.0\.0\.1:\d+\/api\/v1\/[^)\s]+\)/,
  );
  const port = Number(new URL(process.env.E2E_BASE_URL!).port) + 41 + test.info().workerIndex;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringbinder-e2e-restart-'));
  // The suite's helpers (accounts, outbox) follow these two: point them at the private server meanwhile.
  const shared = { base: process.env.E2E_BASE_URL, data: process.env.E2E_DATA_DIR };
  process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
  process.env.E2E_DATA_DIR = dataDir;
  let server = await startPrivateServer(port, dataDir);
  try {
    const admin = await createOrgAdmin('admin');
    const { member, folder } = await subscriber(admin);
    await page.goto(`http://127.0.0.1:${port}/login`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('loggedIn', 'true');
    }, member.token);
    const opened = streamOpened(page);
    await page.goto(`http://127.0.0.1:${port}/`);
    await opened;
    await createChecklist(admin.token, 'Before the restart', folder.id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

    await stopPrivateServer(server);
    // Written while the page has no stream (straight after the restart, before it reconnects): the
    // reconnect's read of the list brings it; then one pushed live over the new stream.
    const reopened = streamOpened(page);
    server = await startPrivateServer(port, dataDir);
    await createChecklist(admin.token, 'During the restart', folder.id);
    await reopened;
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 30_000 });
    await createChecklist(admin.token, 'After the restart', folder.id);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 3 unread');
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed), 'no reload').toBe(true);
    await bell(page).click();
    await expect(panel(page).getByRole('link', { name: /After the restart/ })).toBeVisible();
    await expect(panel(page).getByRole('link', { name: /During the restart/ })).toBeVisible();
  } finally {
    process.env.E2E_BASE_URL = shared.base;
    process.env.E2E_DATA_DIR = shared.data;
    await stopPrivateServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
