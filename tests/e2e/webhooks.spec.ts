/**
 * Outgoing webhooks in the admin area (issue #34): an org admin registers a webhook to a local receiver
 * (node:http on 127.0.0.1; the suite's server has WEBHOOK_ALLOW_PRIVATE), sees its secret once, sends a
 * test event, the receiver gets it signed (Webhook.verify with that secret), and the attempt shows in the
 * delivery log; the list shows the webhook; axe on the page and it fits 390 px. The Folder is THE folder
 * tree (islands/shared/FolderTree.tsx): a folder two levels down chosen with the keyboard, saved, and shown
 * chosen when the webhook opens again; then back to the whole organization.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectFitsPhone } from './support/journeys.ts';
import { callApi, expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

test('register a webhook, send a test event, see it arrive and in the delivery log', async ({ page, orgAdmin }) => {
  // An accessibility scan and a delivery: over 30 s on a loaded machine.
  test.setTimeout(60_000);
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks from the receiver');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await page.getByRole('link', { name: 'New Webhook' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Webhook' })).toBeVisible();
    await page.getByLabel('URL').fill(url);
    await page.getByLabel('A document published').check();
    await page.getByRole('button', { name: 'Register Webhook' }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Send Test Event' }).click();
    const log = page.getByRole('table', { name: 'Delivery Log' });
    await expect(log.locator('tbody').getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('200 OK', { timeout: 15_000 });
    await expect(log).toContainText('thanks from the receiver');
    expect(received).toHaveLength(1);
    const message = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { type: string };
    expect(message.type).toBe('webhook.test');
    await expectAccessible(page);
    await page.setViewportSize(phoneViewport);
    await expectFitsPhone(page, [page.getByRole('button', { name: 'Send Test Event' }), page.getByRole('button', { name: 'Save' })]);

    // After reloading, the secret is not shown again; the list names the webhook.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Webhook' })).toBeVisible();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
    // Rotating (issue #40 item 12): the new secret, once, and until when the old one still signs beside it.
    await page.getByRole('button', { name: 'Rotate Secret' }).click();
    await page.getByRole('group', { name: 'Rotate Secret' }).getByRole('button', { name: 'Rotate Secret' }).click();
    await expect(page.getByTestId('webhook-old-secret-until')).toContainText('The old secret still signs beside it until');
    const rotated = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('table', { name: 'Webhooks' })).toContainText(url);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('the folder: one two levels down chosen with the keyboard, saved, shown chosen when the webhook opens again', async ({ page, orgAdmin }) => {
  test.setTimeout(60_000);
  const folder = (name: string, parent_id: string) => callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id, name } });
  const plant = await folder('Plant', 'root');
  const line = await folder('Line 2', plant.id);
  const checks = await folder('Checks', line.id);
  await folder('Yard', 'root');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/admin/webhooks/new');
  await page.getByLabel('URL').fill('https://hooks.example.com/line-2');
  const tree = page.getByRole('tree', { name: 'Folder' });
  const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
  const whole = item('Whole organization');
  await expect(whole).toHaveAttribute('aria-selected', 'true');
  await expect(whole).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Chosen: Whole organization')).toBeVisible();
  await expect(item('Plant')).toHaveAttribute('aria-expanded', 'false');

  // Into the tree with Tab (its one stop is the chosen entry), then the WAI-ARIA keys.
  await page.getByLabel('A document published').focus();
  for (let tab = 0; tab < 10 && !(await whole.evaluate((el) => el === document.activeElement)); tab++) await page.keyboard.press('Tab');
  await expect(whole).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(item('Plant')).toBeFocused();
  await page.keyboard.press('ArrowRight'); // opens Plant
  await expect(item('Plant')).toHaveAttribute('aria-expanded', 'true');
  await expect(item('Line 2')).toBeVisible();
  await page.keyboard.press('ArrowRight'); // into Plant: Line 2
  await expect(item('Line 2')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item('Checks')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(item('Checks')).toBeFocused();
  await page.keyboard.press('ArrowLeft'); // back to its folder, and down again
  await expect(item('Line 2')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(item('Checks')).toHaveAttribute('aria-selected', 'true');
  await expect(whole).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByText('Chosen: Plant / Line 2 / Checks')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Register Webhook' }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  expect(await callApi<{ folder_id: string }>(`webhooks/${id}`, { token: orgAdmin.token })).toMatchObject({ folder_id: checks.id, folder_name: 'Checks' });

  // Opened again: the tree open down to the folder, chosen, and named with the folders above it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Webhook' })).toBeVisible();
  await expect(item('Checks')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Chosen: Plant / Line 2 / Checks')).toBeVisible();
  await expect(item('Whole organization')).toHaveAttribute('aria-selected', 'false');
  await page.setViewportSize(phoneViewport);
  await expectFitsPhone(page, [item('Checks'), page.getByRole('button', { name: 'Save' })]);

  // Back to the whole organisation: Space on the top entry (Home goes there).
  await item('Checks').focus();
  await page.keyboard.press('Home');
  await expect(whole).toBeFocused();
  await page.keyboard.press(' ');
  await expect(page.getByText('Chosen: Whole organization')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webhook saved.')).toBeVisible();
  expect(await callApi<{ folder_id: string | null }>(`webhooks/${id}`, { token: orgAdmin.token })).toMatchObject({ folder_id: null, folder_name: null });
});
