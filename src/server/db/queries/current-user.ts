/**
 * What `auth/me` shows beyond the caller's own row, in ONE named statement: the organisations the user is
 * an active member of (by name), the current one (the session's, if among them) with the user's roles
 * in it (by name), and the invitations pending for the user's e-mail address (oldest first).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { fromJson } from '../rows.ts';
import { namedStatement, runStatement } from '../statements.ts';

export interface CurrentUserRows {
  orgs: { id: string; name: string; isOrgAdmin: boolean }[];
  /** The session's organisation, when the user is an active member of it. */
  org: {
    id: string;
    name: string;
    isActive: boolean;
    trialEndsAt: Date | null;
    limitUsers: number;
    limitActiveUsers: number;
    /** Billing (issue #15): what presenters/billing.ts needs for the subscription state. */
    paidUntil: Date | null;
    subscriptionStatus: string | null;
    currentPeriodEnd: Date | null;
  } | null;
  roles: { id: string; name: string }[];
  invitations: { id: string; orgId: string; orgName: string; expiry: Date }[];
}

const v = (name: string) => sql.placeholder(name);

const CURRENT_USER = namedStatement(
  'current_user_of_session',
  sql`WITH current AS (
        SELECT o.* FROM organisations o
          JOIN memberships m ON m.org_id = o.id AND m.user_id = ${v('userId')}::uuid AND m.is_active
         WHERE o.id = ${v('orgId')}::uuid
      )
      SELECT
        COALESCE((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'is_org_admin', m.is_org_admin) ORDER BY o.name)
                    FROM memberships m JOIN organisations o ON o.id = m.org_id
                   WHERE m.user_id = ${v('userId')}::uuid AND m.is_active), '[]'::json) AS orgs,
        (SELECT json_build_object('id', c.id, 'name', c.name, 'is_active', c.is_active, 'trial_ends_at', c.trial_ends_at,
                                  'limit_users', c.limit_users, 'limit_active_users', c.limit_active_users,
                                  'paid_until', c.paid_until, 'subscription_status', c.subscription_status,
                                  'current_period_end', c.current_period_end) FROM current c) AS org,
        COALESCE((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.name)
                    FROM user_roles ur JOIN roles r ON r.id = ur.role_id JOIN current c ON c.id = r.org_id
                   WHERE ur.user_id = ${v('userId')}::uuid), '[]'::json) AS roles,
        COALESCE((SELECT json_agg(json_build_object('id', i.id, 'org_id', i.org_id, 'org_name', o.name, 'expiry', i.expiry) ORDER BY i.created_at)
                    FROM invitations i JOIN organisations o ON o.id = i.org_id
                   WHERE lower(i.email) = ${v('email')}::text AND i.status = 'pending' AND i.expiry > ${v('now')}::timestamptz), '[]'::json) AS invitations`,
);

type Json<T> = T | string;
const date = (value: string | null): Date | null => (value === null ? null : new Date(value));

interface Raw {
  orgs: Json<{ id: string; name: string; is_org_admin: boolean }[]>;
  org: Json<{
    id: string;
    name: string;
    is_active: boolean;
    trial_ends_at: string | null;
    limit_users: number;
    limit_active_users: number;
    paid_until: string | null;
    subscription_status: string | null;
    current_period_end: string | null;
  } | null>;
  roles: Json<{ id: string; name: string }[]>;
  invitations: Json<{ id: string; org_id: string; org_name: string; expiry: string }[]>;
}

export async function currentUserRows(db: Queryable, who: { userId: string; orgId: string | null; email: string }, now: Date): Promise<CurrentUserRows> {
  const [row] = await runStatement<Raw>(db, CURRENT_USER, {
    userId: who.userId,
    orgId: who.orgId,
    email: who.email.toLowerCase(),
    now: now.toISOString(),
  });
  const org = row ? fromJson(row.org) : null;
  return {
    orgs: fromJson(row?.orgs ?? []).map((o) => ({ id: o.id, name: o.name, isOrgAdmin: o.is_org_admin })),
    org: org && {
      id: org.id,
      name: org.name,
      isActive: org.is_active,
      trialEndsAt: org.trial_ends_at === null ? null : new Date(org.trial_ends_at),
      limitUsers: Number(org.limit_users),
      limitActiveUsers: Number(org.limit_active_users),
      paidUntil: date(org.paid_until),
      subscriptionStatus: org.subscription_status,
      currentPeriodEnd: date(org.current_period_end),
    },
    roles: fromJson(row?.roles ?? []),
    invitations: fromJson(row?.invitations ?? []).map((i) => ({ id: i.id, orgId: i.org_id, orgName: i.org_name, expiry: new Date(i.expiry) })),
  };
}
