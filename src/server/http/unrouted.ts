/**
 * The answer to an API address no route answered: 405 with `Allow` when the address is a route's under
 * other methods (RFC 9110 §15.5.6), 404 'Not found' otherwise — both as problem details (error-handler.ts).
 * Routes are read from the app itself (`app.routes`), once, at the first such request: a new route is
 * known without being listed here.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { pathInApi, patternOf } from '../auth/access.ts';
import { problemAnswer } from './error-handler.ts';

const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

interface RoutePattern {
  method: string;
  pattern: RegExp;
}

/** The methods `path` answers to, HEAD with GET; empty when it is no route's address. */
export function methodsOf(routes: readonly RoutePattern[], path: string): string[] {
  const methods = new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function unrouted(app: Hono<any>): MiddlewareHandler {
  let routes: RoutePattern[] | undefined;
  return async (c: Context) => {
    routes ??= app.routes
      .filter((r) => METHODS.has(r.method) && !r.path.includes('*'))
      .map((r) => ({ method: r.method, pattern: patternOf(r.path) }));
    const methods = methodsOf(routes, pathInApi(c));
    if (methods.length === 0) return problemAnswer(c, 404, 'Not found');
    c.header('Allow', methods.join(', '));
    return problemAnswer(c, 405, 'Method not allowed');
  };
}
