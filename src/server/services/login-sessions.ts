/**
 * The caller's own login sessions (GET and DELETE auth/me/sessions): the live ones, newest use first, and
 * ending one of them. Another user's session, an ended one or a malformed id answers 404.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { LoginSession } from '../../shared/api/accounts.ts';
import { isUuid } from '../../shared/ids.ts';
import { isLive } from '../auth/login-sessions.ts';
import { loginSessions } from '../db/schema.ts';
import type { Deps, SessionCaller } from '../env.ts';
import { notFound } from '../errors.ts';
import { presentLoginSession } from '../presenters/accounts.ts';

/** The caller's live sessions, the one it calls with marked current. */
export async function ownLoginSessions(deps: Deps, caller: SessionCaller): Promise<LoginSession[]> {
  const rows = await deps.db
    .select()
    .from(loginSessions)
    .where(and(eq(loginSessions.userId, caller.user.id), isNull(loginSessions.endedAt), gt(loginSessions.expiresAt, deps.now())))
    .orderBy(desc(loginSessions.lastAccessedAt));
  return rows.filter((s) => isLive(s, deps)).map((s) => presentLoginSession(s, caller.session.id));
}

/** Ends one of the user's own live sessions (its token is refused from now on); else 404. */
export async function endOwnLoginSession(deps: Deps, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Session not found');
  const [ended] = await deps.db
    .update(loginSessions)
    .set({ endedAt: deps.now() })
    .where(and(eq(loginSessions.id, id), eq(loginSessions.userId, userId), isNull(loginSessions.endedAt)))
    .returning({ id: loginSessions.id });
  if (!ended) throw notFound('Session not found');
}
