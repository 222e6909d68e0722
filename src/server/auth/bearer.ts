/** The bearer token of a request's Authorization header (every kind: a login session's, a share link's, an API token's). */
import type { Context } from 'hono';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}
