/**
 * `webhooks` (issue #34; docs/webhooks.md): an organisation's outgoing webhooks, org admins only (api.ts
 * ACCESS): endpoints, their secret (rotated), their delivery log, a re-send and a test event.
 */
import { Hono } from 'hono';
import { createWebhookBody, listWebhookAttemptsQuery, updateWebhookBody } from '../../shared/api/webhooks-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import { listOf } from '../openapi/answers/list.ts';
import { queuedDelivery, webhookAttempt, webhookEndpoint, webhookEndpointWithSecret } from '../openapi/answers/webhooks.ts';
import { operation } from '../openapi/operation.ts';
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

webhooksApi.get('/', operation({ summary: 'List the outgoing webhooks', tag: 'Webhooks', answers: { 200: listOf(webhookEndpoint) } }), async (c) => c.json(await listWebhooks(c.var.deps, c.var.member)));

webhooksApi.post('/', operation({ summary: 'Register a webhook (its secret answered this once)', tag: 'Webhooks', body: createWebhookBody, answers: { 201: webhookEndpointWithSecret }, errors: [409] }), async (c) => {
  const body = await jsonBody(c, createWebhookBody);
  return c.json(await createWebhook(c.var.deps, c.var.member, body), 201);
});

webhooksApi.get('/:id', operation({ summary: 'Read a webhook', tag: 'Webhooks', answers: { 200: webhookEndpoint }, errors: [404] }), async (c) => c.json(await getWebhook(c.var.deps, c.var.member, c.req.param('id'))));

webhooksApi.put('/:id', operation({ summary: 'Change a webhook (enabled: true switches it back on)', tag: 'Webhooks', body: updateWebhookBody, answers: { 200: webhookEndpoint }, errors: [404] }), async (c) => {
  const body = await jsonBody(c, updateWebhookBody);
  return c.json(await updateWebhook(c.var.deps, c.var.member, c.req.param('id'), body));
});

webhooksApi.delete('/:id', operation({ summary: 'Delete a webhook', tag: 'Webhooks', answers: { 204: null }, errors: [404] }), async (c) => {
  await deleteWebhook(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

webhooksApi.post('/:id/rotate-secret', operation({ summary: 'Rotate a webhook’s secret (the new one answered this once)', tag: 'Webhooks', answers: { 200: webhookEndpointWithSecret }, errors: [404] }), async (c) => c.json(await rotateWebhookSecret(c.var.deps, c.var.member, c.req.param('id'))));

webhooksApi.get('/:id/deliveries', operation({ summary: 'The delivery log: each attempt, newest first', tag: 'Webhooks', query: listWebhookAttemptsQuery, answers: { 200: listOf(webhookAttempt) }, errors: [404] }), async (c) => {
  const query = queryOf(c, listWebhookAttemptsQuery);
  return c.json(await listWebhookAttempts(c.var.deps, c.var.member, c.req.param('id'), query));
});

webhooksApi.post('/:id/deliveries/:deliveryId/resend', operation({ summary: 'Send a delivery again', tag: 'Webhooks', answers: { 202: queuedDelivery }, errors: [404] }), async (c) =>
  c.json(await resendWebhookDelivery(c.var.deps, c.var.member, c.req.param('id'), c.req.param('deliveryId')), 202),
);

webhooksApi.post('/:id/test', operation({ summary: 'Send a test event', tag: 'Webhooks', answers: { 202: queuedDelivery }, errors: [404] }), async (c) => c.json(await sendWebhookTest(c.var.deps, c.var.member, c.req.param('id')), 202));
