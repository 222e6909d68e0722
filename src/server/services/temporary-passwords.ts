/**
 * Passwords an admin chooses are temporary (issue #28; docs/admin-area.md "Passwords an admin chooses").
 * An account an admin made (`users.must_change_password`) is never signed in with the admin's password,
 * nor by its activation link alone: both end here, with a short-lived single-use token instead of a
 * session. The person sends it back with a password of their own (POST auth/set-new-password), which
 * clears the flag, voids the admin's password and signs them in.
 *
 * The token is an account token of purpose 'password-reset' (a new password is all it buys; the
 * account's mailed reset links are voided with it, and a mailed link used on the reset page clears the
 * flag too). set-new-password takes a token only while its account still has to change its password,
 * so a mailed reset link of any other account cannot sign anyone in past their two-factor code.
 */
import { eq } from 'drizzle-orm';
import type { SetNewPasswordBody } from '../../shared/api/accounts.ts';
import { NEW_PASSWORD_NEEDED } from '../../shared/api/accounts-new-password.ts';
import { issueAccountToken, useAccountToken, voidAccountTokens } from '../auth/account-tokens.ts';
import { SSO_REQUIRED } from '../auth/membership.ts';
import { endUserSessions, openLoginSession, type Device } from '../auth/login-sessions.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { clearSignInFailures } from '../auth/throttle.ts';
import type { Queryable } from '../db/connection.ts';
import { soleOrganisation } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import type { Deps } from '../env.ts';
import { badRequest, HttpError } from '../errors.ts';
import { passwordShutOut } from './sso/required.ts';

/** Long enough to type a new password twice; a token left unused costs only signing in again. */
export const PASSWORD_CHANGE_VALID_MS = 15 * 60 * 1000;

export const STEP_EXPIRED = 'This step has expired or was already used: sign in again';
export const SAME_PASSWORD = 'Choose a password other than the one you were given';
/** 422 as the body's own password rules answer: a sentence for the screen, the field for programs. */
const samePassword = () => new HttpError(422, SAME_PASSWORD, { errors: [{ field: 'password', message: SAME_PASSWORD }] });

/**
 * The answer to a right password (or an activation link) of an account whose password an admin chose:
 * 403 with the token of the next step. Issue it with `db` in the caller's transaction when it has one.
 */
export async function newPasswordNeeded(db: Queryable, userId: string, now: Date): Promise<HttpError> {
  const token = await issueAccountToken(db, userId, 'password-reset', now, PASSWORD_CHANGE_VALID_MS);
  return new HttpError(403, NEW_PASSWORD_NEEDED, { password_change_token: token });
}

/**
 * POST auth/set-new-password: uses the step's token once, sets the person's own password (the spec's
 * rules, checked by the body's schema; the admin's password itself is refused) and opens a login session.
 * A refusal leaves the token usable, so a weak password can be corrected within the 15 minutes.
 */
export async function setNewPassword(deps: Deps, body: Required<SetNewPasswordBody>, device: Device): Promise<string> {
  const passwordHash = await hashPassword(body.password);
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const token = await useAccountToken(tx, now, body.token, 'password-reset');
    const [user] = token ? await tx.select().from(users).where(eq(users.id, token.userId)).for('update') : [];
    if (!user?.mustChangePassword || !user.isActive) throw badRequest(STEP_EXPIRED);
    // Issue #48: as password sign-in (accounts.ts), refused where every organisation requires single sign-on.
    if (await passwordShutOut(tx, user.id)) throw badRequest(SSO_REQUIRED);
    if (await verifyPassword(user.passwordHash, body.password)) throw samePassword();
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, user.id));
    await voidAccountTokens(tx, user.id, 'password-reset');
    // Such an account has no session yet; ending any keeps "no session before the change" true regardless.
    await endUserSessions(tx, user.id, now);
    await clearSignInFailures(tx, user.id);
    return openLoginSession(tx, deps, user.id, device, await soleOrganisation(tx, user.id));
  });
}
