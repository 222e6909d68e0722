/**
 * A local Stripe-compatible server for the billing API tests (issue #15): a stand-in for the third party,
 * never for our own server. A small node:http server that answers the few Stripe endpoints the billing
 * service uses, the way Stripe's API does (form-encoded requests, JSON answers, `{error}` on failure):
 *
 *   GET  /v1/prices                 the prices given (active only when asked), product expanded on `expand[]=data.product`
 *   POST /v1/customers              a new customer (the same one again for a repeated Idempotency-Key)
 *   POST /v1/checkout/sessions      a session with a checkout url (400 'No such price' for an unknown price)
 *   GET  /v1/subscriptions/:id      a subscription put there by the test (otherwise 404 with Stripe's
 *                                   own body: type invalid_request_error, code resource_missing)
 *
 * Every request is recorded (method, path, query, form fields as sent, e.g. `line_items[0][price]`) so
 * tests can assert what our server asked. `outage` makes it fail as Stripe does when it is down (a 500 or
 * 503, a 429, or the connection dropped). Webhook events are made here and signed with the package's own
 * `webhooks.generateTestHeaderString` (also bodies Stripe would never send: `signedPayload`).
 *
 *   const stripe = useStripeServer();                 // started before the test server, closed after
 *   const server = useTestServer({ env: stripe.env }); // the env is read when the server starts
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';

export const SECRET_KEY = 'sk_test_ringbinder_local';
export const WEBHOOK_SECRET = 'whsec_ringbinder_local_secret';

/** Billing on, for tests that never reach Stripe (the 402 gate): keys set, no Stripe server behind them. */
export const BILLING_ON_WITHOUT_STRIPE: Record<string, string> = {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Nothing listens on port 9 (discard): a call that did reach for Stripe would fail, not go to Stripe.
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body's fields as sent (bracketed keys kept: `metadata[org_id]`). */
  form: Record<string, string>;
  headers: IncomingMessage['headers'];
}

export interface PriceInput {
  id: string;
  unit_amount: number;
  currency?: string;
  interval?: 'day' | 'week' | 'month' | 'year';
  interval_count?: number;
  active?: boolean;
  type?: 'recurring' | 'one_time';
  product: { id?: string; name: string; description?: string | null; active?: boolean };
}

type Json = Record<string, unknown>;

/** How the stand-in fails while Stripe is down: an HTTP status with Stripe's error body, or every connection dropped. */
export type Outage = 500 | 503 | 429 | 'connection dropped';

export class StripeServer {
  readonly requests: RecordedRequest[] = [];
  readonly prices: PriceInput[] = [];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  /** When set, every request fails this way (Stripe down or refusing us for a while). */
  outage: Outage | null = null;
  private readonly idempotent = new Map<string, Json>();
  private sequence = 0;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The environment that points the server's billing here. */
  get env(): Record<string, string> {
    return { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: this.url };
  }

  /** Requests to one endpoint (`POST /v1/customers`). */
  to(endpoint: string): RecordedRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === endpoint);
  }

  /** Every request answered 500 while true (Stripe down): `outage = 500`. */
  get failing(): boolean {
    return this.outage !== null;
  }

  set failing(on: boolean) {
    this.outage = on ? 500 : null;
  }

  nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${process.pid.toString(36)}${Date.now().toString(36)}${this.sequence}`;
  }

  /**
   * A subscription object as Stripe's API (2025-03 and later) writes it: the period on its item. Put
   * into the server (so GET /v1/subscriptions/:id finds it) and answered.
   */
  subscription(input: { id?: string; customer: string; status: string; priceId: string; periodEnd: number; orgId?: string; created?: number }): Json {
    const id = input.id ?? this.nextId('sub');
    const created = input.created ?? Math.floor(Date.now() / 1000);
    const sub: Json = {
      id,
      object: 'subscription',
      customer: input.customer,
      status: input.status,
      created,
      metadata: input.orgId ? { org_id: input.orgId } : {},
      items: {
        object: 'list',
        data: [
          {
            id: this.nextId('si'),
            object: 'subscription_item',
            current_period_start: input.periodEnd - 30 * 86400,
            current_period_end: input.periodEnd,
            price: { id: input.priceId, object: 'price' },
            quantity: 1,
          },
        ],
        has_more: false,
      },
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const body = Buffer.concat(chunks).toString('utf8');
    const form = Object.fromEntries(new URLSearchParams(body));
    const method = req.method ?? 'GET';
    const path = url.pathname;
    this.requests.push({ method, path, query: url.searchParams, form, headers: req.headers });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': this.nextId('req') });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, message: string, param?: string, code?: string) =>
      send(status, { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message, param, code } });

    if (this.outage === 'connection dropped') return void req.socket.destroy();
    if (this.outage === 429) return error(429, 'Too many requests hit the API too quickly.', undefined, 'rate_limit');
    if (this.outage !== null) return error(this.outage, 'The stand-in is down');
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return error(401, 'Invalid API Key provided');

    if (method === 'GET' && path === '/v1/prices') {
      const activeOnly = url.searchParams.get('active') === 'true';
      const expand = [...url.searchParams.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
      const data = this.prices
        .filter((p) => !activeOnly || p.active !== false)
        .map((p) => this.priceObject(p, expand.includes('data.product')));
      return send(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (method === 'POST' && path === '/v1/customers') {
      const key = req.headers['idempotency-key'];
      const again = typeof key === 'string' ? this.idempotent.get(key) : undefined;
      if (again) return send(200, again);
      const customer: Json = { id: this.nextId('cus'), object: 'customer', name: form.name ?? null, metadata: metadataOf(form) };
      this.customers.set(customer.id as string, customer);
      if (typeof key === 'string') this.idempotent.set(key, customer);
      return send(200, customer);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const price = form['line_items[0][price]'];
      if (!this.prices.some((p) => p.id === price)) return error(400, `No such price: '${price}'`, 'line_items[0][price]');
      if (form.customer && !this.customers.has(form.customer)) return error(400, `No such customer: '${form.customer}'`, 'customer');
      const id = this.nextId('cs_test');
      const session: Json = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        metadata: metadataOf(form),
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub) {
      const id = decodeURIComponent(sub[1]!);
      const found = this.subscriptions.get(id);
      if (found) return send(200, found);
      // Stripe's own answer for an id it does not know (or no longer keeps).
      return send(404, {
        error: {
          code: 'resource_missing',
          doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
          message: `No such subscription: '${id}'`,
          param: 'id',
          request_log_url: `https://dashboard.stripe.com/test/logs/${this.nextId('req')}`,
          type: 'invalid_request_error',
        },
      });
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  private priceObject(p: PriceInput, expandProduct: boolean): Json {
    const productId = p.product.id ?? `prod_${p.id}`;
    const product = expandProduct
      ? { id: productId, object: 'product', name: p.product.name, description: p.product.description ?? null, active: p.product.active ?? true }
      : productId;
    const type = p.type ?? 'recurring';
    return {
      id: p.id,
      object: 'price',
      active: p.active ?? true,
      currency: p.currency ?? 'usd',
      unit_amount: p.unit_amount,
      type,
      recurring: type === 'recurring' ? { interval: p.interval ?? 'month', interval_count: p.interval_count ?? 1 } : null,
      product,
    };
  }
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(k);
    if (m) out[m[1]!] = v;
  }
  return out;
}

/** One Stripe server for the whole file: started before the test server (declare it first), closed after. */
export function useStripeServer(): StripeServer {
  const stripe = new StripeServer();
  beforeAll(() => stripe.start());
  afterAll(() => stripe.close());
  return stripe;
}

// ─── Webhook events ──────────────────────────────────────────────────────────────────────────────

let eventSequence = 0;

export interface SignedEvent {
  /** The event's id ('' when the body has none). */
  id: string;
  payload: string;
  /** The Stripe-Signature header. */
  signature: string;
}

/** A Stripe event of `type` about `object`, as Stripe writes it (unsigned: change it, then `signedPayload`). */
export function eventOf(type: string, object: unknown, options: { id?: string; created?: number } = {}): Json {
  eventSequence += 1;
  return {
    id: options.id ?? `evt_${process.pid.toString(36)}${Date.now().toString(36)}${eventSequence}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/**
 * Any body signed as Stripe signs it (now, unless `signedAt` seconds are given) — also one Stripe would
 * never send, to show what the webhook makes of a malformed event whose signature holds.
 */
export function signedPayload(payload: string, options: { secret?: string; signedAt?: number } = {}): SignedEvent {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.signedAt === undefined ? {} : { timestamp: options.signedAt }),
  });
  let id = '';
  try {
    const parsed = JSON.parse(payload) as { id?: unknown } | null;
    if (typeof parsed?.id === 'string') id = parsed.id;
  } catch {
    // Not JSON: no id.
  }
  return { id, payload, signature };
}

/** A Stripe event of `type` about `object`, signed as Stripe signs it (now, unless `signedAt` seconds are given). */
export function signedEvent(
  type: string,
  object: Json,
  options: { id?: string; created?: number; secret?: string; signedAt?: number } = {},
): SignedEvent {
  return signedPayload(JSON.stringify(eventOf(type, object, options)), options);
}

/** The same event signed again (as Stripe does when it retries a delivery). */
export function resigned(event: SignedEvent, signedAt: number, secret = WEBHOOK_SECRET): SignedEvent {
  return { ...event, signature: Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret, timestamp: signedAt }) };
}

/** A completed Checkout session in subscription mode, as checkout.session.completed carries it. */
export function completedSession(input: { orgId: string | null; customer: string; subscription: string }): Json {
  return {
    id: `cs_test_done_${input.subscription}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: input.orgId,
    customer: input.customer,
    subscription: input.subscription,
    metadata: input.orgId ? { org_id: input.orgId } : {},
  };
}

/** An invoice of a subscription as Stripe's API (2025-03 and later) writes it. */
export function invoiceOf(input: { customer: string; subscription: string; status?: string }): Json {
  return {
    id: `in_${input.subscription}_${(eventSequence += 1)}`,
    object: 'invoice',
    customer: input.customer,
    status: input.status ?? 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription: input.subscription, metadata: {} } },
  };
}
