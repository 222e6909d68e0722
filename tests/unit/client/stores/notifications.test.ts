/** The live stream's reconnect waits: 1 s doubling to 15 s, each between half and all of it (jitter). */
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../../../src/client/stores/notifications.ts';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 15 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    expect([0, 1, 4].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 7500]);
  });
});
