/**
 * Middleware: the bearer token → the caller (user and login session) and their membership of the
 * session's current organisation, in one SQL statement (db/queries/callers.ts), into `c.var.caller` and
 * `c.var.membership`; or 401 'Could not validate credentials'.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { callerOfToken } from '../db/queries/callers.ts';
import type { AppEnv, SignedInEnv } from '../env.ts';
import { notAuthenticated } from '../errors.ts';
import { isLive, touchSession } from './login-sessions.ts';
import { hashToken } from './tokens.ts';

export function bearerToken(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export const authenticate = createMiddleware<SignedInEnv>(async (c, next) => {
  const deps = c.var.deps;
  const token = bearerToken(c);
  if (!token) throw notAuthenticated();
  const found = await callerOfToken(deps.db, hashToken(token), deps.now());
  if (!found || !found.user.isActive || !isLive(found.session, deps)) throw notAuthenticated();
  await touchSession(deps.db, deps.now(), found.session);
  c.set('caller', { user: found.user, session: found.session });
  c.set('membership', found.membership);
  await next();
});

/** The address the request came from, for the sessions list and the per-IP throttle (X-Forwarded-For only with TRUST_PROXY). */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && (c.var as Partial<AppEnv['Variables']>).deps?.config.trustProxy) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
