/**
 * The account lifecycle: registration, activation, sign-in (with two-factor codes), password reset
 * and the user's own profile (a new e-mail address waits for its confirmation: email-change.ts).
 * Mail is queued in the transaction of the change that causes it and delivered after the commit.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { RegisterBody, RegisteredUser, UpdateMeBody } from '../../shared/api/accounts.ts';
import { uuidv7 } from '../../shared/ids.ts';
import { issueAccountToken, useAccountToken, voidAccountTokens } from '../auth/account-tokens.ts';
import { endUserSessions, openLoginSession, type Device } from '../auth/login-sessions.ts';
import { acceptOtp } from '../auth/one-time-codes.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../auth/passwords.ts';
import { admitAttempt, admitSignIn, clearSignInFailures, forgetAttempt, signInSucceeded, throttleKeys, throttleRules } from '../auth/throttle.ts';
import type { Queryable } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { findUserByLogin, soleOrganisation } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import type { Deps, UserRow } from '../env.ts';
import { badRequest, HttpError } from '../errors.ts';
import { afterAnswer } from '../http/after-answer.ts';
import { activationMessage, passwordResetMessage } from '../mail/messages.ts';
import { setAvatar } from './avatars.ts';
import { cancelEmailChange, EMAIL_TAKEN, requestEmailChange } from './email-change.ts';
import { newPasswordNeeded } from './temporary-passwords.ts';
import { otpSecretOf, otpStepUnused } from './two-factor.ts';
import { passwordShutOut } from './sso/required.ts';
import { SSO_REQUIRED } from '../auth/membership.ts';

const HOUR = 60 * 60 * 1000;
export const ACTIVATION_VALID_MS = 48 * HOUR;
export const RESET_VALID_MS = 1 * HOUR;

const USERNAME_TAKEN = 'A user with this username already exists';

/**
 * Creates an inactive account and e-mails its activation link. Registering again the address of an
 * account never activated changes nothing of that account (issue 28: whoever typed it last took it over
 * before): the activation mail goes to the address once more, and the answer is the one a new address
 * gets — the registration as received, never the account — so it tells nothing about the address. The
 * username must be free like any other, the unactivated account's own included. The address of an
 * activated account is refused as taken, as every other call that takes an address says (PUT auth/me,
 * POST users/).
 */
export async function register(deps: Deps, body: Required<RegisterBody>): Promise<RegisteredUser> {
  const passwordHash = await hashPassword(body.password);
  await registerOnce(deps, body, passwordHash)
    // A registration of the same new address committed meanwhile: this one becomes a registration again.
    .catch((err: unknown) => (isUniqueViolation(err, 'users_email_key') ? registerOnce(deps, body, passwordHash) : Promise.reject(err)))
    .catch(rethrowDuplicate);
  deps.mail.deliverSoon();
  return { username: body.username, email: body.email, full_name: body.full_name, is_active: false };
}

function registerOnce(deps: Deps, body: Required<RegisterBody>, passwordHash: string): Promise<void> {
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [existing] = await tx.select().from(users).where(equalsIgnoringCase(users.email, body.email)).for('update');
    if (existing?.isActive) throw badRequest(EMAIL_TAKEN);
    await assertUsernameFree(tx, body.username);
    const [user] = existing
      ? [existing]
      : await tx
          .insert(users)
          .values({
            id: uuidv7(now.getTime()),
            email: body.email,
            isActive: false,
            createdAt: now,
            username: body.username,
            fullName: body.full_name,
            passwordHash,
          })
          .returning();
    // Links mailed before stay valid: a repeat cannot void the owner's link (activation takes one, once: `activate`).
    const token = await issueAccountToken(tx, user!.id, 'activation', now, ACTIVATION_VALID_MS);
    const url = `${deps.config.publicUrl}/auth/activate?token=${encodeURIComponent(token)}`;
    await deps.mail.add(tx, activationMessage(user!.email, user!.fullName, url));
  });
}

/**
 * Uses an activation token once: the account becomes active and is signed in — unless an admin made it,
 * with a password of theirs or none: then its owner chooses their own first (temporary-passwords.ts;
 * the activation stands, and the 403 carries the next step's token).
 */
export async function activate(deps: Deps, token: string, device: Device): Promise<string> {
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await useAccountToken(tx, deps.now(), token, 'activation');
    if (!row) throw badRequest('This activation link is invalid or has expired');
    // An account is activated once: its other links (a registration repeated mails one more) are spent
    // then. The lock makes links used at the same moment wait, then find the account active.
    const [inactive] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, row.userId), eq(users.isActive, false))).for('update');
    if (!inactive) throw badRequest('This activation link is invalid or has expired');
    const [user] = await tx
      .update(users)
      .set({ isActive: true })
      .where(eq(users.id, row.userId))
      .returning({ mustChangePassword: users.mustChangePassword });
    if (user!.mustChangePassword) return newPasswordNeeded(tx, row.userId, deps.now());
    return openLoginSession(tx, deps, row.userId, device, await soleOrganisation(tx, row.userId));
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

export interface SignIn {
  username: string;
  password: string;
  client_secret?: string | undefined;
}

/**
 * Checks the password (and the two-factor code when the account has one) and opens a login session.
 * Failed attempts count per account and address, per IP, and per account from unfamiliar addresses
 * (auth/throttle.ts admitSignIn); past a limit the answer is 429 with Retry-After.
 */
export async function signIn(deps: Deps, form: SignIn, device: Device & { ip: string }): Promise<string> {
  const now = deps.now();
  const { db } = deps;
  const user = await findUserByLogin(db, form.username);
  // Counted as failed until it proves otherwise, so guesses sent in parallel cannot pass the limits.
  const attempt = await admitSignIn(db, { userId: user?.id, typed: form.username }, device.ip, now);
  /** The password was right: whatever is still missing, this attempt was no failed guess. */
  const notAFailure = async (detail: string) => {
    await forgetAttempt(db, attempt.ids);
    return badRequest(detail);
  };
  if (!user) {
    await verifyDecoy(form.password);
    throw badRequest('Incorrect username or password');
  }
  if (!(await verifyPassword(user.passwordHash, form.password))) throw badRequest('Incorrect username or password');
  if (!user.isActive) throw await notAFailure('This account is not active yet: follow the link in the activation e-mail');
  if (user.otpEnabled && user.otpSecret) {
    const code = form.client_secret?.trim() ?? '';
    if (code === '') throw await notAFailure('Incorrect OTP');
    const step = acceptOtp(await otpSecretOf(deps.config, { id: user.id, otpSecret: user.otpSecret }), code, user.otpLastStep, now.getTime());
    if (step === undefined) throw badRequest('Incorrect OTP');
    const [accepted] = await db
      .update(users)
      .set({ otpLastStep: step })
      .where(and(eq(users.id, user.id), otpStepUnused(step)))
      .returning({ id: users.id });
    if (!accepted) throw badRequest('Incorrect OTP');
  }
  await signInSucceeded(db, attempt);
  // Issue #48: an organisation that requires single sign-on lets in only its provider's sessions (and its break-glass admins).
  if (await passwordShutOut(db, user.id)) throw badRequest(SSO_REQUIRED);
  // A password an admin chose opens no session: its owner chooses their own first (temporary-passwords.ts).
  if (user.mustChangePassword) throw await newPasswordNeeded(db, user.id, now);
  return openLoginSession(db, deps, user.id, device, await soleOrganisation(db, user.id));
}

/**
 * A reset request: counted against its limits (429 past them), which go by the typed address and the
 * IP only, then answered at once, the same for every address. Whether the address belongs to an active
 * account is looked up after the answer (`mailResetLink`, http/after-answer.ts), so the answer does the
 * same work and takes the same time either way (issue 28: 38.7 ms with an account, 23.6 ms without).
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string): Promise<void> {
  const now = deps.now();
  await admitAttempt(
    deps.db,
    [
      { key: throttleKeys.resetIp(ip), rule: throttleRules.resetIp },
      { key: throttleKeys.resetAccount(email), rule: throttleRules.resetAccount },
    ],
    now,
  );
  afterAnswer(deps.db, 'Password reset request', () => mailResetLink(deps, email, now));
}

/** E-mails a reset link when the address belongs to an active account; nothing otherwise. */
async function mailResetLink(deps: Deps, email: string, now: Date): Promise<void> {
  const { db } = deps;
  const [user] = await db
    .select()
    .from(users)
    .where(and(equalsIgnoringCase(users.email, email), eq(users.isActive, true)));
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, 'password-reset', now, RESET_VALID_MS);
    const url = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mail.add(tx, passwordResetMessage(user.email, user.fullName, url));
  });
  deps.mail.deliverSoon();
}

/**
 * Uses a reset token once: sets the password, voids the account's other reset links and any e-mail
 * change still waiting for its confirmation (the account is being secured), ends every session of the
 * user and lifts the sign-in throttle.
 */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const row = await useAccountToken(tx, now, token, 'password-reset');
    if (!row) throw badRequest('This password reset link is invalid or has expired');
    // The person's own choice: a password an admin chose before it no longer needs changing.
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, row.userId));
    await voidAccountTokens(tx, row.userId, 'password-reset');
    await cancelEmailChange(tx, row.userId);
    await endUserSessions(tx, row.userId, now);
    await clearSignInFailures(tx, row.userId);
  });
}

/**
 * Changes the caller's own username, full name or avatar at once. A new e-mail address is only asked
 * for: it is mailed a confirmation link and `email` stays as it is until then (email-change.ts); the
 * current address sent again changes nothing. The avatar must be a completed avatar upload of the
 * caller's own, or null to clear it (services/avatars.ts); the picture it replaces is dropped.
 */
export async function updateMe(deps: Deps, user: UserRow, body: UpdateMeBody): Promise<UserRow> {
  let mailQueued = false;
  let afterCommit = () => Promise.resolve();
  const updated = await deps.db.transaction(async (tx) => {
    const username = body.username ?? user.username;
    await assertUsernameFree(tx, username, user.id);
    // The row as it is now (locked): its avatar is what a new one replaces.
    const [current] = await tx.select({ id: users.id, avatar: users.avatar }).from(users).where(eq(users.id, user.id)).for('update');
    if (body.avatar !== undefined && current) {
      ({ afterCommit } = await setAvatar(tx, deps.config, current, body.avatar, deps.now()));
    }
    const [row] = await tx
      .update(users)
      .set({ username, fullName: body.full_name ?? user.fullName })
      .where(eq(users.id, user.id))
      .returning()
      .catch(rethrowDuplicate);
    if (body.email === undefined || body.email.toLowerCase() === row!.email.toLowerCase()) return row!;
    mailQueued = true;
    return requestEmailChange(deps, tx, row!, body.email.toLowerCase());
  });
  if (mailQueued) deps.mail.deliverSoon();
  await afterCommit();
  return updated;
}

async function assertUsernameFree(db: Queryable, username: string, exceptId?: string): Promise<void> {
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(equalsIgnoringCase(users.username, username), exceptId ? ne(users.id, exceptId) : undefined));
  if (byName) throw badRequest(USERNAME_TAKEN);
}

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err, 'users_username_key')) throw badRequest(USERNAME_TAKEN);
  if (isUniqueViolation(err, 'users_email_key')) throw badRequest(EMAIL_TAKEN);
  throw err;
}
