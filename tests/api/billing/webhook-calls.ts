/**
 * What the webhook tests share: sending a signed body to billing/webhook, reading back what the
 * organisation keeps and which events were recorded, and an organisation whose Stripe customer exists.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { organisations, stripeEvents } from '../../../src/server/db/schema.ts';
import { orgWithAdmin, type TestOrg, type TestUser } from '../support/factories.ts';
import type { TestServer } from '../support/harness.ts';
import type { SignedEvent } from '../support/stripe-server.ts';

export const PRICE = 'price_monthly';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function webhookCalls(server: TestServer) {
  /** POSTs the body as Stripe does: raw JSON with its Stripe-Signature header (none when null). */
  function send(event: SignedEvent, signature: string | null = event.signature, payload = event.payload) {
    return server.client().request('POST', 'billing/webhook', {
      body: payload,
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    });
  }

  async function accepted(event: SignedEvent): Promise<void> {
    const res = await send(event);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: true });
  }

  async function orgRow(orgId: string) {
    const [row] = await server.db.select().from(organisations).where(eq(organisations.id, orgId));
    return row!;
  }

  /** The recorded events: one id's, or all of them. */
  const recorded = (eventId?: string) =>
    eventId === undefined ? server.db.select().from(stripeEvents) : server.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId));

  /** An organisation in its trial whose admin has been to Checkout once: its Stripe customer exists. */
  async function customerOrg(): Promise<{ admin: TestUser; org: TestOrg; customer: string }> {
    const { admin, org } = await orgWithAdmin(server);
    const res = await admin.api.post('billing/create-checkout-session', { price_id: PRICE });
    expect(res.status, res.text).toBe(200);
    return { admin, org, customer: (await orgRow(org.id)).stripeCustomerId! };
  }

  return { send, accepted, orgRow, recorded, customerOrg };
}
