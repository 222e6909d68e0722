/**
 * The load balancer's two questions (Kubernetes' probe conventions), answered without sign-in and without
 * versions or paths:
 * - GET /healthz — "is the process alive?": 200 while it runs (also while it shuts down: restarting it
 *   would not help).
 * - GET /readyz — "may it take requests?": 200 when the database answers, every migration is applied and
 *   the upload storage takes a file (operations/readiness.ts); 503 naming the failing parts; 503 too once
 *   the process is shutting down (operations/shutdown.ts), so the balancer sends new requests elsewhere.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../env.ts';
import { readiness } from './readiness.ts';

export interface HealthOptions {
  /** True once the process has begun to shut down. */
  stopping: () => boolean;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

export function healthRoutes(deps: Deps, options: HealthOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));
  app.get('/readyz', async (c) => {
    if (options.stopping()) return c.json({ status: 'stopping', failing: ['shutdown'] }, 503, NO_STORE);
    const { ready, checks } = await readiness(deps.db, deps.config);
    const failing = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([part]) => part);
    return c.json(ready ? { status: 'ready', checks } : { status: 'not ready', failing, checks }, ready ? 200 : 503, NO_STORE);
  });
  return app;
}
