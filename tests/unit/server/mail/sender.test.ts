/**
 * Who the mail is from (MAIL_FROM, issue #28): a real relay refuses or files as spam a sender at a made-up
 * domain, so the address is configurable, defaults to one at PUBLIC_URL's host, and a malformed value
 * stops the server at start with a clear message rather than at the first message.
 */
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../../src/server/config.ts';
import { mailFrom } from '../../../../src/server/mail/sender.ts';

describe('mailFrom', () => {
  it('defaults to Ringbinder at no-reply@ the host of PUBLIC_URL', () => {
    expect(mailFrom(undefined, 'https://ringbinder.example.com')).toBe('Ringbinder <no-reply@ringbinder.example.com>');
    expect(mailFrom('', 'https://docs.example.org:8443/')).toBe('Ringbinder <no-reply@docs.example.org>');
    expect(mailFrom(undefined, 'http://localhost:4321')).toBe('Ringbinder <no-reply@localhost>');
    // An address literal where the host is an IP address.
    expect(mailFrom(undefined, 'http://192.0.2.7:4321')).toBe('Ringbinder <no-reply@[192.0.2.7]>');
    expect(mailFrom(undefined, 'http://[2001:db8::1]:4321')).toBe('Ringbinder <no-reply@[IPv6:2001:db8::1]>');
  });

  it('takes an address, or a name and an address, as given (trimmed)', () => {
    for (const value of [
      'alerts@example.com',
      'Ringbinder <no-reply@mail.example.com>',
      '"Acme, Inc. — Ringbinder" <no-reply@example.com>',
      'Ringbinder Ünicode <no.reply+ops@example.co.uk>',
      '<bare@example.com>',
    ]) {
      expect(mailFrom(`  ${value} `, 'https://x.example')).toBe(value);
    }
  });

  it('refuses a malformed value with a message naming MAIL_FROM and the value', () => {
    for (const bad of [
      'no-reply',
      'no-reply@',
      '@example.com',
      'Ringbinder no-reply@example.com',
      'Ringbinder <no-reply@example.com',
      'a@example.com, b@example.com',
      'Ringbinder <a@b@example.com>',
      'Ringbinder <no reply@example.com>',
      'Ringbinder <no-reply@-example.com>',
      'Ringbinder <no-reply@example..com>',
      '.dot@example.com',
      'Ringbinder <no-reply@example.com>\r\nBcc: victim@example.com',
      'Ring<binder <no-reply@example.com>',
    ]) {
      expect(() => mailFrom(bad, 'https://x.example'), bad).toThrow(/^MAIL_FROM must be an e-mail address/);
    }
    expect(() => mailFrom('nonsense', 'https://x.example')).toThrow(/not nonsense$/);
  });
});

describe('readConfig: mail', () => {
  it('reads MAIL_FROM (default at PUBLIC_URL’s host) and MAIL_MAX_PERMANENT_FAILURES (default 3)', () => {
    expect(readConfig({ PUBLIC_URL: 'https://rb.example.com' })).toMatchObject({ mailFrom: 'Ringbinder <no-reply@rb.example.com>', mailMaxPermanentFailures: 3 });
    expect(readConfig({ MAIL_FROM: 'Ops <ops@example.com>', MAIL_MAX_PERMANENT_FAILURES: '5' })).toMatchObject({ mailFrom: 'Ops <ops@example.com>', mailMaxPermanentFailures: 5 });
    expect(() => readConfig({ MAIL_FROM: 'ops' })).toThrow(/^MAIL_FROM must be an e-mail address/);
    for (const bad of ['0', '-1', '1.5', 'few']) {
      expect(() => readConfig({ MAIL_MAX_PERMANENT_FAILURES: bad })).toThrow(/MAIL_MAX_PERMANENT_FAILURES must be a whole number/);
    }
  });
});
