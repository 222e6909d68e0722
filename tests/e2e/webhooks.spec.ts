/**
 * Outgoing webhooks in the admin area (issue #34): an org admin registers a webhook to a local receiver
 * (node:http on 127.0.0.1; the suite's server has WEBHOOK_ALLOW_PRIVATE), sees its secret once, sends a
 * test event, the receiver gets it signed (Webhook.verify with that secret), and the attempt shows in the
 * delivery log; the list shows the webhook; axe on the page and it fits 390 px.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expectFitsPhone } from './support/journeys.ts';
import { expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

test('register a webhook, send a test event, see it arrive and in the delivery log', async ({ page, orgAdmin }) => {
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
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('table', { name: 'Webhooks' })).toContainText(url);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
