/** Middleware: the bearer token → the caller (user and login session), or 401 'Could not validate credentials'. */
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { users } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { notAuthenticated } from '../errors.ts';
import { findLiveSession } from './login-sessions.ts';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  const token = bearerToken(c);
  if (!token) throw notAuthenticated();
  const session = await findLiveSession(deps.db, deps, token);
  if (!session) throw notAuthenticated();
  const [user] = await deps.db.select().from(users).where(eq(users.id, session.userId));
  if (!user || !user.isActive) throw notAuthenticated();
  c.set('caller', { user, session });
  await next();
};

/** The address the request came from, for the sessions list and the per-IP throttle. */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && process.env.TRUST_PROXY === '1') return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
