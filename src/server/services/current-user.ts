/**
 * `auth/me` (and the answers of the calls that change it): the caller's profile, organisations, current
 * organisation with its subscription state, roles and pending invitations — read in one statement
 * (db/queries/current-user.ts) — and the signed address of their own avatar, presented by
 * presenters/accounts.ts.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { currentUserRows } from '../db/queries/current-user.ts';
import type { Caller, Deps } from '../env.ts';
import { presentCurrentUser } from '../presenters/accounts.ts';
import { presentSubscriptionState } from '../presenters/billing.ts';
import { avatarUrl } from './avatars.ts';
import { LIVE_STATUSES } from './billing/state.ts';

export async function currentUser(deps: Pick<Deps, 'db' | 'config' | 'now'>, caller: Caller): Promise<CurrentUser> {
  const { user } = caller;
  const now = deps.now();
  // An API token works in its own organisation only (issue #34): that one is current, and the only one it names.
  const orgId = caller.apiToken ? caller.apiToken.orgId : caller.session.orgId;
  const rows = await currentUserRows(deps.db, { userId: user.id, orgId, email: user.email }, now);
  if (caller.apiToken) {
    rows.orgs = rows.orgs.filter((o) => o.id === orgId);
    rows.invitations = [];
  }
  const subscription =
    rows.org && presentSubscriptionState(rows.org, now, deps.config.billing !== undefined, LIVE_STATUSES.has(rows.org.subscriptionStatus ?? ''));
  return presentCurrentUser(user, { rows, subscription, avatarUrl: await avatarUrl(deps.config, user, now), publicUrl: deps.config.publicUrl });
}
