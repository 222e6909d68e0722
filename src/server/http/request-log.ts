/**
 * One log line per request (operations/logger.ts, pino: one JSON object a line): the request's id (the
 * answer's X-Request-Id, request-id.ts), method, the route's PATTERN — `/api/v1/documentation/documents/:id`,
 * a page's `/fill/:token` (src/routes.ts), never the address itself, so no token, code or id of a share
 * link in a path or a query ever reaches the log —, status, duration in milliseconds, and the caller's user
 * and organisation ids when known. Headers (cookies, bearer tokens) and bodies are never logged.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { matchRoute } from '../../routes.ts';
import { logger, type Logger } from '../operations/logger.ts';

/** Written by the request's middleware and handlers as they learn them; read here after the answer. */
interface LoggedVariables {
  requestId?: string;
  caller?: { user: { id: string } };
  membership?: { org: { id: string } } | null;
  member?: { orgId: string };
  share?: { orgId: string; linkId: string };
}

/** The pattern of the route that answered: the API's own, a page's from THE route table, or the kind of file. */
export function routePatternOf(c: Context): string {
  const pattern = routePath(c);
  if (pattern !== '*' && pattern !== '/*' && pattern !== '') return pattern;
  const page = matchRoute(c.req.path);
  if (page) return page.route.pattern;
  const first = c.req.path.split('/')[1] ?? '';
  return /^[a-z_][a-z0-9_-]*$/i.test(first) && c.req.path.includes('/', 1) ? `/${first}/*` : '/*';
}

function whoOf(c: Context<{ Variables: LoggedVariables }>): { userId?: string; orgId?: string; shareLinkId?: string } {
  const vars = c.var;
  const userId = vars.caller?.user.id;
  const orgId = vars.member?.orgId ?? vars.membership?.org.id ?? vars.share?.orgId;
  return {
    ...(userId ? { userId } : {}),
    ...(orgId ? { orgId } : {}),
    ...(vars.share ? { shareLinkId: vars.share.linkId } : {}),
  };
}

export function requestLog(log?: Logger): MiddlewareHandler<{ Variables: LoggedVariables }> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - start) * 10) / 10;
    const status = c.res.status;
    (log ?? logger())[status >= 500 ? 'error' : 'info'](
      { reqId: c.var.requestId, method: c.req.method, route: routePatternOf(c), status, durationMs, ...whoOf(c) },
      'request',
    );
  };
}
