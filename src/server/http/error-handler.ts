/** Renders every error as `{ "detail": … }`; anything unexpected is logged and answered 500 without internals. */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { HttpError } from '../errors.ts';

export function renderError(err: Error, c: Context): Response {
  if (err instanceof HttpError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json({ detail: err.detail, ...err.extra }, err.status);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    const detail = status === 413 ? 'Request body is too large' : err.message || 'Bad request';
    return c.json({ detail }, status);
  }
  console.error('Unexpected error on', c.req.method, c.req.path, err);
  return c.json({ detail: 'Internal server error' }, 500);
}
