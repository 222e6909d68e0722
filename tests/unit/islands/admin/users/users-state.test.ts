/** The users screen's pure rules: the page query, role chips, initials, the Roles cell, the invite link and e-mail shape. */
import { describe, expect, it } from 'vitest';
import {
  canSendInvitation,
  clampSkip,
  fromLocalInput,
  initials,
  inviteLink,
  messages,
  pageOf,
  rolesText,
  toLocalInput,
  toggleRole,
  usersPageRead,
  usersQuery,
  USERS_PAGE_SIZE,
} from '../../../../../islands/admin/users/users-state.ts';

describe('usersQuery', () => {
  it('asks the server for one page, never everything', () => {
    expect(usersQuery([], { skip: 0, limit: USERS_PAGE_SIZE })).toEqual({ ordering: ['username'], skip: 0, limit: USERS_PAGE_SIZE });
    expect(usersQuery([], { skip: 60, limit: 20 })).toEqual({ ordering: ['username'], skip: 60, limit: 20 });
  });
  it('sends role_filters only when roles are chosen', () => {
    expect(usersQuery(['r1', 'r2'], { skip: 0, limit: 50 }).role_filters).toEqual(['r1', 'r2']);
    expect('role_filters' in usersQuery([], { skip: 0, limit: 50 })).toBe(false);
  });
});

describe('toggleRole', () => {
  it('switches a role on and off again', () => {
    expect(toggleRole([], 'a')).toEqual(['a']);
    expect(toggleRole(['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleRole(toggleRole(['b'], 'a'), 'a')).toEqual(['b']);
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words of the full name', () => {
    expect(initials('ann  marie smith', 'ams')).toBe('AM');
    expect(initials('Zoë', 'z')).toBe('Z');
  });
  it('falls back to the username', () => {
    expect(initials('  ', 'bob')).toBe('B');
  });
  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜da Lovelace', 'ada')).toBe('𝒜L');
  });
});

describe('rolesText', () => {
  it("says 'N/A' when there are no roles", () => {
    expect(rolesText([])).toBe('N/A');
  });
  it('joins the names', () => {
    expect(rolesText([{ id: '1', name: 'Auditor' }, { id: '2', name: 'Cook' }])).toBe('Auditor, Cook');
  });
});

describe('the invitation', () => {
  it('links to the site origin plus /invitation/{id}', () => {
    expect(inviteLink('https://rb.example', 'abc')).toBe('https://rb.example/invitation/abc');
  });
  it('can be sent only to an address of the {email} shape', () => {
    expect(canSendInvitation('')).toBe(false);
    expect(canSendInvitation('ann@')).toBe(false);
    expect(canSendInvitation('ann@example')).toBe(false);
    expect(canSendInvitation('a b@example.test')).toBe(false);
    expect(canSendInvitation(' ann@example.test ')).toBe(true);
  });
  it("has the spec's words", () => {
    expect(messages.invitationSent('a@b.c')).toBe('Invitation Sent To a@b.c.');
    expect(messages.invitationUpdated('a@b.c')).toBe('Invitation to a@b.c has been Updated.');
    expect(messages.resent).toBe('Invite Email Re-sent.');
    expect(messages.linkCopied).toBe('Invite link copied to clipboard.');
  });
});

describe('expiry in a datetime-local field', () => {
  it('round-trips to the minute in the browser time zone', () => {
    const iso = '2031-05-06T07:08:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });
  it('refuses what is not a date and time', () => {
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(fromLocalInput('2031-13-45T99:99')).toBeUndefined();
  });
});

describe('pageOf', () => {
  it('slices one page of the invitations', () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    expect(pageOf(rows, 0, 3)).toEqual([0, 1, 2]);
    expect(pageOf(rows, 6, 3)).toEqual([6]);
  });
  it('steps back to the last page that has rows', () => {
    expect(clampSkip(6, 7, 3)).toBe(6);
    expect(clampSkip(6, 6, 3)).toBe(3);
    expect(clampSkip(3, 0, 3)).toBe(0);
  });
});

describe('usersPageRead', () => {
  const first = { skip: 0, limit: USERS_PAGE_SIZE };
  it("names the page's first read (`users`) on the first load of the first page without filters", () => {
    expect(usersPageRead([], first, true)).toBe('users');
  });
  it('names nothing for other filters (they would take an answer made for none), another page, or a later load', () => {
    expect(usersPageRead(['r1'], first, true)).toBeUndefined();
    expect(usersPageRead([], { skip: USERS_PAGE_SIZE, limit: USERS_PAGE_SIZE }, true)).toBeUndefined();
    expect(usersPageRead([], { skip: 0, limit: 100 }, true)).toBeUndefined();
    expect(usersPageRead([], first, false)).toBeUndefined();
  });
});
