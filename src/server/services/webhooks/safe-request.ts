/**
 * THE one request a webhook delivery makes (docs/webhooks.md "Where deliveries may go"): a POST to an
 * http or https address that
 * - never reaches a private, loopback, link-local, shared, multicast or reserved address, IPv4 or IPv6
 *   (mapped, NAT64 and 6to4 addresses judged by the IPv4 address inside), unless WEBHOOK_ALLOW_PRIVATE is
 *   set: judged on the address connected to — an IP literal as it is, a name after DNS resolution (a
 *   `lookup` that hands the socket only addresses it has checked, so a name cannot resolve one way for
 *   the check and another for the connection);
 * - follows no redirect: a 3xx is a failed attempt;
 * - gives up after 10 s (WEBHOOK_TIMEOUT_MS), and keeps only the first KB of the answer.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_RESPONSE_HEAD_BYTES } from '../../../shared/api/webhooks.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv6 one that carries one (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96, 2002::/16), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return v4(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail allowed); undefined if it is not one. */
function expandIpv6(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : fill < 0) return undefined;
  const groups = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...rest];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** Whether a delivery may not connect to this IP address (private, loopback, link-local, …). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const inside = embeddedIpv4(address);
  if (inside !== undefined) return blocked.check(inside, 'ipv4');
  return blocked.check(address.split('%')[0]!, 'ipv6');
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

/** Kept-alive agents for a sender: each socket was opened through the checked lookup (per request, below). */
export function webhookAgents(): WebhookAgents {
  const options = { keepAlive: true, maxSockets: 8, maxFreeSockets: 4, timeout: WEBHOOK_TIMEOUT_MS };
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
