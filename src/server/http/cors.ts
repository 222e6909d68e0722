/**
 * CORS for the pages that embed the elements (issue #29, EMBED_ORIGINS): a page of a listed origin may
 * call /api/v1 from the browser. Only exactly the listed origins (scheme, host and port), only what the
 * elements send — GET and POST with a bearer token, a JSON body, an Idempotency-Key, an If-None-Match —
 * and never credentials in the browser's sense (cookies): the elements carry their token themselves.
 *
 * The preflight (OPTIONS with Access-Control-Request-Method) of a listed origin is answered here, 204,
 * before any area authenticates: it carries no token, so it used to get 401. Any other origin gets no
 * CORS headers at all and its OPTIONS goes on as before; the browser then refuses the call. Mounted only
 * when EMBED_ORIGINS is set (src/server/app.ts), so without it every answer is as it was.
 */
import type { MiddlewareHandler } from 'hono';

/** What the elements send (elements/shared/element-transport.ts through src/shared/transport). */
export const CORS_METHODS = ['GET', 'POST'] as const;
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'] as const;
/**
 * What a page of a listed origin may read of an answer besides the CORS-safelisted headers: every header the
 * API sends for its callers — the validator, the throttles' (Retry-After and the IETF draft's RateLimit and
 * RateLimit-Policy), the request id to quote in a report, a replayed creation's mark, a file's name. (The API
 * sends no Location: it answers no redirect and names what it creates in the body.)
 */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'RateLimit',
  'RateLimit-Policy',
  'X-Request-Id',
  'Idempotent-Replayed',
  'Content-Disposition',
] as const;
/** How long a browser may keep a preflight's answer (Chromium keeps it 2 hours at most). */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/**
 * EMBED_ORIGINS as origins in the form a browser sends them in `Origin` (lower-case scheme and host, no
 * default port, no trailing slash), so that matching is a plain comparison. Anything that is not an
 * origin — a path, `*`, `null`, a bare host name — stops the server at start.
 */
export function parseEmbedOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const origins = value.split(',').map((entry) => {
    const text = entry.trim();
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    const plain = url && /^https?:$/.test(url.protocol) && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash && !text.endsWith('#');
    if (!url || !plain || !/^https?:\/\/[^/?#]+\/?$/i.test(text)) {
      throw new Error(`EMBED_ORIGINS must be origins like https://intranet.example.com, separated by commas, not ${JSON.stringify(text)}`);
    }
    return url.origin;
  });
  return [...new Set(origins)];
}

/** Adds `name` to the answer's Vary unless it is there already. */
export function addVary(headers: Headers, name: string): void {
  const vary = headers.get('Vary');
  if (vary === '*') return;
  const names = (vary ?? '').split(',').map((v) => v.trim().toLowerCase());
  if (names.includes(name.toLowerCase())) return;
  headers.set('Vary', vary ? `${vary}, ${name}` : name);
}

export function embedCors(origins: readonly string[]): MiddlewareHandler {
  const listed = new Set(origins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && listed.has(origin);
    if (allowed && c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Methods', CORS_METHODS.join(', '));
      c.header('Access-Control-Allow-Headers', CORS_REQUEST_HEADERS.join(', '));
      c.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      c.header('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
      return c.body(null, 204);
    }
    await next();
    // Whether an answer carries CORS headers depends on Origin, whatever this request's Origin was.
    addVary(c.res.headers, 'Origin');
    if (allowed) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
    }
    return undefined;
  };
}
