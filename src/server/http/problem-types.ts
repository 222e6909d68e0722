/**
 * THE problem types of the API's error answers (RFC 9457, "Problem Details for HTTP APIs"): every refusal
 * answers `Content-Type: application/problem+json` with `{ type, title, status, detail }` (and `errors` beside
 * a 422's `detail`, as before), so a client branches on `type` and shows `detail` (the spec's words).
 *
 * A type is a tag URI (RFC 4151), `tag:ringbinder,2026:problem/<name>`: a stable name that no one is meant to
 * open (RFC 9457 §3.1.1 allows a type that does not resolve), the same on every installation whatever its
 * PUBLIC_URL. The table is small and fixed: a new kind of refusal takes an existing type unless a client must
 * tell it apart (docs/api.md "Errors" lists them). `title` is the type's one fixed short summary; `detail`
 * says what happened this time.
 */

export const PROBLEM_TYPE_PREFIX = 'tag:ringbinder,2026:problem/';

/** The name of each type → its title and the status it usually comes with. */
export const PROBLEM_TYPES = {
  'bad-request': { title: 'Bad request', status: 400 },
  unauthorized: { title: 'Not signed in', status: 401 },
  'payment-required': { title: 'Subscription expired', status: 402 },
  forbidden: { title: 'Forbidden', status: 403 },
  'not-found': { title: 'Not found', status: 404 },
  'method-not-allowed': { title: 'Method not allowed', status: 405 },
  'not-acceptable': { title: 'Not acceptable', status: 406 },
  conflict: { title: 'Conflict', status: 409 },
  'too-large': { title: 'Content too large', status: 413 },
  validation: { title: 'Validation failed', status: 422 },
  'idempotency-mismatch': { title: 'Idempotency key reused with another request', status: 422 },
  'rate-limited': { title: 'Too many requests', status: 429 },
  'server-error': { title: 'Internal server error', status: 500 },
  unavailable: { title: 'Service unavailable', status: 503 },
} as const satisfies Record<string, { title: string; status: number }>;

export type ProblemTypeName = keyof typeof PROBLEM_TYPES;

/** The type a status takes when its error names none. */
const BY_STATUS: ReadonlyMap<number, ProblemTypeName> = new Map(
  (Object.entries(PROBLEM_TYPES) as [ProblemTypeName, { status: number }][])
    .filter(([name]) => name !== 'idempotency-mismatch')
    .map(([name, { status }]) => [status, name]),
);

/** The type's URI. */
export const problemTypeUri = (name: ProblemTypeName): string => `${PROBLEM_TYPE_PREFIX}${name}`;

/** The type of an error answer of `status`, `name` when the error names one (4xx without its own: bad-request; 5xx: server-error). */
export function problemTypeOf(status: number, name?: ProblemTypeName): ProblemTypeName {
  return name ?? BY_STATUS.get(status) ?? (status >= 500 ? 'server-error' : 'bad-request');
}

export const PROBLEM_JSON = 'application/problem+json';

/** The RFC 9457 body of an error answer. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  [member: string]: unknown;
}

/** The body of an error answer: the type's URI and title, the status, the detail, and any members beside them (a 422's `errors`). */
export function problemOf(status: number, detail: string, extra: Record<string, unknown> = {}, name?: ProblemTypeName): Problem {
  const type = problemTypeOf(status, name);
  return { ...extra, type: problemTypeUri(type), title: PROBLEM_TYPES[type].title, status, detail };
}
