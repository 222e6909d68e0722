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
 * Stripe could not be asked (unreachable, timed out, refused our key, answered an error): the route
 * answers 503 with this detail, and a webhook is left for Stripe to retry.
 */
export class PaymentsUnavailable extends Error {
  constructor(cause: unknown) {
    super('The payment provider could not be reached, please try again later', { cause });
  }
}

/** Runs a Stripe call; any failure of it becomes PaymentsUnavailable (logged once, without secrets). */
export async function askStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e = err as { type?: string; message?: string; statusCode?: number };
    console.error(`Stripe: ${what} failed:`, e.type ?? 'error', e.statusCode ?? '', e.message ?? String(err));
    throw new PaymentsUnavailable(err);
  }
}
