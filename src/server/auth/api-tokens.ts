/**
 * Personal API tokens (issue #34; docs/decisions.md "API tokens"): `Authorization: Bearer rb_pat_…` signs
 * its user in — by the API's one sign-in (auth/authenticate.ts, over api.ts ACCESS) — in the token's ONE
 * organisation, with the membership, admin flag and roles the user has there at that moment (one
 * statement, db/queries/callers.ts `callerOfApiToken`): removing the user from the organisation or a role
 * from the user takes effect at the next request. Unknown, revoked or expired → 401 'Could not validate
 * credentials' (the same as a bad session token); the user no longer a member of its organisation → 401
 * too. A `read` token gets 403 on every call but GET and HEAD.
 *
 * A token is told by its prefix alone: TOKEN_REFUSALS (THE table) names the calls no token may make —
 * its user's sessions, tokens, two-factor, password, e-mail address and profile (by the account's calls and
 * by the admin area's edit of its own user), organisations other than its own, and billing — answered 403
 * with the table's detail before any lookup or handler (an own-user refusal: right after the sign-in). It is never a
 * session cookie (auth/session-cookie.ts refuses to read or set one that starts with `rb_pat_`).
 *
 * Stored as SHA-256 (auth/tokens.ts hashToken), like login sessions' and share links' tokens: 256 random
 * bits need no slow hash. `last_used_at` is written at most once a minute; the first use records the
 * activity event ApiTokenUsed (in the transaction that notes it, so it is recorded once).
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { API_TOKEN_PREFIX } from '../../shared/api/api-tokens.ts';
import type { Database } from '../db/connection.ts';
import { apiTokens } from '../db/schema.ts';
import type { ApiTokenRow, Caller, UserRow } from '../env.ts';
import { forbidden } from '../errors.ts';
import { bearerToken } from './bearer.ts';
import { entryOf } from './path-table.ts';
import { recordActivity } from '../services/activity.ts';
import { apiTokenEvent } from '../services/api-token-events.ts';

export { API_TOKEN_PREFIX };

/** A new token: the prefix and 256 random bits (43 base64url characters). */
export function newApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** The API token of a request, or undefined when it brings none (no bearer, or another kind). */
export function apiTokenOf(c: Context): string | undefined {
  const token = bearerToken(c);
  return token?.startsWith(API_TOKEN_PREFIX) ? token : undefined;
}

const SESSIONS = 'An API token cannot sign in or manage sessions';
const TOKENS = 'An API token cannot manage API tokens';
const TWO_FACTOR = 'An API token cannot manage two-factor authentication';
const PASSWORD = 'An API token cannot manage the password';
export const PROFILE = 'An API token cannot change the e-mail address or profile';
const ORGANISATIONS = 'An API token works in its own organization only';
const BILLING = 'An API token cannot manage billing';
const SINGLE_SIGN_ON = 'An API token cannot manage single sign-on';
const ERASURE = 'An API token cannot delete an account';
const EXPORT = "An API token cannot export the organisation's data";

/**
 * A refusal of the calls on the token's OWN user only: the address's segment after the entry's prefix is a
 * user id, and the call is refused when it is the token's user's (a token of an org admin still changes
 * the other members: an integration that keeps a directory in step does exactly that).
 */
export interface OwnUserRefusal {
  ownUser: string;
}

/**
 * THE calls no API token may make, whatever its scope and its user (a path prefix under /api/v1,
 * optionally with a method, as in api.ts ACCESS: the longest prefix that holds the address decides) →
 * the 403's detail, or `{ ownUser: detail }` for a call refused on the token's own user only. Every call
 * of the API not named here is the user's in the token's organisation, as api.ts ACCESS and the services
 * decide (tests/api/api-tokens/token-sweep.test.ts tries every route).
 */
export const TOKEN_REFUSALS: Readonly<Record<string, string | OwnUserRefusal>> = {
  // Sessions: signing in or up, signing out, the sessions list, the live stream (it follows a login session).
  'POST /auth/access-token': SESSIONS,
  'POST /auth/register': SESSIONS,
  'POST /auth/activate': SESSIONS,
  'POST /auth/logout': SESSIONS,
  '/auth/me/sessions': SESSIONS,
  '/documentation/notifications/stream': SESSIONS,
  // Tokens: the user's own and an admin's view of the members'.
  '/auth/api-tokens': TOKENS,
  '/users/api-tokens': TOKENS,
  // Two-factor authentication.
  '/auth/set-otp': TWO_FACTOR,
  // The password: a reset asked for or made, the first password of an account an admin made.
  'POST /auth/send-password-reset': PASSWORD,
  'POST /auth/reset-password': PASSWORD,
  'POST /auth/set-new-password': PASSWORD,
  // The e-mail address and the rest of the profile (username, full name, avatar).
  'PUT /auth/me': PROFILE,
  '/auth/me/email-change': PROFILE,
  'POST /auth/confirm-email': PROFILE,
  '/users/sign-avatar-upload': PROFILE,
  // The admin area's edit of a member (its name, e-mail address, admin flag, roles), on the token's own user:
  // the profile by another route. The other members stay an admin's token's to change.
  'PUT /users': { ownUser: PROFILE },
  // Erasing an account (GDPR Art. 17): its own, or a member's.
  'POST /auth/delete-account': ERASURE,
  'DELETE /users/accounts': ERASURE,
  // Organisations: a token stays in its own (no switching, creating, joining; no other's invitations).
  'POST /auth/select-org': ORGANISATIONS,
  'POST /auth/create-org': ORGANISATIONS,
  '/auth/invites': ORGANISATIONS,
  'POST /auth/invite': ORGANISATIONS,
  // The organisation's data to take away (issue #47): everything at once, for a signed-in admin.
  '/settings/export.zip': EXPORT,
  // Billing, all of it.
  '/billing': BILLING,
  // Single sign-on's connection (issue #48): who may sign in at all is for a signed-in admin to change.
  '/sso': SINGLE_SIGN_ON,
};

/** The detail of the refusal of an API token's call whoever its user is, or undefined when the table refuses it to no token. */
export function tokenRefusalOf(method: string, path: string): string | undefined {
  const refusal = entryOf(TOKEN_REFUSALS, method, path);
  return typeof refusal === 'string' ? refusal : undefined;
}

/** The prefix of a call's own-user refusal and its detail, or undefined when it has none. */
function ownUserRefusalOf(method: string, path: string): { prefix: string; detail: string } | undefined {
  const refusal = entryOf(TOKEN_REFUSALS, method, path);
  if (refusal === undefined || typeof refusal === 'string') return undefined;
  const key = Object.keys(TOKEN_REFUSALS).find((k) => TOKEN_REFUSALS[k] === refusal)!;
  return { prefix: key.slice(key.indexOf(' ') + 1), detail: refusal.ownUser };
}

/** The user id a call names after its own-user refusal's prefix (`PUT /users/{id}`), or undefined. */
export function ownUserRefusalTarget(method: string, path: string): { userId: string; detail: string } | undefined {
  const refusal = ownUserRefusalOf(method, path);
  const userId = refusal ? path.slice(refusal.prefix.length + 1).split('/')[0] : undefined;
  return refusal && userId ? { userId, detail: refusal.detail } : undefined;
}

/** After the sign-in: refuses (403) a token's call on its own user where the table says so (`{ ownUser }`). */
export function refuseOwnUserCall(caller: Caller, method: string, path: string): void {
  if (caller.apiToken === null) return;
  const target = ownUserRefusalTarget(method, path);
  // Compared as UUIDs are (any case): the database finds the same user by either.
  if (target && target.userId.toLowerCase() === caller.user.id.toLowerCase()) throw forbidden(target.detail);
}

/** GET and HEAD: all a `read` token may call. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
export const READ_ONLY = 'This API token is read only';

/**
 * Notes the token's use at most once a minute (the list's "last used"); the first use also records
 * ApiTokenUsed, in the same transaction, by the one request that sets `last_used_at` from null.
 */
export async function touchApiToken(db: Database, now: Date, token: ApiTokenRow, user: UserRow): Promise<void> {
  if (token.lastUsedAt === null) {
    await db.transaction(async (tx) => {
      const [first] = await tx
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(and(eq(apiTokens.id, token.id), isNull(apiTokens.lastUsedAt)))
        .returning({ id: apiTokens.id });
      if (first) await recordActivity(tx, apiTokenEvent('ApiTokenUsed', token, { id: user.id, username: user.username }, user.id, now));
    });
  } else if (now.getTime() - token.lastUsedAt.getTime() > 60_000) {
    const minuteAgo = new Date(now.getTime() - 60_000);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(apiTokens.id, token.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, minuteAgo))));
  } else return;
  token.lastUsedAt = now;
}
