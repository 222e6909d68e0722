/**
 * Erasing a person (GDPR Art. 17; issue #47): the account asks for it itself from Account Settings (with its
 * password, and its two-factor code when it has two-factor sign-in), or an admin of EVERY organisation it
 * belongs to does.
 *
 * In one transaction: the person's username and full name become "Deleted user", the e-mail address is
 * emptied, the password can match nothing, the avatar, the two-factor secret, the pending e-mail change, the
 * login sessions, the e-mailed links and the API tokens go, and so do their memberships, roles and ACL
 * entries. What they wrote (documents, versions, submissions, comments) keeps its author id: the row stays
 * (`users.erased_at`), so every presenter shows "Deleted user" by itself. The activity log's copies of their
 * name and address (the `user_id` contexts of the admin events) are replaced the same way, and each
 * organisation records UserDeleted with `account_erased: true`.
 *
 * The last admin of an organisation is refused (409) until they make another member an admin.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DELETED_USER } from '../../shared/constants.ts';
import { isUuid } from '../../shared/ids.ts';
import { acceptOtp } from '../auth/one-time-codes.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { admitTwoFactorCode, twoFactorCodeAccepted } from '../auth/throttle.ts';
import { newToken } from '../auth/tokens.ts';
import type { Transaction } from '../db/connection.ts';
import { eraseFromActivityLog } from '../db/queries/account-erasure.ts';
import { accountTokens, aclEntries, apiTokens, loginSessions, memberships, organisations, userRoles, users } from '../db/schema.ts';
import type { Deps, Member, UserRow } from '../env.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { recordActivity } from './activity.ts';
import { setAvatar } from './avatars.ts';
import { otpSecretOf } from './two-factor.ts';

const INCORRECT_PASSWORD = 'Incorrect password';
const INCORRECT_CODE = 'Incorrect Code, Try Again';
const NOT_ADMIN_EVERYWHERE = 'This user also belongs to an organization you are not an admin of: only they, or an admin of every organization they belong to, can delete their account';
const OWN_ACCOUNT = 'Delete your own account from Account Settings';

const lastAdmin = (orgName: string) =>
  conflict(`You are the last admin of ${orgName}: make another member an admin before deleting this account`);

/**
 * POST auth/delete-account: the caller's own account, after its password and (with two-factor sign-in) a
 * code. A wrong password or code is counted like set-otp's codes (5 in 15 minutes, then 429) and answers 400.
 */
export async function deleteOwnAccount(deps: Deps, user: UserRow, password: string, code: string | undefined): Promise<void> {
  const now = deps.now();
  const attempt = await admitTwoFactorCode(deps.db, user.id, now);
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(INCORRECT_PASSWORD);
  if (user.otpEnabled && user.otpSecret) {
    const secret = await otpSecretOf(deps.config, { id: user.id, otpSecret: user.otpSecret });
    if (acceptOtp(secret, code?.trim() ?? '', user.otpLastStep, now.getTime()) === undefined) throw badRequest(INCORRECT_CODE);
  }
  await twoFactorCodeAccepted(deps.db, user.id, attempt);
  await eraseAccount(deps, user.id, user.id);
}

/**
 * DELETE users/accounts/{id} (org admins): a member's account, when the caller is an admin of every
 * organisation the member belongs to (else 403). Not the caller's own (Account Settings asks for the
 * password): 403.
 */
export async function deleteMemberAccount(deps: Deps, who: Member, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('User not found');
  const userId = id.toLowerCase();
  if (userId === who.userId) throw forbidden(OWN_ACCOUNT);
  const theirs = await deps.db.select({ orgId: memberships.orgId }).from(memberships).where(eq(memberships.userId, userId));
  if (!theirs.some((m) => m.orgId === who.orgId)) throw notFound('User not found');
  const mine = await deps.db
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .where(and(eq(memberships.userId, who.userId), eq(memberships.isOrgAdmin, true), eq(memberships.isActive, true)));
  if (!theirs.every((m) => mine.some((a) => a.orgId === m.orgId))) throw forbidden(NOT_ADMIN_EVERYWHERE);
  await eraseAccount(deps, userId, who.userId);
}

/** Erases `userId` in one transaction (see the module's comment); `actorId` is who asked (the user, or an admin). */
async function eraseAccount(deps: Deps, userId: string, actorId: string): Promise<void> {
  const afterCommit = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.erasedAt) throw notFound('User not found');
    const orgIds = await assertNotLastAdmin(tx, userId);
    const avatar = await setAvatar(tx, deps.config, { id: userId, avatar: user.avatar }, null, now);
    await tx
      .update(users)
      .set({
        username: DELETED_USER,
        fullName: DELETED_USER,
        email: '',
        passwordHash: await hashPassword(newToken()),
        isActive: false,
        otpSecret: null,
        otpEnabled: false,
        otpLastStep: null,
        pendingEmail: null,
        pendingEmailOrgId: null,
        mustChangePassword: false,
        erasedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(loginSessions).where(eq(loginSessions.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.delete(aclEntries).where(and(eq(aclEntries.subjectType, 'user'), eq(aclEntries.subjectId, userId)));
    await tx.delete(memberships).where(eq(memberships.userId, userId));
    const erased = { user_id: userId, username: DELETED_USER, full_name: DELETED_USER, email: '' };
    await eraseFromActivityLog(tx, userId, erased);
    for (const orgId of orgIds) {
      await recordActivity(tx, { type: 'UserDeleted', orgId, actorId, at: now, context: { ...erased, account_erased: true } });
    }
    return avatar.afterCommit;
  });
  await afterCommit();
}

/** The organisations the user belongs to; 409 when they are the only active admin of one of them (its admins locked). */
async function assertNotLastAdmin(tx: Transaction, userId: string): Promise<string[]> {
  const theirs = await tx.select({ orgId: memberships.orgId, isOrgAdmin: memberships.isOrgAdmin }).from(memberships).where(eq(memberships.userId, userId));
  const adminOf = theirs.filter((m) => m.isOrgAdmin).map((m) => m.orgId);
  if (adminOf.length > 0) {
    const admins = await tx
      .select({ orgId: memberships.orgId, userId: memberships.userId })
      .from(memberships)
      .where(and(inArray(memberships.orgId, adminOf), eq(memberships.isOrgAdmin, true), eq(memberships.isActive, true)))
      .for('update');
    for (const orgId of adminOf) {
      if (admins.some((a) => a.orgId === orgId && a.userId !== userId)) continue;
      const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId));
      throw lastAdmin(org?.name ?? 'an organization');
    }
  }
  return theirs.map((m) => m.orgId);
}
