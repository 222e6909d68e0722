/** A submitted answer as the single-row screens show it, and the cards of a row. */
import { describe, expect, it } from 'vitest';
import { answerCards, answerText, NOT_ANSWERED } from '../../../../src/screens/documentation/answer-text.ts';
import { NOT_ASKED, readQuestion, type ValueType } from '../../../../src/shared/checklists/index.ts';

describe('answerText', () => {
  it.each<[ValueType | undefined, unknown, string]>([
    ['true/false', true, 'True'],
    ['true/false', false, 'False'],
    ['pass/fail', 'pass', 'Pass'],
    ['pass/fail', 'fail', 'Fail'],
    ['single choice', 'Blue', 'Blue'],
    ['multiple choice', ['Red', 'Blue'], 'Red, Blue'],
    ['number', 42, '42'],
    ['decimal', 2.5, '2.5'],
    ['text', 'All fine', 'All fine'],
    ['url', 'example.com/a', 'example.com/a'],
    ['email', 'a@b.co', 'a@b.co'],
    ['duration', '1h 20m', '1h 20m'],
    ['datetime', '2025-03-03T14:05:00.000Z', '<2025-03-03T14:05:00.000Z>'],
    [undefined, true, 'True'],
    [undefined, ['a', 1], 'a, 1'],
    [undefined, { odd: 1 }, '{"odd":1}'],
  ])('%s %j → %s', (type, value, text) => {
    expect(answerText(type, value, (iso) => `<${iso}>`)).toBe(text);
  });

  it.each([null, undefined, '', 'not checked', []])('%j is not answered', (value) => {
    expect(answerText('text', value)).toBe(NOT_ANSWERED);
    expect(answerText('true/false', value)).toBe(NOT_ANSWERED);
  });
});

describe('answerCards', () => {
  const questions = [
    { id: 'a', question: readQuestion({ title: 'Lights off', valueType: 'true/false' }) },
    { id: 'b', question: readQuestion({ title: '  ', description: 'Why', valueType: 'text' }) },
  ];

  it('one card per question in order, untitled ones by number, then answers of unknown questions by id', () => {
    const cards = answerCards(questions, {
      z: { value: 'x', comments: '', media: [], valid: true },
      a: { value: false, comments: 'dark', media: ['m1'], valid: false },
    });
    expect(cards).toEqual([
      { id: 'a', title: 'Lights off', description: '', valueType: 'true/false', value: false, comments: 'dark', media: ['m1'], valid: false, hidden: false },
      { id: 'b', title: 'Question 2', description: 'Why', valueType: 'text', value: null, comments: '', media: [], valid: true, hidden: false },
      { id: 'z', title: 'z', description: '', valueType: undefined, value: 'x', comments: '', media: [], valid: true, hidden: false },
    ]);
  });

  it('a question its condition hid is not asked (issue #43); one shown and left unanswered is not', () => {
    const conditional = [
      { id: 'gate', question: readQuestion({ title: 'Gate locked', valueType: 'true/false' }) },
      { id: 'why', question: readQuestion({ title: 'Why not?', valueType: 'text', show_if: { question: 'gate', op: 'equals', value: false } }) },
      { id: 'note', question: readQuestion({ title: 'Anything else', valueType: 'text' }) },
    ];
    const hidden = answerCards(conditional, { gate: { value: true, valid: true }, note: { value: 'not checked', valid: true } });
    expect(hidden.map((c) => [c.id, c.hidden])).toEqual([['gate', false], ['why', true], ['note', false]]);
    const shown = answerCards(conditional, { gate: { value: false, valid: true }, why: { value: 'Broken', valid: true } });
    expect(shown.map((c) => c.hidden)).toEqual([false, false, false]);
    expect(NOT_ASKED).toBe('Not asked: hidden by its condition');
  });
});
