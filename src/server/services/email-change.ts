/**
 * Changing one's e-mail address. The address is what invitations, password resets, sign-in by e-mail
 * and uniqueness go by, so a new one takes effect only once its owner has confirmed it from a link
 * mailed to it: until then `users.email` stays the old, verified address and the new one is only shown
 * to its user as pending (`users.pending_email`). The old address is told that a change was asked for.
 * A new request replaces the one before; a password reset or Cancel drops it.
 *
 * An organisation's admin may ask for a member's new address only while the member belongs to that
 * organisation alone (services/users.ts). Such a change records the organisation
 * (`users.pending_email_org_id`; null for the user's own request) and stays bound by that rule until it
 * is confirmed (issue 28): joining another organisation drops it (`dropAdminEmailChange`), and the
 * confirmation checks the rule again. Otherwise admin B could ask, wait for the member to join A, then
 * confirm from a mailbox B reads, reset the member's password and read A's data.
 */
import { and, eq, ne } from 'drizzle-orm';
import { issueAccountToken, lockAccountToken, markAccountTokenUsed, voidAccountTokens } from '../auth/account-tokens.ts';
import type { Queryable, Transaction } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { memberships, users } from '../db/schema.ts';
import type { Deps, UserRow } from '../env.ts';
import { badRequest } from '../errors.ts';
import { emailChangeMessage, emailChangeNoticeMessage } from '../mail/messages.ts';

export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000;

export const EMAIL_TAKEN = 'A user with this email already exists';
const INVALID = 'This confirmation link is invalid or has been replaced by a newer one';
const USED = 'This e-mail address change has already been confirmed';
const EXPIRED = 'This confirmation link has expired: change your e-mail address again in Account Settings';
const LAPSED =
  'This e-mail address change was asked for by an organization admin and no longer applies: the user does not belong to that organization alone any more, so only they can change their address (in Account Settings)';

/**
 * Inside the profile's transaction: records `email` (lower case, not the user's own) as the user's
 * pending address, voids the link of any earlier request, and queues the confirmation link to the new
 * address and the notice to the old one. 400 when another account holds the address now. `askedBy`: the
 * organisation whose admin asks (its rule was checked by the caller), or null when the user asks.
 */
export async function requestEmailChange(
  deps: Deps,
  tx: Transaction,
  user: UserRow,
  email: string,
  askedBy: string | null = null,
): Promise<UserRow> {
  const now = deps.now();
  await assertEmailFree(tx, email, user.id);
  const [updated] = await tx
    .update(users)
    .set({ pendingEmail: email, pendingEmailOrgId: askedBy })
    .where(eq(users.id, user.id))
    .returning();
  await voidAccountTokens(tx, user.id, 'email-change');
  const token = await issueAccountToken(tx, user.id, 'email-change', now, EMAIL_CHANGE_VALID_MS, email);
  const base = deps.config.publicUrl;
  await deps.mail.add(tx, emailChangeMessage(email, user.fullName, `${base}/confirm-email?token=${encodeURIComponent(token)}`));
  await deps.mail.add(tx, emailChangeNoticeMessage(user.email, user.fullName, email, `${base}/account-settings`));
  return updated!;
}

/**
 * Uses a confirmation token once: the account's address becomes the one the link was mailed to, if no
 * other account holds it by now (checked again here, and by the unique index when two confirm at once),
 * and the reset links mailed to the old address stop working. Answers the new address. A change an
 * admin asked for is made only while the user still belongs to that admin's organisation alone; else it
 * is dropped and 400 says why.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<string> {
  const outcome = await deps.db
    .transaction(async (tx): Promise<{ email: string } | { taken: true } | { lapsed: true }> => {
      const now = deps.now();
      const row = await lockAccountToken(tx, token, 'email-change');
      if (!row || !row.email) throw badRequest(INVALID);
      if (row.usedAt) throw badRequest(USED);
      if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(EXPIRED);
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
      if (!user || user.pendingEmail !== row.email) throw badRequest(INVALID);
      if (user.pendingEmailOrgId !== null && !(await belongsAlone(tx, user.id, user.pendingEmailOrgId))) {
        await cancelEmailChange(tx, user.id);
        return { lapsed: true };
      }
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(equalsIgnoringCase(users.email, row.email), ne(users.id, user.id)));
      if (holder) {
        // Someone registered or confirmed the address meanwhile: the change cannot happen; it is dropped.
        await cancelEmailChange(tx, user.id);
        return { taken: true };
      }
      await markAccountTokenUsed(tx, row.id, now);
      await tx.update(users).set({ email: row.email, pendingEmail: null, pendingEmailOrgId: null }).where(eq(users.id, user.id));
      await voidAccountTokens(tx, user.id, 'password-reset');
      await voidAccountTokens(tx, user.id, 'email-change');
      return { email: row.email };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'users_email_key')) throw badRequest(EMAIL_TAKEN);
      throw err;
    });
  // The dropped change is committed; the caller is told why.
  if ('taken' in outcome) throw badRequest(EMAIL_TAKEN);
  if ('lapsed' in outcome) throw badRequest(LAPSED);
  return outcome.email;
}

/** Cancel in Account Settings: the pending change, if any, is dropped. */
export function withdrawEmailChange(deps: Deps, userId: string): Promise<void> {
  return deps.db.transaction((tx) => cancelEmailChange(tx, userId));
}

/** Drops the user's pending change, if any: its link stops working. */
export async function cancelEmailChange(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ pendingEmail: null, pendingEmailOrgId: null }).where(eq(users.id, userId));
  await voidAccountTokens(db, userId, 'email-change');
}

/**
 * The user is joining organisation `joining` (accepting an invitation, creating one): a pending change an
 * admin of another organisation asked for is dropped; the user's own stays. Call it BEFORE adding the
 * membership: it locks the user's row, so a confirmation at the same moment either comes first (the user
 * still belonged to that organisation alone) or waits and finds the change gone.
 */
export async function dropAdminEmailChange(tx: Queryable, userId: string, joining: string): Promise<void> {
  const [user] = await tx.select({ askedBy: users.pendingEmailOrgId }).from(users).where(eq(users.id, userId)).for('update');
  if (user?.askedBy != null && user.askedBy !== joining) await cancelEmailChange(tx, userId);
}

/** Whether the user is a member of `orgId` (switched off or not) and of no other organisation. */
async function belongsAlone(db: Queryable, userId: string, orgId: string): Promise<boolean> {
  const rows = await db.select({ orgId: memberships.orgId }).from(memberships).where(eq(memberships.userId, userId)).limit(2);
  return rows.length === 1 && rows[0]!.orgId === orgId;
}

async function assertEmailFree(db: Queryable, email: string, exceptId: string): Promise<void> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(equalsIgnoringCase(users.email, email), ne(users.id, exceptId)));
  if (holder) throw badRequest(EMAIL_TAKEN);
}
