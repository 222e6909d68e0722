/**
 * The Stripe client (issue #15), through the official `stripe` package. It is imported on first use, so a
 * server with billing off (no STRIPE_SECRET_KEY) never loads it; one client per configuration.
 * STRIPE_API_BASE points it at another address (a local Stripe-compatible server in the API tests).
 */
import type Stripe from 'stripe';
import type { BillingConfig, Config } from '../../config.ts';
import { conflict } from '../../errors.ts';

export type { Stripe };

const clients = new WeakMap<BillingConfig, Promise<Stripe>>();

/** The server's Stripe client; the package is loaded the first time. */
export function stripeClient(billing: BillingConfig): Promise<Stripe> {
  let client = clients.get(billing);
  if (!client) {
    client = import('stripe').then(
      ({ default: StripeClass }) =>
        new StripeClass(billing.secretKey, {
          ...(billing.apiBase ?? {}),
          appInfo: { name: 'Ringbinder' },
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
        }),
    );
    clients.set(billing, client);
  }
  return client;
}

export const PAYMENTS_NOT_SET_UP = 'Payments are not set up on this server';

/** The billing configuration, or 409 'Payments are not set up on this server' when billing is off. */
export function billingOf(config: Config): BillingConfig {
  if (!config.billing) throw conflict(PAYMENTS_NOT_SET_UP);
  return config.billing;
}

/**
 * Stripe could not be asked (unreachable, timed out, rate-limited, refused our key, answered an error or
 * something we cannot read): the route answers 503 with this detail, and a webhook is left for Stripe to
 * retry.
 */
export class PaymentsUnavailable extends Error {
  constructor(cause: unknown) {
    super('The payment provider could not be reached, please try again later', { cause });
  }
}

/** Logged once, without secrets, as the failure becomes PaymentsUnavailable. */
export function paymentsUnavailable(what: string, err: unknown): PaymentsUnavailable {
  const e = err as { type?: string; message?: string; statusCode?: number };
  console.error(`Stripe: ${what} failed:`, e.type ?? 'error', e.statusCode ?? '', e.message ?? String(err));
  return new PaymentsUnavailable(err);
}

/** Runs a Stripe call; any failure of it becomes PaymentsUnavailable. */
export async function askStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw paymentsUnavailable(what, err);
  }
}

/**
 * Stripe's answer for an object it does not know, or no longer keeps: the package's
 * StripeInvalidRequestError with status 404 and code resource_missing. Not an outage: asking again
 * will not find it.
 */
export function isResourceMissing(err: unknown): boolean {
  const e = err as { type?: unknown; statusCode?: unknown; code?: unknown } | null;
  return e?.type === 'StripeInvalidRequestError' && e.statusCode === 404 && e.code === 'resource_missing';
}

/** Reads one object from Stripe: null when Stripe does not know it (404), PaymentsUnavailable for any other failure. */
export async function findInStripe<T>(what: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isResourceMissing(err)) return null;
    throw paymentsUnavailable(what, err);
  }
}
