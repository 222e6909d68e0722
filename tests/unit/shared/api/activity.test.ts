import { describe, expect, it } from 'vitest';
import { ACTIVITY_COUNT_AHEAD, activityTotalIsAtLeast } from '../../../../src/shared/api/activity.ts';

describe('activityTotalIsAtLeast', () => {
  it('is true only when the server stopped counting (skip + limit + the count ahead)', () => {
    expect(activityTotalIsAtLeast(250, 0, 100)).toBe(false);
    expect(activityTotalIsAtLeast(100 + ACTIVITY_COUNT_AHEAD - 1, 0, 100)).toBe(false);
    expect(activityTotalIsAtLeast(100 + ACTIVITY_COUNT_AHEAD, 0, 100)).toBe(true);
    expect(activityTotalIsAtLeast(300 + ACTIVITY_COUNT_AHEAD, 200, 100)).toBe(true);
  });
});
