/**
 * The whole server as one Hono app: security headers, request log, compression, CORS for EMBED_ORIGINS
 * (before the API authenticates: a preflight carries no token), the API and the built site.
 */
import { Hono } from 'hono';
import { createApi } from './api.ts';
import { ssoFlow } from './routes/sso-flow.ts';
import { sessionCookies } from './auth/session-cookie.ts';
import type { AppEnv, Deps } from './env.ts';
import { compression } from './http/compression.ts';
import { embedCors } from './http/cors.ts';
import { problemAnswer } from './http/error-handler.ts';
import { requestId } from './http/request-id.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createStaticSite } from './http/static-site.ts';
import { uploadOrigins } from './storage/index.ts';

export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // First: every answer, the API's and the site's, carries X-Request-Id, also written in its log line.
  app.use('*', requestId());
  app.use('*', securityHeaders(deps.config));
  if (deps.config.requestLog) app.use('*', requestLog());
  app.use('*', compression());
  if (deps.config.embedOrigins.length) app.use('/api/v1/*', embedCors(deps.config.embedOrigins));
  // The session cookie, for the HTML's first data only (auth/session-cookie.ts): set and cleared around the auth calls.
  app.use('/api/v1/auth/*', sessionCookies(deps.config));
  const api = createApi(deps);
  app.route('/api/v1', api);
  // Pages whose HTML carries their first data call the API in process (http/first-answers.ts).
  const site = createStaticSite(
    deps.config.distDir,
    uploadOrigins(deps.config),
    deps.config.embedOrigins,
    (address, init) => Promise.resolve(api.request(address, init)),
    deps.config.trustProxy,
  );
  // The one page under /api/: the API described for people (src/pages/api/docs.astro), a shell of the site,
  // also at its file's address, which the service worker precaches with every shell.
  app.on(['GET', 'HEAD'], ['/api/docs', '/api/docs/index.html'], site);
  // Addresses under /api/ but outside /api/v1 (the API answers its own unknown addresses, http/unrouted.ts):
  // without this they would fall through to the site below and get the HTML not-found page.
  app.all('/api/*', (c) => problemAnswer(c, 404, 'Not found'));
  // Single sign-on's flow (issue #48): the browser is sent here and back, so it is the site's, not the API's.
  app.use('/auth/sso/*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.route('/auth/sso', ssoFlow);
  app.get('*', site);
  app.on('HEAD', '*', site);
  return app;
}
