/** The answers of the billing calls and _build-info (shared/api/billing.ts, accounts.ts BuildInfo), for the OpenAPI document. */
import { z } from 'zod';

export const billingPlan = z.object({
  id: z.string(),
  unit_amount: z.int().describe('Cents'),
  currency: z.string(),
  recurring: z.object({ interval: z.string() }),
  product: z.object({ name: z.string(), description: z.string() }),
}).meta({ id: 'BillingPlan' });

export const checkoutSession = z.object({ url: z.string() }).meta({ id: 'CheckoutSession' });

export const webhookReceived = z.object({ received: z.literal(true) }).meta({ id: 'StripeWebhookReceived' });

export const buildInfo = z.object({
  version: z.string(),
  time: z.string(),
  billing: z.object({ enabled: z.boolean(), trial_days: z.int() }),
}).meta({ id: 'BuildInfo' });
