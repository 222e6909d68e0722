import { describe, expect, it } from 'vitest';
import { pageRange } from '../../../../islands/shared/DataGrid.tsx';

describe('pageRange', () => {
  it('says which rows a page shows, of how many', () => {
    expect(pageRange(0, 100, 250)).toMatch(/^1–100 of 250$/);
    expect(pageRange(200, 50, 250)).toMatch(/^201–250 of 250$/);
  });
  it('an empty list is 0 of 0', () => {
    expect(pageRange(0, 0, 0)).toBe('0 of 0');
  });
  it('a total that is a lower bound says so (the activity log counts only so far ahead)', () => {
    expect(pageRange(0, 100, 1100, true)).toMatch(/^1–100 of 1,100\+$/);
  });
});
