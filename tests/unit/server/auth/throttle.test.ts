/** Throttle rules and keys (the counting itself runs against a database: tests/api/throttling.test.ts). */
import { describe, expect, it } from 'vitest';
import { throttleKeys, throttleRules } from '../../../../src/server/auth/throttle.ts';

describe('throttleRules', () => {
  it('are the documented limits', () => {
    expect(throttleRules).toEqual({
      signInAccountAddress: { limit: 5, windowMs: 15 * 60_000 },
      signInAccount: { limit: 50, windowMs: 15 * 60_000 },
      signInIp: { limit: 30, windowMs: 15 * 60_000 },
      twoFactorChange: { limit: 5, windowMs: 15 * 60_000 },
      resetAccount: { limit: 5, windowMs: 60 * 60_000 },
      resetIp: { limit: 20, windowMs: 60 * 60_000 },
      registerIp: { limit: 50, windowMs: 60 * 60_000 },
      createOrgIp: { limit: 10, windowMs: 60 * 60_000 },
      shareSubmissionLink: { limit: 1000, windowMs: 60 * 60_000 },
      shareUploadLink: { limit: 1000, windowMs: 60 * 60_000 },
      shareUploadIp: { limit: 300, windowMs: 60 * 60_000 },
      shareUploadBytesLink: { limit: 4 * 1024 ** 3, windowMs: 60 * 60_000 },
      shareUploadBytesIp: { limit: 1024 ** 3, windowMs: 60 * 60_000 },
    });
  });
});

describe('throttleKeys', () => {
  it('count an account alike in any case', () => {
    expect(throttleKeys.signInAccount('Ann')).toBe(throttleKeys.signInAccount('aNN'));
    expect(throttleKeys.signInAccountAddress('Ann', '10.0.0.1')).toBe(throttleKeys.signInAccountAddress('aNN', '10.0.0.1'));
    expect(throttleKeys.resetAccount('Ann@Example.com')).toBe(throttleKeys.resetAccount('ann@example.com'));
  });

  it('keep the eight counts apart', () => {
    const keys = [
      throttleKeys.registerIp('x'),
      throttleKeys.createOrgIp('x'),
      throttleKeys.signInAccountAddress('x', 'x'),
      throttleKeys.signInAccount('x'),
      throttleKeys.signInIp('x'),
      throttleKeys.resetAccount('x'),
      throttleKeys.resetIp('x'),
      throttleKeys.twoFactorChange('x'),
    ];
    expect(new Set(keys).size).toBe(8);
    expect(throttleKeys.signInIp('10.0.0.1')).not.toBe(throttleKeys.signInIp('10.0.0.2'));
    expect(throttleKeys.signInAccountAddress('a', '10.0.0.1')).not.toBe(throttleKeys.signInAccountAddress('a', '10.0.0.2'));
    expect(throttleKeys.signInAccountAddress('a', '10.0.0.1')).not.toBe(throttleKeys.signInAccountAddress('b', '10.0.0.1'));
  });

  it('store nothing readable and stay short whatever was typed', () => {
    const typed = `my secret password ${'x'.repeat(100_000)}`;
    for (const key of [throttleKeys.signInAccount(typed), throttleKeys.signInIp(typed), throttleKeys.resetAccount(typed)]) {
      expect(key).not.toContain('secret');
      expect(key.length).toBeLessThan(80);
    }
    const pair = throttleKeys.signInAccountAddress(typed, typed);
    expect(pair).not.toContain('secret');
    expect(pair.length).toBeLessThan(120);
  });
});
