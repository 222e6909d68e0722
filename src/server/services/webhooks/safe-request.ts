/**
 * THE one request a webhook delivery makes (docs/webhooks.md "Where deliveries may go"): a POST to an
 * http or https address that
 * - never reaches an address of an IANA special-purpose block (private, loopback, link-local, shared,
 *   multicast, reserved, the IPv6 translation blocks…: only global unicast; an IPv4-mapped IPv6 address
 *   judged by the IPv4 address inside), unless WEBHOOK_ALLOW_PRIVATE is set: judged on the address connected to — an IP literal as it is, a name after DNS resolution (a
 *   `lookup` that hands the socket only addresses it has checked, so a name cannot resolve one way for
 *   the check and another for the connection);
 * - follows no redirect: a 3xx is a failed attempt;
 * - gives up after 10 s (WEBHOOK_TIMEOUT_MS), and keeps only the first KB of the answer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_RESPONSE_HEAD_BYTES } from '../../../shared/api/webhooks.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The IETF-reserved ::/8 (its IPv4-mapped addresses aside, judged by the IPv4 address inside): the deprecated IPv4-compatible ::/96 among it. */
const IETF_RESERVED_V6 = ipaddr.parseCIDR('::/8');

/**
 * Whether a delivery may not connect to this IP address: anything but a global unicast address, as the
 * `ipaddr.js` range table names the IANA special-purpose blocks (private, loopback, link-local, shared,
 * multicast, documentation, benchmarking, reserved, and the IPv6 translation blocks — SIIT `::ffff:0:0:0/96`,
 * NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32` — …). An IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) is the IPv4 address it carries.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
    else if (v6.match(IETF_RESERVED_V6)) return true;
  }
  return parsed.range() !== 'unicast';
}

export class RefusedAddress extends Error {}

/** dns.lookup that answers only addresses a delivery may connect to. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const allowed = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0) {
        return callback(new RefusedAddress(`${hostname} resolves only to private addresses (${addresses.map((a) => a.address).join(', ')})`), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

export interface WebhookAnswer {
  /** null: no answer (refused address, no connection, timeout). */
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  responseHead: string;
  durationMs: number;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Kept-alive connections (webhookAgents): a socket is reused only to the address it was checked for. Without: a connection per request. */
  agent?: WebhookAgents;
}

export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
}

/**
 * Kept-alive agents for a sender: each socket was opened through the checked lookup (per request, below).
 * As many sockets per host as the sender has deliveries in flight (`maxSockets`): endpoints of several
 * organisations on one host never wait in the agent behind another's slow requests (the sender's own
 * caps bound them).
 */
export function webhookAgents(maxSockets = 64): WebhookAgents {
  const options = { keepAlive: true, maxSockets, maxFreeSockets: 4, timeout: WEBHOOK_TIMEOUT_MS };
  return { http: new http.Agent(options), https: new https.Agent(options) };
}

/** POSTs a delivery and tells how it went; never throws. */
export async function postWebhook(request: WebhookRequest): Promise<WebhookAnswer> {
  const started = performance.now();
  const done = (answer: Omit<WebhookAnswer, 'durationMs'>): WebhookAnswer => ({ ...answer, durationMs: Math.round(performance.now() - started) });
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return done({ statusCode: null, ok: false, error: 'The address is not a URL', responseHead: '' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return done({ statusCode: null, ok: false, error: 'Only http and https addresses are called', responseHead: '' });
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !request.allowPrivate && isPrivateAddress(host)) {
    return done({ statusCode: null, ok: false, error: `${host} is a private address (WEBHOOK_ALLOW_PRIVATE is not set)`, responseHead: '' });
  }
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<WebhookAnswer>((resolve) => {
    let settled = false;
    const finish = (answer: Omit<WebhookAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(answer));
    };
    const send = url.protocol === 'https:' ? https.request : http.request;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup: checkedLookup(request.allowPrivate),
        agent: request.agent ? (url.protocol === 'https:' ? request.agent.https : request.agent.http) : false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answered = (more: boolean) => {
          const status = res.statusCode ?? 0;
          const head = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_HEAD_BYTES).toString('utf8');
          const redirect = status >= 300 && status < 400;
          finish({
            statusCode: status,
            ok: status >= 200 && status < 300,
            error: redirect ? `Redirects are not followed${res.headers.location ? ` (to ${String(res.headers.location).slice(0, 200)})` : ''}` : null,
            responseHead: head,
          });
          // The rest of a long answer is not read: its connection is dropped (a short one's is kept).
          if (more) res.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_HEAD_BYTES) answered(true);
        });
        res.on('end', () => answered(false));
        res.on('error', () => answered(true));
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, ok: false, error: `No answer within ${timeoutMs / 1000} s`, responseHead: '' });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, ok: false, error: err.message || String(err), responseHead: '' }));
    req.end(request.body);
  });
}
