/**
 * The organisation's subscription state (issue #15), kept only from signed Stripe webhooks
 * (./webhooks.ts): which Stripe subscription, its status, price and current period end, and paid_until —
 * what the 402 gate reads (auth/membership.ts).
 *
 * Out-of-order events never move the state backwards: each applied event's creation time is kept
 * (subscription_event_at); an event about the same subscription that is older is ignored, and one of the
 * same second only moves the status forwards (RANK) or the period end later. An event about another
 * subscription replaces the one kept when it is live, or when the one kept is not; an old subscription's
 * end never ends a newer live one.
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/connection.ts';
import { organisations } from '../../db/schema.ts';
import type { StripeSubscription } from './stripe-events.ts';

/** The statuses under which a subscription opens the organisation through its current period. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/**
 * Past the current period end the organisation stays open this long: Stripe renews a subscription at the
 * period end and the webhook with the next period can come an hour or more later.
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** Within one second, a status only moves forwards along this order. */
const RANK: Record<string, number> = { incomplete: 0, incomplete_expired: 1, canceled: 3 };
const rank = (status: string | null) => (status === null ? -1 : (RANK[status] ?? 2));

/** What the database keeps of one Stripe subscription. */
export interface SubscriptionFacts {
  id: string;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
}

type OrgBilling = Pick<
  typeof organisations.$inferSelect,
  'stripeSubscriptionId' | 'subscriptionStatus' | 'currentPeriodEnd' | 'subscriptionEventAt'
>;

const epoch = (seconds: number | null | undefined) => (typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null);

/**
 * A Stripe subscription as the database keeps it (its shape checked: ./stripe-events.ts). The period end
 * is on the subscription before API 2025-03, on its items since (the latest of them).
 */
export function factsOf(sub: StripeSubscription): SubscriptionFacts {
  const itemEnds = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((n) => n !== undefined);
  const end = sub.current_period_end ?? (itemEnds.length ? Math.max(...itemEnds) : null);
  return {
    id: sub.id,
    status: sub.status,
    priceId: sub.items?.data[0]?.price?.id ?? null,
    currentPeriodEnd: epoch(end),
  };
}

/** Whether an event of `eventAt` about `incoming` may replace what the organisation keeps. */
export function moves(kept: OrgBilling, incoming: SubscriptionFacts, eventAt: Date): boolean {
  const keptAt = kept.subscriptionEventAt?.getTime() ?? -Infinity;
  const at = eventAt.getTime();
  if (kept.stripeSubscriptionId === incoming.id) {
    if (at !== keptAt) return at > keptAt;
    const [r, keptRank] = [rank(incoming.status), rank(kept.subscriptionStatus)];
    if (r !== keptRank) return r > keptRank;
    return (incoming.currentPeriodEnd?.getTime() ?? 0) >= (kept.currentPeriodEnd?.getTime() ?? 0);
  }
  if (kept.stripeSubscriptionId === null) return true;
  const keptLive = LIVE_STATUSES.has(kept.subscriptionStatus ?? '');
  if (LIVE_STATUSES.has(incoming.status)) return !keptLive || at >= keptAt;
  return !keptLive && at >= keptAt;
}

/** paid_until of a subscription: its period end plus the renewal grace while it is live. */
export function paidUntilOf(facts: SubscriptionFacts): Date | null {
  if (!LIVE_STATUSES.has(facts.status) || !facts.currentPeriodEnd) return null;
  return new Date(facts.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS);
}

/**
 * Applies an event's subscription to the organisation (row locked), unless it would move the state
 * backwards; `customerId` is kept when the organisation has none yet. Answers whether it changed.
 */
export async function applySubscription(
  tx: Queryable,
  orgId: string,
  incoming: SubscriptionFacts,
  eventAt: Date,
  customerId: string | null,
): Promise<boolean> {
  const [kept] = await tx
    .select({
      stripeCustomerId: organisations.stripeCustomerId,
      stripeSubscriptionId: organisations.stripeSubscriptionId,
      subscriptionStatus: organisations.subscriptionStatus,
      currentPeriodEnd: organisations.currentPeriodEnd,
      subscriptionEventAt: organisations.subscriptionEventAt,
    })
    .from(organisations)
    .where(eq(organisations.id, orgId))
    .for('update');
  if (!kept || !moves(kept, incoming, eventAt)) return false;
  await tx
    .update(organisations)
    .set({
      stripeSubscriptionId: incoming.id,
      subscriptionStatus: incoming.status,
      subscriptionPriceId: incoming.priceId,
      currentPeriodEnd: incoming.currentPeriodEnd,
      subscriptionEventAt: eventAt,
      paidUntil: paidUntilOf(incoming),
      ...(kept.stripeCustomerId === null && customerId !== null ? { stripeCustomerId: customerId } : {}),
    })
    .where(eq(organisations.id, orgId));
  return true;
}
