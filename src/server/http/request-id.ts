/**
 * `X-Request-Id` on every answer, the API's and the site's: the request's own when it brings a sane one (at
 * most 128 characters of `A-Z a-z 0-9 . _ : -`, as a proxy or a client's tracing would send), otherwise a new
 * one (a random UUID). The same id is in the request's log line (request-log.ts), so an operator finds the
 * line of an answer a person reports. Anything else in the header (too long, spaces, quotes, line breaks…)
 * is not trusted into the log: a new id replaces it.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: `given` when it is sane, a new one otherwise. */
export function requestIdFor(given: string | undefined): string {
  const id = given?.trim();
  return id !== undefined && SANE.test(id) ? id : randomUUID();
}

export type RequestIdEnv = { Variables: { requestId: string } };

export function requestId(): MiddlewareHandler<RequestIdEnv> {
  return async (c, next) => {
    const id = requestIdFor(c.req.header(REQUEST_ID_HEADER));
    c.set('requestId', id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
  };
}
