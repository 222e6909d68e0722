/** Two-factor codes: TOTP (RFC 6238, 6 digits, 30 s), one step of drift either way, each code accepted once. */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptOtp, currentOtp, newOtpSecret, otpUri } from '../../../../src/server/auth/one-time-codes.ts';

const STEP = 30_000;
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const now = 1_900_000_015_000; // 15 s into a step
const stepOf = (t: number) => Math.floor(t / STEP);
/** The code of an independent TOTP implementation, `steps` away from `now`. */
const codeAt = (steps: number, s = secret) =>
  new TOTP({ secret: Secret.fromBase32(s), period: 30 }).generate({ timestamp: now + steps * STEP });

describe('acceptOtp', () => {
  it('accepts the current code and answers its step', () => {
    expect(acceptOtp(secret, codeAt(0), null, now)).toBe(stepOf(now));
  });

  it('accepts one step of drift either way, not two', () => {
    expect(acceptOtp(secret, codeAt(-1), null, now)).toBe(stepOf(now) - 1);
    expect(acceptOtp(secret, codeAt(1), null, now)).toBe(stepOf(now) + 1);
    if (codeAt(2) !== codeAt(0) && codeAt(2) !== codeAt(1) && codeAt(2) !== codeAt(-1)) {
      expect(acceptOtp(secret, codeAt(2), null, now)).toBeUndefined();
    }
    if (codeAt(-2) !== codeAt(0) && codeAt(-2) !== codeAt(1) && codeAt(-2) !== codeAt(-1)) {
      expect(acceptOtp(secret, codeAt(-2), null, now)).toBeUndefined();
    }
  });

  it('refuses a code whose step is not after the last one used', () => {
    const step = stepOf(now);
    expect(acceptOtp(secret, codeAt(0), step, now)).toBeUndefined();
    expect(acceptOtp(secret, codeAt(-1), step, now)).toBeUndefined();
    expect(acceptOtp(secret, codeAt(0), step + 1, now)).toBeUndefined();
    expect(acceptOtp(secret, codeAt(1), step, now)).toBe(step + 1);
  });

  it('refuses anything but six digits, and codes of another secret', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ` ${codeAt(0)}`, `${codeAt(0)}0`]) {
      expect(acceptOtp(secret, code, null, now), code).toBeUndefined();
    }
    const other = newOtpSecret();
    const foreign = codeAt(0, other);
    if (![codeAt(-1), codeAt(0), codeAt(1)].includes(foreign)) expect(acceptOtp(secret, foreign, null, now)).toBeUndefined();
  });
});

describe('secrets and URIs', () => {
  it('makes 160-bit base32 secrets, different each time', () => {
    const a = newOtpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newOtpSecret()).not.toBe(a);
  });

  it('writes an otpauth URI for the authenticator app', () => {
    const uri = new URL(otpUri(secret, 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Ringbinder:ann@example.com');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Ringbinder');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('currentOtp agrees with an independent TOTP', () => {
    expect(currentOtp(secret, now)).toBe(codeAt(0));
  });
});
