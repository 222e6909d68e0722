/**
 * Middleware after `authenticate`, for the calls that work inside the current organisation:
 * - `requireMember`: the caller has a current organisation they are an active member of (else 400 'No
 *   organization selected'), it is switched on (else 403 'Invalid Organization Subscription') and, while
 *   billing is on, its trial or paid period runs (else 402 'Organization subscription is expired') →
 *   `c.var.member`. With billing off (no STRIPE_SECRET_KEY) nothing expires;
 * - `requireMemberEvenIfExpired`: the same without the 402, for `billing/*` (an admin can always pay);
 * - `requireOrgAdmin`: the member administers it (else 403 'Only organization admins can do this').
 * Every org-admin check of the API is one of these, named for its calls in api.ts ACCESS (auth/access.ts).
 * Calls that work without a current organisation or must stay open when it has expired (auth/me,
 * create-org, select-org, logout, account settings, invitations) use `authenticate` alone.
 */
import { createMiddleware } from 'hono/factory';
import type { Caller, Deps, Member, Membership, MemberEnv } from '../env.ts';
import { forbidden, HttpError, invalidSubscription, subscriptionExpired } from '../errors.ts';

export const noOrganisationSelected = () => new HttpError(400, 'No organization selected');

/** Issue #48: the organisation requires single sign-on and this session was started with a password (docs/sso.md). */
export const SSO_REQUIRED = 'This organization requires signing in with your organisation: use “Sign in with your organisation” on the sign-in page';
export const ssoRequired = () => new HttpError(403, SSO_REQUIRED);

/**
 * 403 unless the organisation is switched on; 402 when billing is on and neither its trial nor its paid
 * period (paid_until: services/billing/) runs at `now`.
 */
export function checkSubscription(org: Membership['org'], now: Date, billingOn: boolean): void {
  if (!org.isActive) throw invalidSubscription();
  if (!billingOn) return;
  const paidThrough = Math.max(org.trialEndsAt?.getTime() ?? 0, org.paidUntil?.getTime() ?? 0);
  if (paidThrough <= now.getTime()) throw subscriptionExpired();
}

/** The caller as a member of their current organisation, or the refusal (see above). Also the signed-in pages' (http/page-readers.ts). */
export function memberOf(deps: Deps, caller: Caller, membership: Membership | null, checkExpiry: boolean): Member {
  if (!membership) throw noOrganisationSelected();
  if (membership.ssoOnly) throw ssoRequired();
  if (checkExpiry) checkSubscription(membership.org, deps.now(), deps.config.billing !== undefined);
  else if (!membership.org.isActive) throw invalidSubscription();
  const { user } = caller;
  return {
    userId: user.id,
    username: user.username,
    orgId: membership.org.id,
    orgName: membership.org.name,
    isOrgAdmin: membership.isOrgAdmin,
    roleIds: new Set(membership.roleIds),
  };
}

function memberMiddleware(checkExpiry: boolean) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    c.set('member', memberOf(c.var.deps, c.var.caller, c.var.membership, checkExpiry));
    await next();
  });
}

export const requireMember = memberMiddleware(true);

/** `requireMember` without the 402: `billing/*` keeps working for an expired organisation. */
export const requireMemberEvenIfExpired = memberMiddleware(false);

/** The refusal of `requireOrgAdmin`. */
export const ORG_ADMINS_ONLY = 'Only organization admins can do this';

/** 403 with `detail` unless the member is an org admin. */
export function orgAdminsOnly(detail = ORG_ADMINS_ONLY) {
  return createMiddleware<MemberEnv>(async (c, next) => {
    if (!c.var.member.isOrgAdmin) throw forbidden(detail);
    await next();
  });
}

export const requireOrgAdmin = orgAdminsOnly();
