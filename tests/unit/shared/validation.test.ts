/** The account screens' validation rules (accounts §5), shared by the screens and the API. */
import { describe, expect, it } from 'vitest';
import {
  canRegister,
  canSubmitRegistrationWithEnter,
  isConfirmedPassword,
  isEmail,
  isOtpCode,
  passwordsMatch,
  resetButtonState,
  type RegistrationForm,
} from '../../../src/shared/validation.ts';

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org', 'x_y@host.io', 'ÜNI@exämple.de'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each(['', 'plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b c.de', 'a@@b.co', ' a@b.co', 'a@b.co '])(
    'refuses %j',
    (value) => {
      expect(isEmail(value)).toBe(false);
    },
  );
});

describe('isOtpCode', () => {
  it('is exactly six digits', () => {
    expect(isOtpCode('123456')).toBe(true);
    expect(isOtpCode('000000')).toBe(true);
    for (const value of ['', '12345', '1234567', '12345a', ' 123456', '123 456', '１２３４５６']) {
      expect(isOtpCode(value), value).toBe(false);
    }
  });
});

describe('passwords', () => {
  it('match when both are empty or equal', () => {
    expect(passwordsMatch('', '')).toBe(true);
    expect(passwordsMatch('secret12', 'secret12')).toBe(true);
    expect(passwordsMatch('secret12', 'secret13')).toBe(false);
    expect(passwordsMatch('secret12', '')).toBe(false);
  });

  it('are confirmed with 8 or more characters and a match', () => {
    expect(isConfirmedPassword('1234567', '1234567')).toBe(false);
    expect(isConfirmedPassword('12345678', '12345678')).toBe(true);
    expect(isConfirmedPassword('12345678', '12345679')).toBe(false);
    expect(isConfirmedPassword('', '')).toBe(false);
  });
});

describe('registration', () => {
  const complete: RegistrationForm = {
    fullName: 'Ann Example',
    username: 'ann',
    email: 'ann@example.com',
    password: 'secret123',
    retypedPassword: 'secret123',
    acceptedTerms: true,
  };

  it('Register is enabled for a complete form', () => {
    expect(canRegister(complete)).toBe(true);
  });

  it.each<[string, Partial<RegistrationForm>]>([
    ['no full name', { fullName: '  ' }],
    ['no username', { username: '' }],
    ['a malformed e-mail', { email: 'ann@example' }],
    ['the terms not accepted', { acceptedTerms: false }],
    ['passwords that differ', { retypedPassword: 'secret124' }],
  ])('Register is disabled with %s', (_, change) => {
    expect(canRegister({ ...complete, ...change })).toBe(false);
  });

  it('passwords pass the Register rule when both are empty', () => {
    expect(canRegister({ ...complete, password: '', retypedPassword: '' })).toBe(true);
  });

  it('Enter submits when username, e-mail, full name and the checkbox are filled, whatever the passwords', () => {
    expect(canSubmitRegistrationWithEnter({ ...complete, password: 'a', retypedPassword: 'b' })).toBe(true);
    expect(canSubmitRegistrationWithEnter({ ...complete, email: ' ' })).toBe(false);
    expect(canSubmitRegistrationWithEnter({ ...complete, username: '' })).toBe(false);
    expect(canSubmitRegistrationWithEnter({ ...complete, fullName: '' })).toBe(false);
    expect(canSubmitRegistrationWithEnter({ ...complete, acceptedTerms: false })).toBe(false);
  });
});

describe('resetButtonState', () => {
  it.each([
    ['', '', 'empty'],
    ['abc', '', 'mismatch'],
    ['', 'abc', 'mismatch'],
    ['abcdefgh', 'abcdefgx', 'mismatch'],
    ['abcdefgh', 'abcdefgh', 'ready'],
  ] as const)('%j / %j → %s', (password, confirm, state) => {
    expect(resetButtonState(password, confirm)).toBe(state);
  });
});
