/**
 * The API under /api/v1: one sub-app per area, the one error handler, the body limit. Share tokens (issue
 * #29) reach the calls of routes/shared-checklist.ts and nothing else: `refuseShareTokens` stands between
 * them and every other area.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from './env.ts';
import { refuseShareTokens } from './auth/share-links.ts';
import { bodyLimit } from './http/body-limit.ts';
import { renderError } from './http/error-handler.ts';
import { activityApi } from './routes/activity.ts';
import { aclSubjects } from './routes/acl-subjects.ts';
import { auth } from './routes/auth.ts';
import { billingApi } from './routes/billing.ts';
import { buildInfo } from './routes/build-info.ts';
import { documentation } from './routes/documentation.ts';
import { informed } from './routes/informed.ts';
import { notificationsStream } from './routes/notifications-stream.ts';
import { rolesApi } from './routes/roles.ts';
import { searchApi } from './routes/search.ts';
import { shareLinksApi } from './routes/share-links.ts';
import { sharedChecklist } from './routes/shared-checklist.ts';
import { settingsApi } from './routes/settings.ts';
import { sheetsApi } from './routes/sheets.ts';
import { avatarUploads, signedAvatars, signedMedia, uploadReceiver } from './routes/uploads.ts';
import { createUserApi, usersApi } from './routes/users.ts';
import { workflow } from './routes/workflow.ts';

export function createApi(deps: Deps): Hono<AppEnv> {
  const api = new Hono<AppEnv>({ strict: false });
  api.use('*', async (c, next) => {
    c.set('deps', deps);
    c.header('Cache-Control', 'no-store');
    await next();
  });
  // Signed uploads carry files up to MAX_UPLOAD_BYTES: mounted before the 1 MB limit below, with a limit of their own.
  api.route('/uploads', uploadReceiver);
  api.use('*', bodyLimit(deps.config.bodyLimit));
  // What a share token may do — THE allow-list — then every other route refuses one (401).
  api.route('/', sharedChecklist);
  api.use('*', refuseShareTokens);
  api.route('/auth/acl-subjects', aclSubjects);
  api.route('/auth', auth);
  api.route('/documentation/search', searchApi);
  // The live notifications (server-sent events), its own route before the informed ones.
  api.route('/documentation/notifications/stream', notificationsStream);
  // Favourites, subscriptions, notifications: before the area, whose `use('*')` would otherwise sign them in twice.
  api.route('/documentation', informed);
  // Result sheets' rows and exports (issue #13): before the area, for the same reason.
  api.route('/documentation', sheetsApi);
  // A checklist's share links (issue #29): before the area, for the same reason.
  api.route('/documentation', shareLinksApi);
  api.route('/documentation', documentation);
  api.route('/media', signedMedia);
  api.route('/avatars', signedAvatars);
  // Any member signs an avatar upload: before the users area (whose calls are for org admins).
  api.route('/users/sign-avatar-upload', avatarUploads);
  api.route('/users', usersApi);
  // `POST users/` (the slash) creates a user, `POST users` invites: routing is strict, so the slash is its own route.
  api.route('/users/', createUserApi);
  api.route('/roles', rolesApi);
  api.route('/activity', activityApi);
  api.route('/settings', settingsApi);
  api.route('/workflow', workflow);
  // Billing: open to an expired organisation; its webhook is Stripe's (no bearer, the raw body signed).
  api.route('/billing', billingApi);
  api.route('/_build-info', buildInfo);
  api.onError(renderError);
  return api;
}
