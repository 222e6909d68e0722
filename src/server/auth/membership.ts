/**
 * Middleware after `authenticate`, for the calls that work inside the current organisation:
 * - `requireMember`: the caller has a current organisation they are an active member of (else 400 'No
 *   organization selected'), it is switched on (else 403 'Invalid Organization Subscription') and its
 *   trial or paid period runs (else 402 'Organization subscription is expired') → `c.var.member`;
 * - `requireOrgAdmin`: the member administers it (else 403 'Only organization admins can do this').
 * Every org-admin check of the API is one of these, placed in the routes of the admin-only calls.
 * Calls that work without a current organisation (auth/me, create-org, select-org, invitations) use
 * `authenticate` alone.
 */
import { createMiddleware } from 'hono/factory';
import type { Membership, MemberEnv } from '../env.ts';
import { forbidden, HttpError, invalidSubscription, subscriptionExpired } from '../errors.ts';

export const noOrganisationSelected = () => new HttpError(400, 'No organization selected');

/** 403 / 402 unless the organisation is switched on and its trial or paid period runs at `now`. */
export function checkSubscription(org: Membership['org'], now: Date): void {
  if (!org.isActive) throw invalidSubscription();
  const paidThrough = Math.max(org.trialEndsAt?.getTime() ?? 0, org.paidUntil?.getTime() ?? 0);
  if (paidThrough <= now.getTime()) throw subscriptionExpired();
}

export const requireMember = createMiddleware<MemberEnv>(async (c, next) => {
  const membership = c.var.membership;
  if (!membership) throw noOrganisationSelected();
  checkSubscription(membership.org, c.var.deps.now());
  const { user } = c.var.caller;
  c.set('member', {
    userId: user.id,
    username: user.username,
    orgId: membership.org.id,
    orgName: membership.org.name,
    isOrgAdmin: membership.isOrgAdmin,
    roleIds: new Set(membership.roleIds),
  });
  await next();
});

/** 403 with `detail` unless the member is an org admin. */
export function orgAdminsOnly(detail = 'Only organization admins can do this') {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (!c.var.member.isOrgAdmin) throw forbidden(detail);
    await next();
  });
}

export const requireOrgAdmin = orgAdminsOnly();
