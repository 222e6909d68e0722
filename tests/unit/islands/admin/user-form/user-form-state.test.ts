/** The create-user rules of accounts §5 and the bodies the user pages send. */
import { describe, expect, it } from 'vitest';
import {
  canCreateUser,
  canUpdateUser,
  createBody,
  emptyUserForm,
  errorStands,
  fieldsOfRefusal,
  formOfUser,
  passwordLock,
  updateBody,
  type UserFormValues,
} from '../../../../../islands/admin/user-form/user-form-state.ts';

const filled: UserFormValues = {
  ...emptyUserForm(),
  username: 'ann',
  fullName: 'Ann Smith',
  email: 'ann@example.test',
  password: 'secret-pw',
  retypedPassword: 'secret-pw',
};

describe('canCreateUser', () => {
  it('allows Save when the passwords match and username, full name and e-mail are filled', () => {
    expect(canCreateUser(filled)).toBe(true);
  });
  it('refuses while the passwords differ', () => {
    expect(canCreateUser({ ...filled, retypedPassword: 'secret-pX' })).toBe(false);
  });
  it.each(['username', 'fullName', 'email'] as const)('refuses while %s is empty or blank', (field) => {
    expect(canCreateUser({ ...filled, [field]: '' })).toBe(false);
    expect(canCreateUser({ ...filled, [field]: '   ' })).toBe(false);
  });
  it('does not judge the length (the lock says so; the server refuses it)', () => {
    expect(canCreateUser({ ...filled, password: 'short', retypedPassword: 'short' })).toBe(true);
  });
});

describe('canUpdateUser', () => {
  it('needs the full name and e-mail', () => {
    expect(canUpdateUser(filled)).toBe(true);
    expect(canUpdateUser({ ...filled, fullName: ' ' })).toBe(false);
    expect(canUpdateUser({ ...filled, email: '' })).toBe(false);
  });
});

describe('passwordLock', () => {
  it('is open under 8 characters and locked from 8 on', () => {
    expect(passwordLock('')).toBe('unlock');
    expect(passwordLock('1234567')).toBe('unlock');
    expect(passwordLock('12345678')).toBe('lock');
  });
});

describe('bodies', () => {
  it('create sends the create-user payload, trimmed', () => {
    expect(createBody({ ...filled, username: ' ann ', isOrgAdmin: true, isActive: false, roles: ['r1'] })).toEqual({
      username: 'ann',
      email: 'ann@example.test',
      full_name: 'Ann Smith',
      password: 'secret-pw',
      is_org_admin: true,
      is_active: false,
      roles: ['r1'],
      avatar: null,
    });
  });
  it('create without a password (both fields empty, which Save allows) sends null: the account gets its activation mail and its owner chooses one', () => {
    expect(createBody({ ...filled, password: '', retypedPassword: '' }).password).toBeNull();
  });
  it('update sends only what PUT users/{id} takes', () => {
    expect(updateBody({ ...filled, roles: ['r2'] })).toEqual({
      email: 'ann@example.test',
      full_name: 'Ann Smith',
      is_org_admin: false,
      roles: ['r2'],
    });
  });
  it('the edit form starts from the user', () => {
    const form = formOfUser({
      id: 'u1',
      user_account: { username: 'bo', email: 'bo@x.test', full_name: 'Bo', avatar: null, avatar_url: null, is_active: true },
      is_org_admin: true,
      roles: [{ id: 'r1', name: 'Cook' }],
      created_at: '2030-01-01T00:00:00Z',
    });
    expect(form).toMatchObject({ username: 'bo', email: 'bo@x.test', fullName: 'Bo', isOrgAdmin: true, roles: ['r1'], password: '' });
  });
});

describe('a refusal clears once its cause is fixed (issue #32)', () => {
  const form: UserFormValues = { ...emptyUserForm(), username: 'bo', fullName: 'Bo', email: 'bo@x.test', password: 'short', retypedPassword: 'short' };
  it('reads the form fields a 422 names', () => {
    expect(fieldsOfRefusal({ detail: 'x', errors: [{ field: 'password', message: 'Password must be at least 8 characters long' }] })).toEqual(['password', 'retypedPassword']);
    expect(fieldsOfRefusal({ errors: [{ field: 'roles.0', message: 'is not a role' }, { field: 'full_name', message: 'x' }] })).toEqual(['roles', 'fullName']);
    expect(fieldsOfRefusal({ detail: 'A user with that username already exists' })).toEqual([]);
    expect(fieldsOfRefusal(undefined)).toEqual([]);
  });
  it('a field error stands while its field is unchanged, and goes when it changes', () => {
    const error = { text: 'Password must be at least 8 characters long', fields: fieldsOfRefusal({ errors: [{ field: 'password', message: '' }] }), form };
    expect(errorStands(error, form)).toBe(true);
    expect(errorStands(error, { ...form, email: 'other@x.test' })).toBe(true);
    expect(errorStands(error, { ...form, password: 'long enough', retypedPassword: 'long enough' })).toBe(false);
  });
  it('a refusal naming no field goes with any change', () => {
    const error = { text: 'Taken', fields: [], form };
    expect(errorStands(error, form)).toBe(true);
    expect(errorStands(error, { ...form, username: 'bob' })).toBe(false);
  });
});
