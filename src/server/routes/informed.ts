/**
 * Staying informed (issue #12; accounts §3, §7): `documentation/favorites`, `documentation/subscriptions`,
 * `documentation/notifications` (+ `/mark-read`) and `documentation/{folders|documents}/{id}/favorite` and
 * `…/subscription`. Any member (api.ts ACCESS).
 */
import { Hono, type Context } from 'hono';
import { markReadBody, notificationsQuery, subscribeBody } from '../../shared/api/notifications-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { queryOf } from '../http/query.ts';
import type { ItemKind } from '../../shared/api/documentation.ts';
import { favourite, listFavourites, listSubscriptions, subscribe, unfavourite, unsubscribe } from '../services/notifications/marks.ts';
import { listNotifications, markRead } from '../services/notifications/panel.ts';

export const informed = new Hono<MemberEnv>();

const KIND = ':kind{folders|documents}';
const kindOf = (c: Context<MemberEnv>): ItemKind => (c.req.param('kind') === 'folders' ? 'folder' : 'document');

// ─── Favourites ──────────────────────────────────────────────────────────────────────────────────

informed.get('/favorites', async (c) => {
  return c.json(await listFavourites(c.var.deps, c.var.member));
});

informed.post(`/${KIND}/:id/favorite`, async (c) => {
  await favourite(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
  return c.body(null, 204);
});

informed.delete(`/${KIND}/:id/favorite`, async (c) => {
  await unfavourite(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
  return c.body(null, 204);
});

// ─── Subscriptions ───────────────────────────────────────────────────────────────────────────────

informed.get('/subscriptions', async (c) => {
  return c.json(await listSubscriptions(c.var.deps, c.var.member));
});

informed.post(`/${KIND}/:id/subscription`, async (c) => {
  // An empty body is the defaults (both options false).
  const body = (await c.req.text()).trim() === '' ? subscribeBody.parse({}) : await jsonBody(c, subscribeBody);
  return c.json(await subscribe(c.var.deps, c.var.member, kindOf(c), c.req.param('id'), body));
});

informed.delete(`/${KIND}/:id/subscription`, async (c) => {
  await unsubscribe(c.var.deps, c.var.member, kindOf(c), c.req.param('id'));
  return c.body(null, 204);
});

// ─── Notifications ───────────────────────────────────────────────────────────────────────────────

informed.get('/notifications', async (c) => {
  const page = queryOf(c, notificationsQuery);
  return c.json(await listNotifications(c.var.deps, c.var.member, page));
});

informed.post('/notifications/mark-read', async (c) => {
  const ids = await jsonBody(c, markReadBody);
  await markRead(c.var.deps, c.var.member, ids);
  return c.body(null, 204);
});
