/**
 * Every HTTP error of the API: a status and the `detail` the client shows. Routes and services throw
 * these; one handler (http/error-handler.ts) renders them as RFC 9457 problem details,
 * `{ "type", "title", "status", "detail" }` (http/problem-types.ts), `type` from the status unless the error names one.
 */
import { detailOf } from '../shared/api/field-errors.ts';
import type { ProblemTypeName } from './http/problem-types.ts';

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /** The problem type when the status's own is not the one (http/problem-types.ts). */
    readonly type?: ProblemTypeName,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);

/** The one answer for a missing, expired or revoked sign-in. */
export const notAuthenticated = () =>
  new HttpError(401, 'Could not validate credentials', {}, { 'WWW-Authenticate': 'Bearer' });

export const subscriptionExpired = () => new HttpError(402, 'Organization subscription is expired');
export const invalidSubscription = () => new HttpError(403, 'Invalid Organization Subscription');

export interface FieldError {
  field: string;
  message: string;
}

/** 422: the body is well-formed but its values are not; `detail` names the fields. */
export function validationFailed(errors: FieldError[]): HttpError {
  // A sentence written for people (field-errors.ts `sentence`) stands alone; a remark for programs keeps its field.
  return new HttpError(422, detailOf(errors), { errors });
}

export function tooManyRequests(retryAfterSeconds: number, detail = 'Too many attempts, please try again later'): HttpError {
  return new HttpError(429, detail, {}, { 'Retry-After': String(retryAfterSeconds) });
}
