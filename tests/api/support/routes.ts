/**
 * Every route of the API, enumerated from the Hono app itself (`app.routes`), so that a sweep over them
 * covers a new route without being edited: the sign-in sweep (sign-in-sweep.test.ts), the share tokens'
 * (share-links/token-sweep.test.ts), the admin calls' (admin-route-sweep.test.ts), the fuzz (fuzz.test.ts).
 */
import { createApi } from '../../../src/server/api.ts';
import type { Deps } from '../../../src/server/env.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** `METHOD /path` as Hono names each concrete route, under /api/v1 (middleware entries — `ALL`, `*` — are not routes), sorted. */
export function apiRoutes(deps: Deps): string[] {
  const routes = createApi(deps)
    .routes.filter((r) => METHODS.has(r.method) && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

/**
 * A route's address (without the leading slash), each parameter filled: `:kind{folders|documents}` with its
 * first choice, `:version` with 1, any other with `id()`.
 */
export function addressOf(path: string, id: () => string): string {
  return path
    .replace(/:\w+\{([^|}]+)[^}]*\}/g, '$1')
    .replace(/:version\b/g, '1')
    .replace(/:\w+/g, () => id())
    .replace(/^\//, '');
}
