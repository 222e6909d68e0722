/** A condition in words (islands/checklist-editor/condition-words.ts): as the question card shows it. */
import { describe, expect, it } from 'vitest';
import { conditionInWords } from '../../../../islands/checklist-editor/condition-words.ts';

const T = '2026-01-02T10:00:00Z';

describe('conditionInWords', () => {
  it('reads as the card shows it', () => {
    expect(conditionInWords('Door locked?', 'true/false', { op: 'equals', value: false })).toBe('Shown when Door locked? is False');
    expect(conditionInWords('Result', 'pass/fail', { op: 'not_equals', value: 'pass' })).toBe('Shown when Result is not Pass');
    expect(conditionInWords('Colours', 'multiple choice', { op: 'includes', value: 'Red' })).toBe('Shown when Colours includes Red');
    expect(conditionInWords('Temp', 'decimal', { op: 'gte', value: 8.5 })).toBe('Shown when Temp is at least 8.5');
    expect(conditionInWords('Notes', 'text', { op: 'answered' })).toBe('Shown when Notes is answered');
    expect(conditionInWords('When', 'datetime', { op: 'lt', value: T }, () => 'today')).toBe('Shown when When is less than today');
  });
});
