/** Billing (issue #15): the Stripe webhook events already processed. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/** Stripe webhook events already processed (issue #15): each event id once, however often Stripe retries it. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: at('processed_at').notNull().defaultNow(),
  /** What came of it when it changed nothing ('subscription not found': Stripe no longer knows it); null when applied. */
  outcome: text('outcome'),
});
