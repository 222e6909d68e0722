/**
 * Changing one's e-mail address. The address is what invitations, password resets, sign-in by e-mail
 * and uniqueness go by, so a new one takes effect only once its owner has confirmed it from a link
 * mailed to it: until then `users.email` stays the old, verified address and the new one is only shown
 * to its user as pending (`users.pending_email`). The old address is told that a change was asked for.
 * A new request replaces the one before; a password reset or Cancel drops it.
 */
import { and, eq, ne } from 'drizzle-orm';
import { issueAccountToken, lockAccountToken, markAccountTokenUsed, voidAccountTokens } from '../auth/account-tokens.ts';
import type { Queryable, Transaction } from '../db/connection.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { users } from '../db/schema.ts';
import type { Deps, UserRow } from '../env.ts';
import { badRequest } from '../errors.ts';
import { emailChangeMessage, emailChangeNoticeMessage } from '../mail/messages.ts';

export const EMAIL_CHANGE_VALID_MS = 24 * 60 * 60 * 1000;

export const EMAIL_TAKEN = 'A user with this email already exists';
const INVALID = 'This confirmation link is invalid or has been replaced by a newer one';
const USED = 'This e-mail address change has already been confirmed';
const EXPIRED = 'This confirmation link has expired: change your e-mail address again in Account Settings';

/**
 * Inside the profile's transaction: records `email` (lower case, not the user's own) as the user's
 * pending address, voids the link of any earlier request, and queues the confirmation link to the new
 * address and the notice to the old one. 400 when another account holds the address now.
 */
export async function requestEmailChange(deps: Deps, tx: Transaction, user: UserRow, email: string): Promise<UserRow> {
  const now = deps.now();
  await assertEmailFree(tx, email, user.id);
  const [updated] = await tx.update(users).set({ pendingEmail: email }).where(eq(users.id, user.id)).returning();
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
 * and the reset links mailed to the old address stop working. Answers the new address.
 */
export async function confirmEmailChange(deps: Deps, token: string): Promise<string> {
  const outcome = await deps.db
    .transaction(async (tx): Promise<{ email: string } | { taken: true }> => {
      const now = deps.now();
      const row = await lockAccountToken(tx, token, 'email-change');
      if (!row || !row.email) throw badRequest(INVALID);
      if (row.usedAt) throw badRequest(USED);
      if (row.expiresAt.getTime() <= now.getTime()) throw badRequest(EXPIRED);
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).for('update');
      if (!user || user.pendingEmail !== row.email) throw badRequest(INVALID);
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
      await tx.update(users).set({ email: row.email, pendingEmail: null }).where(eq(users.id, user.id));
      await voidAccountTokens(tx, user.id, 'password-reset');
      await voidAccountTokens(tx, user.id, 'email-change');
      return { email: row.email };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'users_email_key')) throw badRequest(EMAIL_TAKEN);
      throw err;
    });
  if ('taken' in outcome) throw badRequest(EMAIL_TAKEN);
  return outcome.email;
}

/** Cancel in Account Settings: the pending change, if any, is dropped. */
export function withdrawEmailChange(deps: Deps, userId: string): Promise<void> {
  return deps.db.transaction((tx) => cancelEmailChange(tx, userId));
}

/** Drops the user's pending change, if any: its link stops working. */
export async function cancelEmailChange(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
  await voidAccountTokens(db, userId, 'email-change');
}

async function assertEmailFree(db: Queryable, email: string, exceptId: string): Promise<void> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(equalsIgnoringCase(users.email, email), ne(users.id, exceptId)));
  if (holder) throw badRequest(EMAIL_TAKEN);
}
