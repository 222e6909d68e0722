/** The whole server as one Hono app: security headers, request log, compression, the API and the built site. */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApi } from './api.ts';
import type { AppEnv, Deps } from './env.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createStaticSite } from './http/static-site.ts';

export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders);
  if (deps.config.requestLog) app.use('*', requestLog());
  app.use('*', compress());
  app.route('/api/v1', createApi(deps));
  const site = createStaticSite(deps.config.distDir);
  app.get('*', site);
  app.on('HEAD', '*', site);
  return app;
}
