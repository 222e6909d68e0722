/** Finding a user by what they type to sign in, and the organisation a new login session starts in. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { memberships, users } from '../schema.ts';
import { equalsIgnoringCase } from './text.ts';

/** The user whose username or e-mail address is `login` (ignoring case and surrounding spaces); a username match wins. Never an erased account. */
export async function findUserByLogin(db: Queryable, login: string): Promise<typeof users.$inferSelect | undefined> {
  const value = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(and(isNull(users.erasedAt), or(equalsIgnoringCase(users.username, value), equalsIgnoringCase(users.email, value))))
    .orderBy(sql`lower(${users.username}) = ${value} desc`)
    .limit(1);
  return user;
}

/** The organisation to work in right after sign-in: the only one, if the user has exactly one. */
export async function soleOrganisation(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .limit(2);
  return rows.length === 1 ? rows[0]!.orgId : null;
}
