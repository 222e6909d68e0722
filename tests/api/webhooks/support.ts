/**
 * A local webhook receiver (node:http on 127.0.0.1) for the webhook tests and the benchmark: it keeps
 * every request, checks its Standard Webhooks signature with the `standardwebhooks` package itself, and
 * answers what the test asks (fail the next n, redirect, …). Its server needs WEBHOOK_ALLOW_PRIVATE.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import type { TestUser } from '../support/factories.ts';

export interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether Webhook.verify accepted it with the receiver's secret (undefined: no secret set yet). */
  verified: boolean | undefined;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The endpoint's secret, once known: signatures are verified with it. */
  secret: string | undefined;
  /** Answer the next `n` requests with `status` (default 500). */
  failNext(n: number, status?: number): void;
  /** Every request answered with this status from now on (undefined: 200). */
  always: number | undefined;
  /** Answer with a redirect. */
  redirectTo: string | undefined;
  /** Called for each request as it arrives. */
  onRequest?: (r: Received) => void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let failing = 0;
  let failStatus = 500;
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: undefined,
    always: undefined,
    redirectTo: undefined,
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: boolean | undefined;
      if (receiver.secret) {
        try {
          new Webhook(receiver.secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        } catch {
          verified = false;
        }
      }
      let parsed: { type?: string; data?: Record<string, unknown> } = {};
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        // kept as it came
      }
      const entry: Received = {
        id: String(req.headers['webhook-id'] ?? ''),
        type: parsed.type ?? '',
        data: parsed.data ?? {},
        headers: req.headers,
        body,
        verified,
        at: performance.now(),
      };
      receiver.received.push(entry);
      receiver.onRequest?.(entry);
      if (receiver.redirectTo) {
        res.writeHead(302, { location: receiver.redirectTo }).end();
      } else if (failing > 0) {
        failing -= 1;
        res.writeHead(failStatus, { 'content-type': 'text/plain' }).end(`not now (${failStatus})`);
      } else if (receiver.always !== undefined) {
        res.writeHead(receiver.always, { 'content-type': 'text/plain' }).end('still failing');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Waits (polling, up to `timeoutMs`) until `ready()` holds; fails with `what` otherwise. */
export async function eventually(ready: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** POST webhooks as `admin`; expects 201 and answers the endpoint with its secret. */
export async function registerWebhook(admin: TestUser, body: { url: string; events: string[]; folder_id?: string | null }) {
  const res = await admin.api.post('webhooks', body);
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; secret: string; url: string; events: string[]; enabled: boolean };
}

export const ALL_EVENTS = [
  'checklist.submitted',
  'checklist.validation_failed',
  'document.published',
  'assignment.created',
  'assignment.claimed',
  'assignment.completed',
  'member.joined',
  'member.left',
];
