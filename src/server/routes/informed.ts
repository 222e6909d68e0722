/**
 * Staying informed (issue #12; accounts §3, §7): `documentation/favorites`, `documentation/subscriptions`,
 * `documentation/notifications` (+ `/mark-read`) and `documentation/{folders|documents}/{id}/favorite` and
 * `…/subscription`. Any member (api.ts ACCESS).
 */
import { Hono, type Context } from 'hono';
import { markReadBody, notificationsQuery, subscribeBody } from '../../shared/api/notifications-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { kindParams } from '../openapi/answers/documentation.ts';
import { favouriteEntryAnswer, notificationListAnswer, subscriptionEntryAnswer } from '../openapi/answers/informed.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import type { ItemKind } from '../../shared/api/documentation.ts';
import { favourite, listFavourites, listSubscriptions, subscribe, unfavourite, unsubscribe } from '../services/notifications/marks.ts';
import { listNotifications, markRead } from '../services/notifications/panel.ts';

export const informed = new Hono<MemberEnv>();

const KIND = ':kind{folders|documents}';
const kindOf = (c: Context<MemberEnv>): ItemKind => (c.req.param('kind') === 'folders' ? 'folder' : 'document');

// ─── Favourites ──────────────────────────────────────────────────────────────────────────────────

informed.get(
  '/favorites',
  operation({
    summary: 'List my favourites',
    description: 'The favourite folders and documents the caller may still Read, by name.',
    tag: 'Favourites and subscriptions',
    answers: { 200: listOf(favouriteEntryAnswer) },
  }),
  async (c) => {
    return c.json(await listFavourites(c.var.deps, c.var.member));
  },
);

informed.post(
  `/${KIND}/:id/favorite`,
  operation({ summary: 'Add an item to my favourites', tag: 'Favourites and subscriptions', params: kindParams, answers: { 204: null }, errors: [404] }),
  async (c) => {
    await favourite(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
    return c.body(null, 204);
  },
);

informed.delete(
  `/${KIND}/:id/favorite`,
  operation({ summary: 'Remove an item from my favourites', tag: 'Favourites and subscriptions', params: kindParams, answers: { 204: null }, errors: [404] }),
  async (c) => {
    await unfavourite(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
    return c.body(null, 204);
  },
);

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────────

informed.get(
  '/subscriptions',
  operation({ summary: 'List my subscriptions', tag: 'Favourites and subscriptions', answers: { 200: listOf(subscriptionEntryAnswer) } }),
  async (c) => {
    return c.json(await listSubscriptions(c.var.deps, c.var.member));
  },
);

informed.post(
  `/${KIND}/:id/subscription`,
  operation({
    summary: 'Subscribe to an item (or change the subscription’s options)',
    description: 'An empty body subscribes with both options false.',
    tag: 'Favourites and subscriptions',
    params: kindParams,
    body: subscribeBody,
    bodyOptional: true,
    answers: { 200: subscriptionEntryAnswer },
    errors: [404],
  }),
  async (c) => {
    // An empty body is the defaults (both options false).
    const body = (await c.req.text()).trim() === '' ? subscribeBody.parse({}) : await jsonBody(c, subscribeBody);
    return c.json(await subscribe(c.var.deps, c.var.member, kindOf(c), c.req.param('id'), body));
  },
);

informed.delete(
  `/${KIND}/:id/subscription`,
  operation({ summary: 'Unsubscribe from an item', tag: 'Favourites and subscriptions', params: kindParams, answers: { 204: null }, errors: [404] }),
  async (c) => {
    await unsubscribe(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
    return c.body(null, 204);
  },
);

// ─── Notifications ───────────────────────────────────────────────────────────────────────────────

informed.get(
  '/notifications',
  operation({
    summary: 'List my notifications',
    description: 'Newest first, with the unread count.',
    tag: 'Notifications',
    query: notificationsQuery,
    answers: { 200: notificationListAnswer },
  }),
  async (c) => {
    const page = queryOf(c, notificationsQuery);
    return c.json(await listNotifications(c.var.deps, c.var.member, page));
  },
);

informed.post(
  '/notifications/mark-read',
  operation({ summary: 'Mark notifications as read', tag: 'Notifications', body: markReadBody, answers: { 204: null } }),
  async (c) => {
    const ids = await jsonBody(c, markReadBody);
    await markRead(c.var.deps, c.var.member, ids);
    return c.body(null, 204);
  },
);
