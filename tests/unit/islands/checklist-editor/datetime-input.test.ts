import { describe, expect, it } from 'vitest';
import { localInputValue } from '../../../../islands/checklist-editor/datetime-input.ts';

describe('datetime settings as datetime-local values', () => {
  it('shows an instant in local time to the minute; nothing for no value', () => {
    const at = new Date(2025, 2, 1, 9, 5, 30);
    expect(localInputValue(at.toISOString())).toBe('2025-03-01T09:05');
    expect(localInputValue(null)).toBe('');
    expect(localInputValue('')).toBe('');
    expect(localInputValue('not a date')).toBe('');
  });
});
