/** Request schemas of the billing calls (issue #15; shapes in ./billing.ts). */
import { z } from 'zod';

/** POST billing/create-checkout-session: the plan's price id (an unknown one is a 422 naming price_id). */
export const createCheckoutSessionBody = z
  .object({
    price_id: z.string({ error: 'price_id must be a string' }).trim().min(1, 'price_id is required').max(255, 'price_id is too long'),
  })
  .strict();
