/**
 * Login sessions: one row per signed-in device, holding the hash of its bearer token. A session ends
 * when it has been idle too long, at its absolute expiry, or when it is ended (which revokes its token
 * at once).
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { loginSessions } from '../db/schema.ts';
import type { Caller, Deps, LoginSessionRow, SessionCaller } from '../env.ts';
import { forbidden } from '../errors.ts';
import { hashToken, newToken } from './tokens.ts';

export interface Device {
  ip: string | null;
  userAgent: string | null;
}

/** A session started by an organisation's identity provider (issue #48): its organisation, and whom the provider signed in. */
export interface SsoOrigin {
  orgId: string;
  issuer: string;
  subject: string;
  sid: string | null;
}

/** Opens a session for the user and returns its bearer token (shown once, never stored). */
export async function openLoginSession(
  db: Queryable,
  deps: Pick<Deps, 'config' | 'now'>,
  userId: string,
  device: Device,
  orgId: string | null,
  sso?: SsoOrigin,
): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await db.insert(loginSessions).values({
    id: uuidv7(now.getTime()),
    userId,
    tokenHash: hashToken(token),
    orgId,
    ipAddress: device.ip,
    userAgent: device.userAgent?.slice(0, 512) ?? null,
    createdAt: now,
    lastAccessedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.sessionAbsoluteMs),
    ...(sso ? { ssoOrgId: sso.orgId, ssoIssuer: sso.issuer, ssoSubject: sso.subject, ssoSid: sso.sid } : {}),
  });
  return token;
}

/** Notes the session's last access, at most once a minute (the idle timeout counts from it). */
export async function touchSession(db: Queryable, now: Date, session: LoginSessionRow): Promise<void> {
  if (now.getTime() - session.lastAccessedAt.getTime() <= 60_000) return;
  await db.update(loginSessions).set({ lastAccessedAt: now }).where(eq(loginSessions.id, session.id));
  session.lastAccessedAt = now;
}

export function isLive(session: LoginSessionRow, deps: Pick<Deps, 'config' | 'now'>): boolean {
  const now = deps.now().getTime();
  return (
    session.endedAt === null &&
    session.expiresAt.getTime() > now &&
    now - session.lastAccessedAt.getTime() <= deps.config.sessionIdleMs
  );
}

/** Ends every live session of a user, except `keepId` when given. */
export async function endUserSessions(db: Queryable, userId: string, now: Date, keepId?: string): Promise<void> {
  await db
    .update(loginSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(loginSessions.userId, userId),
        isNull(loginSessions.endedAt),
        keepId ? ne(loginSessions.id, keepId) : undefined,
      ),
    );
}

/** Ends one session (sign-out): its token is refused from now on. */
export async function endLoginSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.update(loginSessions).set({ endedAt: now }).where(and(eq(loginSessions.id, sessionId), isNull(loginSessions.endedAt)));
}

/**
 * The caller of a call that works on its login session (sign-out, organisations, invitations, the live
 * stream): an API token has none and is refused 403 (auth/api-tokens.ts TOKEN_REFUSALS refuses these
 * calls first; this keeps the rule where the session is used).
 */
export function sessionCallerOf(caller: Caller): SessionCaller {
  if (caller.apiToken !== null) throw forbidden('This call needs a signed-in session, not an API token');
  return caller;
}
