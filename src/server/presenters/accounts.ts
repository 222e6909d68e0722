/**
 * How the accounts area looks in the API's answers: the current user as `auth/me` presents it (profile,
 * organisations, current organisation, roles, invitations), login sessions and invitations.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { CurrentOrganisation, CurrentUser, LoginSession, OrgInvitation, PendingInvitation, RoleRef } from '../../shared/api/accounts.ts';
import type { Queryable } from '../db/connection.ts';
import { currentUserRows } from '../db/queries/current-user.ts';
import { equalsIgnoringCase } from '../db/queries/text.ts';
import { invitations, organisations } from '../db/schema.ts';
import type { Caller, Deps, LoginSessionRow } from '../env.ts';
import { avatarUrl } from '../services/avatars.ts';
import { presentSubscriptionState } from './billing.ts';

/**
 * `auth/me`: the caller's profile, organisations, current organisation and roles in it, pending
 * invitations — one statement — and the address of their own avatar.
 */
export async function presentCurrentUser(deps: Pick<Deps, 'db' | 'config' | 'now'>, caller: Caller): Promise<CurrentUser> {
  const { user, session } = caller;
  const now = deps.now();
  const rows = await currentUserRows(deps.db, { userId: user.id, orgId: session.orgId, email: user.email }, now);
  const current = rows.orgs.find((o) => o.id === rows.org?.id);
  const org: CurrentOrganisation | null = rows.org && {
    id: rows.org.id,
    name: rows.org.name,
    is_active: rows.org.isActive,
    trial_ends_at: rows.org.trialEndsAt?.toISOString() ?? null,
    plan_options: { limit_users: rows.org.limitUsers, limit_active_users: rows.org.limitActiveUsers },
    subscription: presentSubscriptionState(rows.org, now, deps.config.billing !== undefined),
  };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.fullName,
    is_org_admin: current?.isOrgAdmin ?? false,
    org,
    available_orgs: rows.orgs.map(({ id, name }) => ({ id, name })),
    roles: rows.roles.map(({ id, name }) => ({ id, name })),
    avatar: user.avatar,
    avatar_url: await avatarUrl(deps.config, user, now),
    otp_enabled: user.otpEnabled,
    invitations: rows.invitations.map((r) => ({ id: r.id, org_id: r.orgId, org_name: r.orgName, expiry: r.expiry.toISOString() })),
    pending_email: user.pendingEmail,
    public_url: deps.config.publicUrl,
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
