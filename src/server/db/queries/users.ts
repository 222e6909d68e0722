/** Finding a user by what they type to sign in. */
import { or, sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { users } from '../schema.ts';
import { equalsIgnoringCase } from './text.ts';

/** The user whose username or e-mail address is `login` (ignoring case and surrounding spaces); a username match wins. */
export async function findUserByLogin(db: Queryable, login: string): Promise<typeof users.$inferSelect | undefined> {
  const value = login.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(equalsIgnoringCase(users.username, value), equalsIgnoringCase(users.email, value)))
    .orderBy(sql`lower(${users.username}) = ${value} desc`)
    .limit(1);
  return user;
}
