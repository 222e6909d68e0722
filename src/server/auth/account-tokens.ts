/**
 * The single-use tokens e-mailed to a person: account activation, password reset, confirmation of a new
 * e-mail address. Only a token's SHA-256 hash is stored; the token itself travels in the mail's link.
 * A new link of one kind voids the account's other outstanding links of that kind where the kind says
 * so (the service decides), and using one marks it used.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { uuidv7 } from '../../shared/ids.ts';
import type { Queryable } from '../db/connection.ts';
import { accountTokens } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

export type TokenPurpose = (typeof accountTokens.$inferSelect)['purpose'];
export type AccountTokenRow = typeof accountTokens.$inferSelect;

/** Stores a new token for the user, valid for `validMs`, and answers it (to put in a link; never stored). */
export async function issueAccountToken(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  now: Date,
  validMs: number,
  email: string | null = null,
): Promise<string> {
  const token = newToken();
  await db.insert(accountTokens).values({
    id: uuidv7(now.getTime()),
    userId,
    purpose,
    tokenHash: hashToken(token),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + validMs),
  });
  return token;
}

/** Marks a single-use token used and returns it; undefined when unknown, of another purpose, used or expired. */
export async function useAccountToken(db: Queryable, now: Date, token: string, purpose: TokenPurpose): Promise<AccountTokenRow | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The token of `purpose`, whatever its state, locked until the end of the transaction; undefined when unknown. */
export async function lockAccountToken(tx: Queryable, token: string, purpose: TokenPurpose): Promise<AccountTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)))
    .for('update');
  return row;
}

/** Voids the user's unused tokens of `purpose`: their links stop working. */
export async function voidAccountTokens(db: Queryable, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Marks a token (found and checked by the caller) used. */
export async function markAccountTokenUsed(db: Queryable, id: string, now: Date): Promise<void> {
  await db.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, id));
}
