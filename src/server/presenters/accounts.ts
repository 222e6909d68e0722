/**
 * How the accounts area looks in the API's answers: the current user as `auth/me` presents it (profile,
 * organisations, current organisation, roles, invitations), login sessions and invitations. Pure: the
 * services load what these show (services/current-user.ts, services/invitations.ts).
 */
import type { CurrentOrganisation, CurrentUser, LoginSession, OrgInvitation, PendingInvitation, RoleRef } from '../../shared/api/accounts.ts';
import type { SubscriptionState } from '../../shared/api/billing.ts';
import type { CurrentUserRows } from '../db/queries/current-user.ts';
import type { invitations } from '../db/schema.ts';
import type { LoginSessionRow, UserRow } from '../env.ts';

/** What `auth/me` shows beyond the user's own row, as the service loaded it. */
export interface CurrentUserFacts {
  rows: CurrentUserRows;
  /** The current organisation's subscription state (presenters/billing.ts); null without a current organisation. */
  subscription: SubscriptionState | null;
  /** The signed address of the user's own avatar, or null. */
  avatarUrl: string | null;
  publicUrl: string;
}

/** `auth/me`: the caller's profile, organisations, current organisation and roles in it, pending invitations, avatar. */
export function presentCurrentUser(user: UserRow, { rows, subscription, avatarUrl, publicUrl }: CurrentUserFacts): CurrentUser {
  const current = rows.orgs.find((o) => o.id === rows.org?.id);
  const org: CurrentOrganisation | null = rows.org && {
    id: rows.org.id,
    name: rows.org.name,
    is_active: rows.org.isActive,
    trial_ends_at: rows.org.trialEndsAt?.toISOString() ?? null,
    plan_options: { limit_users: rows.org.limitUsers, limit_active_users: rows.org.limitActiveUsers },
    subscription: subscription!,
  };
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    full_name: user.fullName,
    is_org_admin: current?.isOrgAdmin ?? false,
    org,
    available_orgs: rows.orgs.map(({ id, name, isOrgAdmin }) => ({ id, name, is_org_admin: isOrgAdmin })),
    roles: rows.roles.map(({ id, name }) => ({ id, name })),
    avatar: user.avatar,
    avatar_url: avatarUrl,
    otp_enabled: user.otpEnabled,
    invitations: rows.invitations.map(presentPendingInvitation),
    pending_email: user.pendingEmail,
    public_url: publicUrl,
  };
}

/** An invitation waiting for the caller's e-mail address. */
export function presentPendingInvitation(r: { id: string; orgId: string; orgName: string; expiry: Date }): PendingInvitation {
  return { id: r.id, org_id: r.orgId, org_name: r.orgName, expiry: r.expiry.toISOString() };
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
