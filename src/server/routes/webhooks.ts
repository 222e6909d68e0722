/**
 * `webhooks` (issue #34; docs/webhooks.md): an organisation's outgoing webhooks, org admins only (api.ts
 * ACCESS): endpoints, their secret (rotated), their delivery log, a re-send and a test event.
 */
import { Hono } from 'hono';
import { createWebhookBody, listWebhookAttemptsQuery, updateWebhookBody } from '../../shared/api/webhooks-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhookAttempts,
  listWebhooks,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhook,
} from '../services/webhooks/endpoints.ts';

export const webhooksApi = new Hono<MemberEnv>();

webhooksApi.get('/', async (c) => c.json(await listWebhooks(c.var.deps, c.var.member)));

webhooksApi.post('/', async (c) => {
  const body = await jsonBody(c, createWebhookBody);
  return c.json(await createWebhook(c.var.deps, c.var.member, body), 201);
});

webhooksApi.get('/:id', async (c) => c.json(await getWebhook(c.var.deps, c.var.member, c.req.param('id'))));

webhooksApi.put('/:id', async (c) => {
  const body = await jsonBody(c, updateWebhookBody);
  return c.json(await updateWebhook(c.var.deps, c.var.member, c.req.param('id'), body));
});

webhooksApi.delete('/:id', async (c) => {
  await deleteWebhook(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

webhooksApi.post('/:id/rotate-secret', async (c) => c.json(await rotateWebhookSecret(c.var.deps, c.var.member, c.req.param('id'))));

webhooksApi.get('/:id/deliveries', async (c) => {
  const query = queryOf(c, listWebhookAttemptsQuery);
  return c.json(await listWebhookAttempts(c.var.deps, c.var.member, c.req.param('id'), query));
});

webhooksApi.post('/:id/deliveries/:deliveryId/resend', async (c) =>
  c.json(await resendWebhookDelivery(c.var.deps, c.var.member, c.req.param('id'), c.req.param('deliveryId')), 202),
);

webhooksApi.post('/:id/test', async (c) => c.json(await sendWebhookTest(c.var.deps, c.var.member, c.req.param('id')), 202));
