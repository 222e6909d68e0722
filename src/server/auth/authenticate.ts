/**
 * Middleware: the bearer token → the caller (user and login session) and their membership of the
 * session's current organisation, in one SQL statement (db/queries/callers.ts), into `c.var.caller` and
 * `c.var.membership`; or 401 'Could not validate credentials'. A personal API token (`rb_pat_…`, issue
 * #34: auth/api-tokens.ts) is the same sign-in: its user, and their membership of the token's
 * organisation as it is now (none → 401); a read-only token gets 403 on anything but GET and HEAD.
 * A session's submission (`POST documentation/documents/{id}/data`) gets its checklist with its chain in
 * that same statement, into `c.var.signedInRead` (issue #46: one round trip fewer).
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { isUuid } from '../../shared/ids.ts';
import type { DocumentWithChain } from '../db/documentation-tree.ts';
import { callerOfApiToken, callerOfToken } from '../db/queries/callers.ts';
import type { AppEnv, Deps, Membership, SessionCaller, SignedInEnv } from '../env.ts';
import { forbidden, notAuthenticated } from '../errors.ts';
import { API_TOKEN_PREFIX, READ_METHODS, READ_ONLY, touchApiToken } from './api-tokens.ts';
import { bearerToken } from './bearer.ts';
import { isLive, touchSession } from './login-sessions.ts';
import { hashToken } from './tokens.ts';

export { bearerToken };

export const authenticate = createMiddleware<SignedInEnv>(async (c, next) => {
  const deps = c.var.deps;
  const token = bearerToken(c);
  if (!token) throw notAuthenticated();
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const viaToken = await callerOfApiToken(deps.db, hashToken(token), deps.now());
    if (!viaToken || !viaToken.user.isActive || !viaToken.membership) throw notAuthenticated();
    if (viaToken.token.scope === 'read' && !READ_METHODS.has(c.req.method)) throw forbidden(READ_ONLY);
    await touchApiToken(deps.db, deps.now(), viaToken.token, viaToken.user);
    c.set('caller', { user: viaToken.user, session: null, apiToken: viaToken.token });
    c.set('membership', viaToken.membership);
    return next();
  }
  const documentId = submittedDocumentOf(c);
  const found = await signInSession(deps, token, documentId);
  if (!found) throw notAuthenticated();
  c.set('caller', found.caller);
  c.set('membership', found.membership);
  if (documentId !== undefined) c.set('signedInRead', { documentId, document: found.document });
  return next();
});

/**
 * A login session's token → its caller and their current membership, the session touched; undefined when
 * the token names no live session of an active user. Also the signed-in pages' one sign-in (http/page-readers.ts).
 * With `documentId`: that document of the membership's organisation with its chain too, read by the same
 * statement (`document`; undefined when there is none).
 */
export async function signInSession(
  deps: Deps,
  token: string,
  documentId?: string,
): Promise<{ caller: SessionCaller; membership: Membership | null; document?: DocumentWithChain } | undefined> {
  const found = await callerOfToken(deps.db, hashToken(token), deps.now(), documentId);
  if (!found || !found.user.isActive || !isLive(found.session, deps)) return undefined;
  await touchSession(deps.db, deps.now(), found.session);
  return {
    caller: { user: found.user, session: found.session, apiToken: null },
    membership: found.membership,
    ...(found.document ? { document: found.document } : {}),
  };
}

/** `POST …/documentation/documents/{uuid}/data` (under the API's mount, wherever it is). */
const SUBMISSION = /\/documentation\/documents\/([^/]+)\/data\/?$/;

/**
 * A submission's checklist, read by the sign-in's own statement (issue #46: a submission's time under load
 * is its round trips): its id, or undefined for any other call. The read shows nothing by itself — the
 * handler judges it by the caller's rights as it would a read of its own (routes/checklist-data.ts).
 */
function submittedDocumentOf(c: Context): string | undefined {
  if (c.req.method !== 'POST') return undefined;
  const id = SUBMISSION.exec(c.req.path)?.[1];
  return id !== undefined && isUuid(id) ? id : undefined;
}

/** The address the request came from, for the sessions list and the per-IP throttle (X-Forwarded-For only with TRUST_PROXY). */
export function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded && (c.var as Partial<AppEnv['Variables']>).deps?.config.trustProxy) return forwarded;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
