/** The expiry a date field means (src/screens/account/api-tokens.ts expiryOfDate, issue #34). */
import { describe, expect, it } from 'vitest';
import { expiryOfDate } from '../../../../src/screens/account/api-tokens.ts';

describe('expiryOfDate', () => {
  it('is the end of that day where the browser is', () => {
    const iso = expiryOfDate('2026-03-04')!;
    const end = new Date(iso);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2026, 2, 4, 23, 59]);
  });

  it('is null for an empty or malformed field (no end)', () => {
    expect(expiryOfDate('')).toBeNull();
    expect(expiryOfDate('tomorrow')).toBeNull();
  });
});
