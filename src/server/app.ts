/** The whole server as one Hono app: security headers, request log, compression, the API and the built site. */
import { Hono } from 'hono';
import { createApi } from './api.ts';
import type { AppEnv, Deps } from './env.ts';
import { compression } from './http/compression.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createStaticSite } from './http/static-site.ts';
import { uploadOrigins } from './storage/index.ts';

export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(deps.config));
  if (deps.config.requestLog) app.use('*', requestLog());
  app.use('*', compression());
  app.route('/api/v1', createApi(deps));
  // Once mounted, the API's own notFound is never consulted: without this, unknown API addresses would
  // fall through to the site below and get the HTML not-found page.
  app.all('/api/*', (c) => c.json({ detail: 'Not found' }, 404));
  const site = createStaticSite(deps.config.distDir, uploadOrigins(deps.config));
  app.get('*', site);
  app.on('HEAD', '*', site);
  return app;
}
