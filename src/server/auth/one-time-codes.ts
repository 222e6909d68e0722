/** Two-factor authentication: TOTP (RFC 6238, 6 digits, 30 s), each code accepted once. */
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

export function newOtpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpUri(secret: string, account: string): string {
  return new TOTP({ issuer: 'Ringbinder', label: account, secret: Secret.fromBase32(secret), period: PERIOD }).toString();
}

/**
 * The time step of a valid code (one step of clock drift either way), or undefined. A code whose step
 * is not after `lastStep` was already used and is refused.
 */
export function acceptOtp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  if (lastStep !== null && step <= lastStep) return undefined;
  return step;
}

/** The current code of a secret (tests and the set-up dialog's self-check). */
export function currentOtp(secret: string, now = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD }).generate({ timestamp: now });
}
