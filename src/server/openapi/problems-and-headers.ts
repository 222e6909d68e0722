/**
 * What every operation of THE document shares (document.ts adds it): the RFC 9457 Problem of every error and the
 * shared error responses, and the headers answers carry and requests may send — X-Request-Id; ETag, If-None-Match
 * and 304 on JSON reads; Idempotency-Key and Idempotent-Replayed on creating POSTs; Retry-After and RateLimit on
 * 429s; Content-Disposition on files (issue #40 item 9).
 */
import { DESCRIPTIONS } from './operation.ts';

/** Every error's body (errors.ts HttpError, http/error-handler.ts): an RFC 9457 problem. */
export const PROBLEM = {
  type: 'object',
  description: 'An error (RFC 9457 problem details), as `application/problem+json`',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'A stable URI naming the kind of problem: branch on it (it need not resolve)' },
    title: { type: 'string', description: 'The type’s short summary, always the same for a type' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status' },
    detail: { type: 'string', description: 'What went wrong, in words for a person' },
    errors: {
      type: 'array',
      description: 'A 422: each refused field',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

/** The media type of every error's body (RFC 9457). */
const PROBLEM_MEDIA = 'application/problem+json';

const ERROR_WORDS: Record<number, string> = {
  400: 'Bad request (malformed JSON, or no organisation chosen)',
  401: 'Not signed in, or the credentials are not valid',
  402: 'The organisation subscription is expired',
  403: 'Not allowed',
  404: 'Not found (also for ids of other organisations)',
  406: 'Not acceptable (this call answers another media type: see Accept)',
  409: 'Conflict',
  410: 'Gone',
  413: 'The request body is too large',
  416: 'Range not satisfiable (no body; Content-Range names the size)',
  422: 'The request breaks the schema; `errors` names the fields',
  429: 'Too many requests; see Retry-After',
  503: 'A service this call needs is unavailable',
};

/** The name of each error's response in `components.responses`. */
export const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'ContentTooLarge',
  416: 'RangeNotSatisfiable',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

const header = (description: string, schema: object = { type: 'string' }) => ({ description, schema });
export const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers answers carry (the contracts of issue #40: h-http, h-idempotency). */
export const HEADERS = {
  XRequestId: header('The request’s id, for the logs: the request’s own `X-Request-Id` when it sent a sane one, else a new one'),
  ETag: header('The answer’s entity tag: name it in If-None-Match to be answered 304 while it has not changed'),
  RetryAfter: header('Seconds to wait before trying again', { type: 'integer', minimum: 0 }),
  RateLimitPolicy: header('The throttle’s policy (IETF draft “RateLimit header fields for HTTP”), on the throttled calls'),
  RateLimit: header('What is left of the throttle’s quota and when it resets (IETF draft), on the throttled calls'),
  IdempotentReplayed: header('`true` when this is the first answer to the same Idempotency-Key and body, answered again', { type: 'string', enum: ['true'] }),
  ContentDisposition: header('`attachment` (a download) or `inline`, with the file’s name'),
  ContentRange: header('The range sent and the file’s size (`bytes 0-99/1234`; a 416: `bytes */1234`)'),
};

export const PARAMETERS = {
  XRequestId: {
    in: 'header',
    name: 'X-Request-Id',
    required: false,
    description: 'An id of the caller’s own for this request, answered back and logged; one that does not match the pattern is replaced by a new one',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  IfNoneMatch: {
    in: 'header',
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of the answer the caller has: 304 without a body while it has not changed',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    in: 'header',
    name: 'Idempotency-Key',
    required: false,
    description: 'A key of the caller’s own (e.g. a UUID) that makes a retry safe: the same key with the same body answers the first answer again (`Idempotent-Replayed: true`) without creating anything; the same key with another body answers 422; while the first request with it is still running, 409 with Retry-After; a malformed key 400',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
};

/** The headers of a success's answer (the contracts of issue #40). */
export function successHeaders(method: string, status: string, response: { content?: Record<string, unknown> }): Record<string, object> {
  const headers: Record<string, object> = { 'X-Request-Id': ref('headers', 'XRequestId') };
  const media = Object.keys(response.content ?? {});
  if (method === 'get' && (status === '200' || status === '304') && (media.includes('application/json') || status === '304')) headers.ETag = ref('headers', 'ETag');
  if (method === 'post' && status === '201') headers['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
  // A file: anything but JSON and an event stream is sent with its name.
  if (media.some((m) => m !== 'application/json' && m !== 'text/event-stream')) headers['Content-Disposition'] = ref('headers', 'ContentDisposition');
  if (status === '206') headers['Content-Range'] = ref('headers', 'ContentRange');
  return headers;
}

/** `components.responses`: every error a call answers, once (a Problem, or no body for a 416), and the 304. */
export function sharedResponses(used: Set<number>): Record<string, object> {
  const responses: Record<string, object> = {};
  for (const [status, name] of Object.entries(ERROR_NAMES)) {
    if (!used.has(Number(status))) continue;
    const headers: Record<string, object> = { 'X-Request-Id': ref('headers', 'XRequestId') };
    if (status === '429') Object.assign(headers, { 'Retry-After': ref('headers', 'RetryAfter'), 'RateLimit-Policy': ref('headers', 'RateLimitPolicy'), RateLimit: ref('headers', 'RateLimit') });
    if (status === '416') headers['Content-Range'] = ref('headers', 'ContentRange');
    // An Idempotency-Key whose first request is still running: try again after a while.
    if (status === '409') headers['Retry-After'] = ref('headers', 'RetryAfter');
    responses[name] = {
      description: ERROR_WORDS[Number(status)] ?? 'Error',
      headers,
      // A 416 has no body (routes/uploads.ts sendFile); every other error is a Problem.
      ...(status === '416' ? {} : { content: { [PROBLEM_MEDIA]: { schema: { $ref: '#/components/schemas/Problem' } } } }),
    };
  }
  responses.NotModified = { description: DESCRIPTIONS[304], headers: { 'X-Request-Id': ref('headers', 'XRequestId'), ETag: ref('headers', 'ETag') } };
  return responses;
}
