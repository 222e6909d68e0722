import { describe, expect, it } from 'vitest';
import { initialAnswers, submissionRecord, withValue, type OrderedQuestion } from '../../../../elements/rb-checklist/answer-state.ts';
import { shownIds, visibilityChange } from '../../../../elements/rb-checklist/question-visibility.ts';
import { readQuestion } from '../../../../src/shared/checklists/question.ts';

const questions: OrderedQuestion[] = [
  { id: 'locked', question: readQuestion({ title: 'Door locked?', required: true }) },
  { id: 'why', question: readQuestion({ title: 'Why not?', valueType: 'text', required: true, show_if: { question: 'locked', op: 'equals', value: false } }) },
  { id: 'who', question: readQuestion({ title: '', valueType: 'text', show_if: { question: 'why', op: 'answered' } }) },
];

describe('the filler and conditions', () => {
  it('announces questions shown and hidden, untitled ones as Question n', () => {
    const none = initialAnswers(questions);
    const unlocked = withValue(none, 'locked', false);
    const explained = withValue(unlocked, 'why', 'Key lost');
    expect([...shownIds(questions, none)]).toEqual(['locked']);
    expect(visibilityChange(questions, shownIds(questions, none), shownIds(questions, unlocked))).toBe('Question shown: Why not?.');
    expect(visibilityChange(questions, shownIds(questions, unlocked), shownIds(questions, explained))).toBe('Question shown: Question 3.');
    const relocked = withValue(explained, 'locked', true);
    expect(visibilityChange(questions, shownIds(questions, explained), shownIds(questions, relocked))).toBe('2 questions hidden: Why not?, Question 3.');
    expect(visibilityChange(questions, shownIds(questions, none), shownIds(questions, none))).toBe('');
  });

  it('keeps a hidden answer in the draft but never sends it', () => {
    const answers = withValue(withValue(initialAnswers(questions), 'locked', true), 'why', 'typed before locking');
    expect(answers.why!.value).toBe('typed before locking');
    expect(submissionRecord(questions, answers)).toEqual({ locked: { value: true } });
  });
});
