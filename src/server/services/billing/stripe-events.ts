/**
 * The shapes of what the webhook reads from Stripe (issue #28): an event, and the checkout session,
 * subscription or invoice it carries. A signed event is checked against these before anything is read
 * from it or written, so one of another shape answers 400 and changes nothing, instead of a 500 half-way
 * or a state made from a field that is not what Stripe writes (a period end that is not a number).
 * Only the fields we read are checked; the rest passes untouched, since Stripe adds fields in new API
 * versions. The subscription shape also checks what `subscriptions.retrieve` answers.
 */
import { z } from 'zod';
import { badRequest } from '../../errors.ts';

export const MALFORMED_EVENT = 'Malformed Stripe event';

/** A Unix time in seconds that JavaScript and PostgreSQL can both keep as a date (up to 9999-12-31). */
const SECONDS = { error: 'expected a Unix time in seconds' };
const unixSeconds = z.int(SECONDS).min(0, SECONDS).max(253_402_300_799, SECONDS);
const stripeId = z.string().min(1);
/** Another Stripe object: its id, or the object itself when expanded. */
const reference = z.union([stripeId, z.looseObject({ id: stripeId })], { error: 'expected an id, or an object with an id' });
const metadata = z.record(z.string(), z.string()).nullish();

/** Every event: what the webhook needs before it looks at the object. */
export const stripeEvent = z.looseObject({
  id: stripeId,
  type: z.string().min(1),
  created: unixSeconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});
export type StripeEvent = z.output<typeof stripeEvent>;

export const checkoutSession = z.looseObject({
  id: stripeId,
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
  customer: reference.nullable(),
  subscription: reference.nullable(),
});

/** The period end is on the subscription before API 2025-03 and on its items since; either may be absent, neither may be anything but seconds. */
export const subscription = z.looseObject({
  id: stripeId,
  customer: reference,
  status: z.string().min(1),
  metadata,
  current_period_end: unixSeconds.optional(),
  items: z
    .looseObject({
      data: z.array(z.looseObject({ current_period_end: unixSeconds.optional(), price: z.looseObject({ id: stripeId }).nullish() })),
    })
    .optional(),
});
export type StripeSubscription = z.output<typeof subscription>;

/** The subscription is under parent.subscription_details since API 2025-03, at the top before. */
export const invoice = z.looseObject({
  id: stripeId,
  customer: reference.nullable(),
  parent: z.looseObject({ subscription_details: z.looseObject({ subscription: reference.nullish() }).nullish() }).nullish(),
  subscription: reference.nullish(),
});

/** The id of a reference (an id, or an expanded object). */
export const idOf = (ref: z.output<typeof reference> | null | undefined): string | null => (typeof ref === 'string' ? ref : (ref?.id ?? null));

/**
 * `value` read as `schema`; else 400 'Malformed Stripe event: {where}: {what}' (`at` is where the value
 * sits in the event, e.g. data.object).
 */
export function checked<S extends z.ZodType>(schema: S, value: unknown, at: readonly string[] = []): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // One problem per field (a number too big for an int is also too late a time), three at most.
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const path = [...at, ...issue.path.map(String)].join('.');
    if (!problems.has(path)) problems.set(path, path ? `${path}: ${issue.message}` : issue.message);
  }
  throw badRequest(`${MALFORMED_EVENT}: ${[...problems.values()].slice(0, 3).join('; ')}`);
}
