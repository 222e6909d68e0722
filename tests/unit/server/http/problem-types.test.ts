/** The problem types (src/server/http/problem-types.ts): one fixed table, a type for every error status, stable URIs. */
import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPE_PREFIX, PROBLEM_TYPES, problemOf, problemTypeOf } from '../../../../src/server/http/problem-types.ts';
import { rateLimitHeaderValues } from '../../../../src/server/http/rate-limit.ts';
import { requestIdFor } from '../../../../src/server/http/request-id.ts';

describe('problemOf', () => {
  it('writes type, title, status and detail, the members beside them kept (a 422’s errors), never overridden', () => {
    expect(problemOf(422, 'Name is required', { errors: [{ field: 'name', message: 'is required' }], status: 200 })).toEqual({
      type: `${PROBLEM_TYPE_PREFIX}validation`,
      title: 'Validation failed',
      status: 422,
      detail: 'Name is required',
      errors: [{ field: 'name', message: 'is required' }],
    });
    expect(problemOf(422, 'Idempotency-Key: was already used', {}, 'idempotency-mismatch').type).toBe(`${PROBLEM_TYPE_PREFIX}idempotency-mismatch`);
  });

  it('gives every status the API answers a type of its own, and any other 4xx bad-request, 5xx server-error', () => {
    for (const [status, name] of [
      [400, 'bad-request'], [401, 'unauthorized'], [402, 'payment-required'], [403, 'forbidden'], [404, 'not-found'], [405, 'method-not-allowed'],
      [406, 'not-acceptable'], [409, 'conflict'], [413, 'too-large'], [422, 'validation'], [429, 'rate-limited'], [500, 'server-error'], [503, 'unavailable'],
      [418, 'bad-request'], [502, 'server-error'],
    ] as const) {
      expect(problemTypeOf(status), String(status)).toBe(name);
    }
  });

  it('has stable URIs: the tag prefix and a lower-case name', () => {
    expect(PROBLEM_TYPE_PREFIX).toBe('tag:ringbinder,2026:problem/');
    for (const name of Object.keys(PROBLEM_TYPES)) expect(name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
  });
});

describe('rateLimitHeaderValues', () => {
  it('writes the draft’s RateLimit-Policy and RateLimit, one list member per limit', () => {
    expect(
      rateLimitHeaderValues([
        { name: 'sign-in:ip', limit: 30, windowSeconds: 900, remaining: 29, resetSeconds: 900 },
        { name: 'sign-in:account-address', limit: 5, windowSeconds: 900, remaining: -1, resetSeconds: 12 },
      ]),
    ).toEqual({
      policy: '"sign-in:ip";q=30;w=900, "sign-in:account-address";q=5;w=900',
      limit: '"sign-in:ip";r=29;t=900, "sign-in:account-address";r=0;t=12',
    });
    expect(rateLimitHeaderValues([])).toBeUndefined();
  });
});

describe('requestIdFor', () => {
  it('keeps a sane id, replaces anything else', () => {
    expect(requestIdFor('abc-123_X.y:z')).toBe('abc-123_X.y:z');
    expect(requestIdFor('a'.repeat(128))).toBe('a'.repeat(128));
    for (const given of [undefined, '', 'a'.repeat(129), 'a b', 'a\nb', '"a"', 'ü']) expect(requestIdFor(given)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
