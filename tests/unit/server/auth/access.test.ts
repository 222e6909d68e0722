/** The sign-in table's choice of a chain (src/server/auth/access.ts chainOf): the longest prefix, a method's entry first. */
import { describe, expect, it } from 'vitest';
import { chainOf, MEMBER, ORG_ADMIN, PUBLIC, SIGNED_IN, type AccessTable } from '../../../../src/server/auth/access.ts';

const TABLE: AccessTable = {
  '/': PUBLIC,
  '/auth': SIGNED_IN,
  'POST /auth/register': PUBLIC,
  '/roles': MEMBER,
  'PUT /roles': ORG_ADMIN,
  '/users': ORG_ADMIN,
  '/users/sign-avatar-upload': SIGNED_IN,
};

describe('chainOf', () => {
  it('takes the longest prefix that holds the path, whatever the order of the table', () => {
    expect(chainOf(TABLE, 'POST', '/users/sign-avatar-upload')).toBe(SIGNED_IN);
    expect(chainOf(TABLE, 'GET', '/users/42')).toBe(ORG_ADMIN);
    expect(chainOf(TABLE, 'POST', '/users/')).toBe(ORG_ADMIN);
    expect(chainOf(TABLE, 'GET', '/auth/me')).toBe(SIGNED_IN);
  });

  it('matches whole segments only', () => {
    expect(chainOf(TABLE, 'GET', '/usersx')).toBe(PUBLIC);
    expect(chainOf(TABLE, 'GET', '/auth/registered')).toBe(SIGNED_IN);
  });

  it("a method's entry before one without at the same prefix, and only for that method", () => {
    expect(chainOf(TABLE, 'PUT', '/roles/7')).toBe(ORG_ADMIN);
    expect(chainOf(TABLE, 'GET', '/roles/7')).toBe(MEMBER);
    expect(chainOf(TABLE, 'POST', '/auth/register')).toBe(PUBLIC);
    expect(chainOf(TABLE, 'GET', '/auth/register')).toBe(SIGNED_IN);
  });

  it("'/' holds what nothing else does; without it, nothing is chosen", () => {
    expect(chainOf(TABLE, 'GET', '/no/such/call')).toBe(PUBLIC);
    expect(chainOf({ '/auth': SIGNED_IN }, 'GET', '/no/such/call')).toBeUndefined();
  });
});
