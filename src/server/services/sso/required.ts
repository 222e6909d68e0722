/**
 * Required single sign-on and password sign-in (issue #48; docs/sso.md "Required SSO"): a person whose every
 * organisation requires signing in through its provider (and who is none of its break-glass admins) is
 * refused a password sign-in; one who also belongs elsewhere signs in, and the session cannot work in the
 * organisations that require SSO (auth/membership.ts `ssoOnly`).
 */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connection.ts';
import { memberships, ssoConnections } from '../../db/schema.ts';

/** Whether the user's password may open no session at all: every active membership requires SSO of them. */
export async function passwordShutOut(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .select({ required: ssoConnections.required, breakGlass: ssoConnections.breakGlassUserIds })
    .from(memberships)
    .leftJoin(ssoConnections, eq(ssoConnections.orgId, memberships.orgId))
    .where(and(eq(memberships.userId, userId), eq(memberships.isActive, true)));
  return rows.length > 0 && rows.every((r) => r.required === true && !(r.breakGlass ?? []).includes(userId));
}
