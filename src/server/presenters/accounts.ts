/**
 * How the accounts area looks in the API's answers: the current user as `auth/me` presents it (profile,
 * organisations, current organisation, roles, invitations), login sessions and invitations.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { CurrentOrganisation, CurrentUser, LoginSession, OrgInvitation, PendingInvitation, RoleRef } from '../../shared/api/accounts.ts';
import type { Queryable } from '../db/connection.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { invitations, memberships, organisations, roles, userRoles } from '../db/schema.ts';
import type { Caller, LoginSessionRow } from '../env.ts';

export async function presentCurrentUser(db: Queryable, caller: Caller, now: Date): Promise<CurrentUser> {
  const { user, session } = caller;
  const orgs = await db
    .select({ id: organisations.id, name: organisations.name, isOrgAdmin: memberships.isOrgAdmin })
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.orgId))
    .where(and(eq(memberships.userId, user.id), eq(memberships.isActive, true)))
    .orderBy(asc(organisations.name));
  const current = orgs.find((o) => o.id === session.orgId);
  let org: CurrentOrganisation | null = null;
  let roleRefs: { id: string; name: string }[] = [];
  if (current) {
    const [row] = await db.select().from(organisations).where(eq(organisations.id, current.id));
    if (row) {
      org = {
        id: row.id,
        name: row.name,
        is_active: row.isActive,
        trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
        plan_options: { limit_users: row.limitUsers, limit_active_users: row.limitActiveUsers },
      };
    }
    roleRefs = await db
      .select({ id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, user.id), eq(roles.orgId, current.id)))
      .orderBy(asc(roles.name));
  }
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.fullName,
    is_org_admin: current?.isOrgAdmin ?? false,
    org,
    available_orgs: orgs.map(({ id, name }) => ({ id, name })),
    roles: roleRefs,
    avatar: user.avatar,
    otp_enabled: user.otpEnabled,
    invitations: await pendingInvitationsFor(db, user.email, now),
  };
}

/** Invitations waiting for an e-mail address: pending and not expired. */
export async function pendingInvitationsFor(db: Queryable, email: string, now: Date): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ id: invitations.id, orgId: invitations.orgId, orgName: organisations.name, expiry: invitations.expiry })
    .from(invitations)
    .innerJoin(organisations, eq(organisations.id, invitations.orgId))
    .where(
      and(
        equalsIgnoringCase(invitations.email, email),
        eq(invitations.status, 'pending'),
        gt(invitations.expiry, now),
      ),
    )
    .orderBy(asc(invitations.createdAt));
  return rows.map((r) => ({ id: r.id, org_id: r.orgId, org_name: r.orgName, expiry: r.expiry.toISOString() }));
}

/** One login session in `auth/me/sessions`. */
export function presentLoginSession(session: LoginSessionRow, currentId: string): LoginSession {
  return {
    id: session.id,
    ip_address: session.ipAddress,
    user_agent: session.userAgent,
    created_at: session.createdAt.toISOString(),
    last_accessed_at: session.lastAccessedAt.toISOString(),
    expiry: session.expiresAt.toISOString(),
    is_active: true,
    is_current: session.id === currentId,
  };
}

/** An invitation as its organisation's admins see it. */
export function presentOrgInvitation(row: typeof invitations.$inferSelect, roleRefs: RoleRef[]): OrgInvitation {
  return {
    id: row.id,
    email: row.email,
    roles: roleRefs,
    created_at: row.createdAt.toISOString(),
    expiry: row.expiry.toISOString(),
  };
}
