/**
 * The API under /api/v1: THE sign-in table (ACCESS), one sub-app per area, the one error handler, the body
 * limit. Each request passes, in this order: the server's parts and no-store; the 1 MB body limit (but
 * `uploads`, which has its own); the sign-in of its path (auth/access.ts `signIn` over ACCESS); then its
 * route (a POST with an Idempotency-Key, http/idempotency.ts, in between). No area or route signs a caller in on its own, so the order of the mounts below changes nothing
 * of who is let in (tests/api/sign-in-sweep.test.ts calls every route without credentials).
 *
 * Personal API tokens (issue #34, auth/api-tokens.ts) sign their user in by the same chains, in their one
 * organisation, and never make the calls of its table TOKEN_REFUSALS (403).
 *
 * Share tokens (issue #29) reach the calls of routes/shared-checklist.ts (THE allow-list, whose routes the
 * sign-in reads) and the signed upload, nothing else: anywhere else a share token is refused 401.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  MEMBER,
  MEMBER_EVEN_IF_EXPIRED,
  ORG_ADMIN,
  PUBLIC,
  SHARE_TOKEN,
  SIGNED_ADDRESS,
  SIGNED_IN,
  pathInApi,
  signIn,
  type AccessTable,
} from './auth/access.ts';
import { orgAdminsOnly, requireOrgAdmin } from './auth/membership.ts';
import type { AppEnv, Deps } from './env.ts';
import { bodyLimit } from './http/body-limit.ts';
import { etags } from './http/etag.ts';
import { rateLimitHeaders } from './http/rate-limit.ts';
import { idempotency } from './http/idempotency.ts';
import { renderError } from './http/error-handler.ts';
import { unrouted } from './http/unrouted.ts';
import { activityApi } from './routes/activity.ts';
import { aclSubjects } from './routes/acl-subjects.ts';
import { memberApiTokens, ownApiTokens } from './routes/api-tokens.ts';
import { auth, orgInvites } from './routes/auth.ts';
import { billingApi } from './routes/billing.ts';
import { buildInfo } from './routes/build-info.ts';
import { documentation } from './routes/documentation.ts';
import { effectivePermissionsApi } from './routes/effective-permissions.ts';
import { informed } from './routes/informed.ts';
import { notificationsStream } from './routes/notifications-stream.ts';
import { openApiRoute } from './routes/openapi.ts';
import { rolesApi } from './routes/roles.ts';
import { searchApi } from './routes/search.ts';
import { shareLinksApi } from './routes/share-links.ts';
import { sharedChecklist } from './routes/shared-checklist.ts';
import { settingsApi } from './routes/settings.ts';
import { sheetsApi } from './routes/sheets.ts';
import { avatarUploads, signedAvatars, signedMedia, uploadReceiver } from './routes/uploads.ts';
import { createUserApi, usersApi } from './routes/users.ts';
import { ssoApi } from './routes/sso.ts';
import { webhooksApi } from './routes/webhooks.ts';
import { workflow } from './routes/workflow.ts';
import { schedulesApi } from './routes/schedules.ts';

/**
 * THE table of who may call what: a path prefix under /api/v1 (optionally with a method) → the chain of
 * its calls (auth/access.ts). The longest prefix that holds an address decides, a method's entry before
 * one without; the order of the entries does not matter.
 */
export const ACCESS: AccessTable = {
  // An address of no area: no sign-in, so it is 404 'Not found' to anyone.
  '/': PUBLIC,
  '/_build-info': PUBLIC,
  // THE OpenAPI document of this API (routes/openapi.ts).
  '/openapi.json': PUBLIC,
  // Signing up and in, and the links mailed out (their token is the proof).
  '/auth': SIGNED_IN,
  'POST /auth/register': PUBLIC,
  'POST /auth/activate': PUBLIC,
  'POST /auth/access-token': PUBLIC,
  'POST /auth/send-password-reset': PUBLIC,
  'POST /auth/reset-password': PUBLIC,
  'POST /auth/set-new-password': PUBLIC,
  'POST /auth/confirm-email': PUBLIC,
  'GET /auth/invite': PUBLIC,
  '/auth/org-invites': ORG_ADMIN,
  '/auth/acl-subjects': MEMBER,
  '/documentation': MEMBER,
  '/documentation/trash': [...MEMBER, orgAdminsOnly('Only organization admins can see the trash')],
  '/workflow': MEMBER,
  '/roles': MEMBER,
  'POST /roles': ORG_ADMIN,
  'PUT /roles': ORG_ADMIN,
  'DELETE /roles': ORG_ADMIN,
  '/users': ORG_ADMIN,
  // Any signed-in user's own avatar, in an organisation or not (issue 28), expired or not (issue #15).
  '/users/sign-avatar-upload': SIGNED_IN,
  '/activity': ORG_ADMIN,
  '/settings': ORG_ADMIN,
  '/webhooks': ORG_ADMIN,
  // Single sign-on's connection (issue #48); its flow is the site's (routes/sso-flow.ts).
  '/sso': ORG_ADMIN,
  // Billing stays open to an expired organisation, so an admin can always pay; the webhook is Stripe's (signed body).
  '/billing': MEMBER_EVEN_IF_EXPIRED,
  'POST /billing/create-checkout-session': [...MEMBER_EVEN_IF_EXPIRED, requireOrgAdmin],
  '/billing/webhook': PUBLIC,
  // The signature is the permission: the signed upload (a share link's photos too), the signed addresses of files.
  '/uploads': SIGNED_ADDRESS,
  '/media': PUBLIC,
  '/avatars': PUBLIC,
  // A share token's own read (routes/shared-checklist.ts); anyone else gets 401.
  '/share': SHARE_TOKEN,
};

export function createApi(deps: Deps): Hono<AppEnv> {
  const api = new Hono<AppEnv>({ strict: false });
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Every GET answered 200 with JSON: its ETag, and 304 to a repeat that names it (http/etag.ts).
  api.use('*', etags());
  // The throttled calls' RateLimit and RateLimit-Policy, from what the throttle counted (http/rate-limit.ts).
  api.use('*', rateLimitHeaders());
  // Signed uploads carry files up to MAX_UPLOAD_BYTES, with a limit of their own (routes/uploads.ts).
  const limit = bodyLimit(deps.config.bodyLimit);
  api.use('*', (c, next) => (pathInApi(c) === '/uploads' ? next() : limit(c, next)));
  api.use('*', signIn(ACCESS, sharedChecklist.routes) as MiddlewareHandler<AppEnv>);
  // A POST with an Idempotency-Key takes effect once per caller, address and key (http/idempotency.ts).
  api.use('*', idempotency(deps.db, deps.config, deps.now));
  // A share caller's answers at the addresses it shares with members (the checklist, its media, uploads,
  // submissions): they answer a share caller and pass anyone else on to the area's route of the same address.
  api.route('/', sharedChecklist);
  api.route('/uploads', uploadReceiver);
  api.route('/auth/acl-subjects', aclSubjects);
  api.route('/auth/org-invites', orgInvites);
  api.route('/auth/api-tokens', ownApiTokens);
  api.route('/auth', auth);
  api.route('/documentation/search', searchApi);
  api.route('/documentation/notifications/stream', notificationsStream);
  api.route('/documentation', informed);
  api.route('/documentation', sheetsApi);
  api.route('/documentation', shareLinksApi);
  api.route('/documentation', documentation);
  api.route('/documentation', effectivePermissionsApi);
  api.route('/media', signedMedia);
  api.route('/avatars', signedAvatars);
  api.route('/users/sign-avatar-upload', avatarUploads);
  api.route('/users/api-tokens', memberApiTokens);
  api.route('/users', usersApi);
  // `POST users/` (the slash) creates a user, `POST users` invites: routing is strict, so the slash is its own route.
  api.route('/users/', createUserApi);
  api.route('/roles', rolesApi);
  api.route('/activity', activityApi);
  api.route('/settings', settingsApi);
  api.route('/webhooks', webhooksApi);
  api.route('/workflow/schedules', schedulesApi);
  api.route('/sso', ssoApi);
  api.route('/workflow', workflow);
  api.route('/billing', billingApi);
  api.route('/_build-info', buildInfo);
  api.route('/openapi.json', openApiRoute(api, ACCESS));
  // Last: an address no route above answered (404, or 405 with Allow).
  api.all('*', unrouted(api));
  api.onError(renderError);
  return api;
}
