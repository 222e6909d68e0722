/**
 * The throttles' headers (IETF draft-ietf-httpapi-ratelimit-headers): a throttled call's answer, success and
 * 429 alike, says which limits counted it and what is left of each —
 * `RateLimit-Policy: "sign-in:ip";q=30;w=900` (q: the limit, w: its window in seconds) and
 * `RateLimit: "sign-in:ip";r=29;t=900` (r: what is left, t: seconds until the window frees some), one list
 * member per limit. A 429 carries Retry-After besides (errors.ts `tooManyRequests`).
 *
 * The throttle (auth/throttle.ts) runs deep inside services, which know nothing of HTTP: it reports what
 * it counted into the request's own record (AsyncLocalStorage, opened by `rateLimitHeaders` around every
 * call of the API), and the middleware writes the headers on the way out. Outside a request (a background
 * pass, a unit test) reporting does nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';

/** One limit that counted the call, as the throttle found it. */
export interface RateLimitUsage {
  /** The limit's name, a list member's key: `sign-in:ip`, `share-submission:link`… */
  name: string;
  /** At most this many… */
  limit: number;
  /** …in a window of this many seconds. */
  windowSeconds: number;
  /** What is left in the window now (0 when refused). */
  remaining: number;
  /** Seconds until the window frees some of what is used (the whole window when nothing is used yet). */
  resetSeconds: number;
}

const current = new AsyncLocalStorage<Map<string, RateLimitUsage>>();

/** Whether a request is under way to report to (the throttle reads nothing for headers otherwise). */
export function rateLimitRecordOpen(): boolean {
  return current.getStore() !== undefined;
}

/** Notes what the throttle counted for the request under way (the last word on a name wins). */
export function reportRateLimit(usages: readonly RateLimitUsage[]): void {
  const record = current.getStore();
  if (!record) return;
  for (const usage of usages) record.set(usage.name, usage);
}

/** A structured-field string (RFC 8941 §3.3.3): quoted, `"` and `\` escaped. */
const sfString = (value: string) => `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

/** The two headers of some usages; undefined when none. */
export function rateLimitHeaderValues(usages: readonly RateLimitUsage[]): { policy: string; limit: string } | undefined {
  if (usages.length === 0) return undefined;
  return {
    policy: usages.map((u) => `${sfString(u.name)};q=${u.limit};w=${u.windowSeconds}`).join(', '),
    limit: usages.map((u) => `${sfString(u.name)};r=${Math.max(0, u.remaining)};t=${Math.max(0, u.resetSeconds)}`).join(', '),
  };
}

/** Around every call of the API (api.ts): opens the request's record, and writes its headers on the answer. */
export function rateLimitHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const record = new Map<string, RateLimitUsage>();
    await current.run(record, next);
    const values = rateLimitHeaderValues([...record.values()]);
    if (!values) return;
    c.res.headers.set('RateLimit-Policy', values.policy);
    c.res.headers.set('RateLimit', values.limit);
  };
}
