import { describe, expect, it } from 'vitest';
import { rangeNote } from '../../../../elements/rb-checklist/question-view.ts';
import { newQuestion, withValueType, type Question } from '../../../../src/shared/checklists/question.ts';
import type { ValueType } from '../../../../src/shared/checklists/value-types.ts';

const question = (valueType: ValueType, validation: Partial<Question['validation']>): Question => {
  const q = withValueType(newQuestion(new Date(0)), valueType, new Date(0));
  return { ...q, validation: { ...q.validation, ...validation } };
};

describe('rangeNote (issue #43: a value outside its validation range is told)', () => {
  it('names the range of a decimal or number outside it', () => {
    expect(rangeNote(question('decimal', { enabled: true, min: 1, max: 5 }), '9.5')).toBe('Outside the expected range: 1 to 5');
    expect(rangeNote(question('number', { enabled: true, min: 1, max: null }), '0')).toBe('Outside the expected range: at least 1');
    expect(rangeNote(question('decimal', { enabled: true, min: null, max: 2.5 }), 3)).toBe('Outside the expected range: at most 2.5');
  });

  it('says nothing within the range (bounds included), unanswered, with validation off, or for other types', () => {
    expect(rangeNote(question('decimal', { enabled: true, min: 1, max: 5 }), '5')).toBeUndefined();
    expect(rangeNote(question('decimal', { enabled: true, min: 1, max: 5 }), '')).toBeUndefined();
    expect(rangeNote(question('decimal', { enabled: false, min: 1, max: 5 }), '9')).toBeUndefined();
    expect(rangeNote(question('true/false', { enabled: true }), false)).toBeUndefined();
  });
});
