/**
 * Renders every error as RFC 9457 problem details (`application/problem+json`, http/problem-types.ts):
 * `{ type, title, status, detail }`, and the error's other members (a 422's `errors`) beside them. Anything
 * unexpected is logged and answered 500 without internals.
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HttpError } from '../errors.ts';
import { logger } from '../operations/logger.ts';
import { PROBLEM_JSON, problemOf, type ProblemTypeName } from './problem-types.ts';
import { routePatternOf } from './request-log.ts';

/** An error answer of `status`, as every error of the API is written (the headers set on `c` so far kept). */
export function problemAnswer(
  c: Context,
  status: ContentfulStatusCode,
  detail: string,
  extra: Record<string, unknown> = {},
  type?: ProblemTypeName,
): Response {
  return c.body(JSON.stringify(problemOf(status, detail, extra, type)), status, { 'Content-Type': PROBLEM_JSON });
}

export function renderError(err: Error, c: Context): Response {
  if (err instanceof HttpError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return problemAnswer(c, err.status, err.detail, err.extra, err.type);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const detail = status === 413 ? 'Request body is too large' : err.message || 'Bad request';
    return problemAnswer(c, status, detail);
  }
  logger().error({ err, reqId: c.get('requestId') as string | undefined, method: c.req.method, route: routePatternOf(c) }, 'Unexpected error');
  return problemAnswer(c, 500, 'Internal server error');
}
