/**
 * `webhooks` (issue #34; docs/webhooks.md): an organisation's endpoints, managed by its admins (api.ts
 * ACCESS). The secret (`whsec_…`) is answered once, when the endpoint is made or its secret rotated, and
 * kept sealed with the app key. Ids of other organisations, unknown and malformed ids: 404.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { List } from '../../../shared/api/list.ts';
import { WEBHOOK_TEST_EVENT, type WebhookAttempt, type WebhookEndpoint, type WebhookEndpointWithSecret } from '../../../shared/api/webhooks.ts';
import type { CreateWebhookParsed, ListWebhookAttemptsParsed, UpdateWebhookParsed } from '../../../shared/api/webhooks-schemas.ts';
import { seal } from '../../auth/app-key.ts';
import type { Queryable } from '../../db/connection.ts';
import { queueOneDelivery, requeueDelivery, rotateSecret } from '../../db/queries/webhooks.ts';
import { folders, organisations, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { conflict, notFound } from '../../errors.ts';
import { presentWebhook, presentWebhookAttempt, presentWebhookWithSecret, type EndpointView } from '../../presenters/webhooks.ts';
import { requireOwnIds } from '../own-ids.ts';

const webhookNotFound = () => notFound('Webhook not found');
const deliveryNotFound = () => notFound('Delivery not found');

/** A new Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

async function viewsWhere(db: Queryable, orgId: string, id?: string): Promise<EndpointView[]> {
  const rows = await db
    .select({ row: webhookEndpoints, folderName: folders.name, createdByUsername: users.username })
    .from(webhookEndpoints)
    .leftJoin(folders, eq(folders.id, webhookEndpoints.folderId))
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(and(eq(webhookEndpoints.orgId, orgId), id === undefined ? undefined : eq(webhookEndpoints.id, id)))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  return rows;
}

/** The organisation's endpoint `id`; else 404. */
async function endpointView(db: Queryable, who: Member, id: string): Promise<EndpointView> {
  if (!isUuid(id)) throw webhookNotFound();
  const [view] = await viewsWhere(db, who.orgId, id.toLowerCase());
  if (!view) throw webhookNotFound();
  return view;
}

/** GET webhooks: every endpoint, oldest first. */
export async function listWebhooks(deps: Deps, who: Member): Promise<List<WebhookEndpoint>> {
  const views = await viewsWhere(deps.db, who.orgId);
  const now = deps.now();
  return { results: views.map((v) => presentWebhook(v, now)), total: views.length };
}

/** GET webhooks/{id}. */
export async function getWebhook(deps: Deps, who: Member, id: string): Promise<WebhookEndpoint> {
  return presentWebhook(await endpointView(deps.db, who, id), deps.now());
}

/** POST webhooks: 201 with the secret, this once; 409 past WEBHOOK_MAX_ENDPOINTS_PER_ORG. */
export async function createWebhook(deps: Deps, who: Member, body: CreateWebhookParsed): Promise<WebhookEndpointWithSecret> {
  const folderId = body.folder_id?.toLowerCase() ?? null;
  if (folderId) await requireOwnIds(deps.db, who.orgId, [{ field: 'folder_id', kind: 'folder', id: folderId }]);
  const now = deps.now();
  const id = uuidv7(now.getTime());
  const secret = newWebhookSecret();
  const sealed = await seal(deps.config, 'webhook-secret', id, secret);
  const cap = deps.config.webhookMaxEndpointsPerOrg;
  await deps.db.transaction(async (tx) => {
    // The organisation's row held: two creations at once cannot both pass the count.
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, who.orgId)).for('no key update');
    const [held] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, who.orgId));
    if (Number(held?.n ?? 0) >= cap) throw conflict(`An organization can have at most ${cap} webhooks: delete one first`);
    await tx.insert(webhookEndpoints).values({
      id,
      orgId: who.orgId,
      url: body.url,
      events: body.events,
      folderId,
      secret: sealed,
      createdBy: who.userId,
      createdAt: now,
      updatedAt: now,
    });
  });
  return presentWebhookWithSecret(await endpointView(deps.db, who, id), deps.now(), secret);
}

/** PUT webhooks/{id}: its address, events and subtree; `enabled: true` switches a disabled one back on (its failures forgotten). */
export async function updateWebhook(deps: Deps, who: Member, id: string, body: UpdateWebhookParsed): Promise<WebhookEndpoint> {
  const { row } = await endpointView(deps.db, who, id);
  const folderId = body.folder_id?.toLowerCase() ?? null;
  if (folderId) await requireOwnIds(deps.db, who.orgId, [{ field: 'folder_id', kind: 'folder', id: folderId }]);
  const switching =
    body.enabled === undefined || body.enabled === row.enabled
      ? {}
      : body.enabled
        ? { enabled: true, disabledAt: null, failingSince: null }
        : { enabled: false, disabledAt: deps.now() };
  await deps.db
    .update(webhookEndpoints)
    // Saved: an endpoint backing off after a failure is tried again at once (its address may be fixed).
    .set({ url: body.url, events: body.events, folderId, updatedAt: deps.now(), retryAt: null, ...switching })
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.orgId, who.orgId)));
  return presentWebhook(await endpointView(deps.db, who, row.id), deps.now());
}

/** DELETE webhooks/{id}: with its deliveries and their log. */
export async function deleteWebhook(deps: Deps, who: Member, id: string): Promise<void> {
  const { row } = await endpointView(deps.db, who, id);
  await deps.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.orgId, who.orgId)));
}

/**
 * POST webhooks/{id}/rotate-secret: a new secret, answered this once. The one it replaces keeps signing
 * beside it for WEBHOOK_SECRET_OVERLAP_HOURS (`previous_secret_expires_at`), so a receiver can switch
 * without missing a delivery; it stays sealed as it was (same purpose and endpoint id).
 */
export async function rotateWebhookSecret(deps: Deps, who: Member, id: string): Promise<WebhookEndpointWithSecret> {
  const view = await endpointView(deps.db, who, id);
  const secret = newWebhookSecret();
  const now = deps.now();
  const sealed = await seal(deps.config, 'webhook-secret', view.row.id, secret);
  await rotateSecret(deps.db, { id: view.row.id, orgId: who.orgId }, sealed, new Date(now.getTime() + deps.config.webhookSecretOverlapMs), now);
  return presentWebhookWithSecret(await endpointView(deps.db, who, view.row.id), now, secret);
}

/** GET webhooks/{id}/deliveries: every attempt, newest first, a page at a time. */
export async function listWebhookAttempts(deps: Deps, who: Member, id: string, query: ListWebhookAttemptsParsed): Promise<List<WebhookAttempt>> {
  const { row } = await endpointView(deps.db, who, id);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ attempt: webhookAttempts, eventType: webhookDeliveries.eventType, status: webhookDeliveries.status })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookAttempts.endpointId, row.id))
      .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id))
      .offset(query.skip)
      .limit(query.limit),
    deps.db.select({ n: count() }).from(webhookAttempts).where(eq(webhookAttempts.endpointId, row.id)),
  ]);
  return { results: rows.map((r) => presentWebhookAttempt(r.attempt, r)), total: Number(total?.n ?? 0) };
}

/** POST webhooks/{id}/deliveries/{deliveryId}/resend: the same message (same webhook-id) again, now, with a fresh day of retries. */
export async function resendWebhookDelivery(deps: Deps, who: Member, id: string, deliveryId: string): Promise<{ delivery_id: string }> {
  const { row } = await endpointView(deps.db, who, id);
  if (!isUuid(deliveryId)) throw deliveryNotFound();
  if (!(await requeueDelivery(deps.db, row.id, deliveryId.toLowerCase(), deps.now()))) throw deliveryNotFound();
  deps.webhooks.deliverSoon();
  return { delivery_id: deliveryId.toLowerCase() };
}

/** POST webhooks/{id}/test: a `webhook.test` event to this endpoint (whatever its events, even switched off); tried once. */
export async function sendWebhookTest(deps: Deps, who: Member, id: string): Promise<{ delivery_id: string }> {
  const { row } = await endpointView(deps.db, who, id);
  const now = deps.now();
  const deliveryId = uuidv7(now.getTime());
  await queueOneDelivery(deps.db, {
    id: deliveryId,
    endpointId: row.id,
    orgId: who.orgId,
    type: WEBHOOK_TEST_EVENT,
    at: now,
    payload: {
      type: WEBHOOK_TEST_EVENT,
      timestamp: now.toISOString(),
      data: { organization_id: who.orgId, endpoint_id: row.id, sent_by: who.username },
    },
  });
  deps.webhooks.deliverSoon();
  return { delivery_id: deliveryId };
}
