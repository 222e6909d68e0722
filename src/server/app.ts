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
import { healthRoutes } from './operations/health.ts';
import { DUMP_PATH, type BackupDoor } from './operations/backup-door.ts';
import { bearerMatches, type Metrics } from './operations/metrics.ts';
import type { Drain } from './operations/shutdown.ts';
import { createStaticSite } from './http/static-site.ts';
import { uploadOrigins } from './storage/index.ts';

export interface AppOptions {
  /** The clean stop (operations/shutdown.ts): counts requests in flight, refuses new ones once stopping. */
  drain?: Drain;
  /** /metrics (operations/metrics.ts), when METRICS_TOKEN or METRICS_PORT asks for it. */
  metrics?: Metrics;
  /** PGlite: the running process's copy of its data for `npm run backup` (operations/backup-door.ts). */
  backupDoor?: BackupDoor;
}

export function createApp(deps: Deps, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // First: every answer, the API's and the site's, carries X-Request-Id, also written in its log line.
  app.use('*', requestId());
  if (deps.config.requestLog) app.use('*', requestLog());
  const { metrics } = options;
  if (metrics) app.use('*', metrics.middleware());
  const token = deps.config.metricsToken;
  if (metrics && token) {
    app.get('/metrics', (c) => {
      if (bearerMatches(c.req.header('authorization'), token)) return metrics.answer(c);
      c.header('WWW-Authenticate', 'Bearer');
      return problemAnswer(c, 401, 'Could not validate credentials');
    });
  }
  // The load balancer's probes (operations/health.ts): no sign-in, nothing compressed or cached; answered
  // while the server stops too (/readyz: 503), before the drain refuses everything else.
  app.route('/', healthRoutes(deps, { stopping: () => options.drain?.isStopping ?? false }));
  const door = options.backupDoor;
  if (door) app.get(DUMP_PATH, (c) => door.answer(c));
  if (options.drain) app.use('*', options.drain.middleware());
  app.use('*', securityHeaders(deps.config));
  app.use('*', compression());
  if (deps.config.embedOrigins.length) app.use('/api/v1/*', embedCors(deps.config.embedOrigins));
  // The session cookie, for the HTML's first data only (auth/session-cookie.ts): set and cleared around the auth calls.
  app.use('/api/v1/auth/*', sessionCookies(deps.config));
  const api = createApi(deps);
  app.route('/api/v1', api);
  // Pages whose HTML carries their first data read it through the services (http/page-data.ts).
  const site = createStaticSite(deps.config.distDir, uploadOrigins(deps.config), deps.config.embedOrigins, deps);
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
