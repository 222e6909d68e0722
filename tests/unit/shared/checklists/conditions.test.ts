import { describe, expect, it } from 'vitest';
import {
  CONDITION_OPS,
  conditionMet,
  conditionProblem,
  conditionValueProblem,
  opsOf,
  readShowIf,
  visibleQuestionIds,
  type ConditionOp,
  type ConditionalQuestion,
  type ShowIf,
} from '../../../../src/shared/checklists/conditions.ts';
import { VALUE_TYPES, type ValueType } from '../../../../src/shared/checklists/value-types.ts';

const T = '2026-01-02T10:00:00Z';
const EARLIER = '2026-01-02T09:00:00Z';
const LATER = '2026-01-02T11:00:00+00:00';

/** [value type, operator, condition value, answer, met] — every operator of every type, met and not met, unanswered too. */
const MET: [ValueType, ConditionOp, unknown, unknown, boolean][] = [
  ['true/false', 'equals', false, false, true],
  ['true/false', 'equals', false, true, false],
  ['true/false', 'equals', false, 'not checked', false],
  ['true/false', 'not_equals', true, false, true],
  ['true/false', 'not_equals', true, true, false],
  ['true/false', 'not_equals', true, 'not checked', false],
  ['pass/fail', 'equals', 'fail', 'fail', true],
  ['pass/fail', 'equals', 'fail', 'pass', false],
  ['pass/fail', 'not_equals', 'fail', 'pass', true],
  ['pass/fail', 'not_equals', 'fail', null, false],
  ['single choice', 'equals', 'Red', 'Red', true],
  ['single choice', 'equals', 'Red', 'Blue', false],
  ['single choice', 'not_equals', 'Red', 'Blue', true],
  ['single choice', 'not_equals', 'Red', '', false],
  ['text', 'equals', 'ok', 'ok', true],
  ['text', 'equals', 'ok', 'OK', false],
  ['text', 'not_equals', 'ok', 'no', true],
  ['url', 'equals', 'example.com', 'example.com', true],
  ['url', 'not_equals', 'example.com', 'example.org', true],
  ['email', 'equals', 'a@b.co', 'a@b.co', true],
  ['email', 'not_equals', 'a@b.co', 'a@b.co', false],
  ['duration', 'equals', '5 min', '5 min', true],
  ['duration', 'not_equals', '5 min', undefined, false],
  ['multiple choice', 'includes', 'Red', ['Blue', 'Red'], true],
  ['multiple choice', 'includes', 'Red', ['Blue'], false],
  ['multiple choice', 'includes', 'Red', [], false],
  ['number', 'lt', 5, 4, true],
  ['number', 'lt', 5, 5, false],
  ['number', 'lte', 5, 5, true],
  ['number', 'lte', 5, '6', false],
  ['number', 'gt', 5, '6', true],
  ['number', 'gt', 5, 5, false],
  ['number', 'gte', 5, 5, true],
  ['number', 'gte', 5, 'five', false],
  ['number', 'lt', 5, 'not checked', false],
  ['decimal', 'lt', 2.5, 2.4, true],
  ['decimal', 'lte', 2.5, '2.5', true],
  ['decimal', 'gt', 2.5, 2.5, false],
  ['decimal', 'gte', 2.5, 3, true],
  ['datetime', 'lt', T, EARLIER, true],
  ['datetime', 'lt', T, LATER, false],
  ['datetime', 'lte', T, T, true],
  ['datetime', 'gt', T, LATER, true],
  ['datetime', 'gte', T, EARLIER, false],
  ['datetime', 'gte', T, '', false],
];

describe('conditionMet', () => {
  it.each(MET)('%s %s %j with the answer %j → %s', (type, op, value, answer, met) => {
    expect(conditionMet(type, { op, value }, answer)).toBe(met);
  });

  const ANSWERS: Record<ValueType, unknown> = {
    'true/false': false,
    'pass/fail': 'pass',
    number: 3,
    decimal: 0.5,
    'single choice': 'Red',
    'multiple choice': ['Red'],
    datetime: T,
    text: 'x',
    url: 'example.com',
    email: 'a@b.co',
    duration: '1 h',
  };
  it.each(VALUE_TYPES)('%s: answered and unanswered for every unanswered form and an answer', (type) => {
    for (const nothing of [undefined, null, '', 'not checked', []]) {
      expect(conditionMet(type, { op: 'answered' }, nothing)).toBe(false);
      expect(conditionMet(type, { op: 'unanswered' }, nothing)).toBe(true);
    }
    expect(conditionMet(type, { op: 'answered' }, ANSWERS[type])).toBe(true);
    expect(conditionMet(type, { op: 'unanswered' }, ANSWERS[type])).toBe(false);
  });
});

describe('opsOf', () => {
  it('offers equality for fixed, single-choice and text types, includes for multiple choice, order for numbers and dates, answered/unanswered for all', () => {
    for (const type of ['true/false', 'pass/fail', 'single choice', 'text', 'url', 'email', 'duration'] as const) {
      expect(opsOf(type)).toEqual(['equals', 'not_equals', 'answered', 'unanswered']);
    }
    expect(opsOf('multiple choice')).toEqual(['includes', 'answered', 'unanswered']);
    for (const type of ['number', 'decimal', 'datetime'] as const) expect(opsOf(type)).toEqual(['lt', 'lte', 'gt', 'gte', 'answered', 'unanswered']);
    expect(new Set(VALUE_TYPES.flatMap((t) => opsOf(t)))).toEqual(new Set(CONDITION_OPS));
  });
});

describe('conditionValueProblem', () => {
  const choices = ['Red', 'Blue'];
  it.each<[ValueType, ConditionOp, unknown, boolean]>([
    ['true/false', 'equals', true, true],
    ['true/false', 'equals', 'true', false],
    ['pass/fail', 'equals', 'fail', true],
    ['pass/fail', 'not_equals', 'Fail', false],
    ['single choice', 'equals', 'Red', true],
    ['single choice', 'equals', 'Green', false],
    ['multiple choice', 'includes', 'Blue', true],
    ['multiple choice', 'includes', ['Blue'], false],
    ['number', 'lt', 3, true],
    ['number', 'lt', 3.5, false],
    ['number', 'gt', '3', false],
    ['decimal', 'gte', 3.5, true],
    ['decimal', 'gte', Number.NaN, false],
    ['datetime', 'lte', T, true],
    ['datetime', 'lte', '2026-01-02', false],
    ['text', 'equals', 'anything', true],
    ['email', 'equals', 5, false],
    ['text', 'answered', undefined, true],
    ['text', 'unanswered', null, true],
    ['number', 'answered', 3, false],
  ])('%s %s %j fits: %s', (valueType, op, value, fits) => {
    expect(conditionValueProblem({ valueType, choices }, op, value) === undefined).toBe(fits);
  });
});

describe('conditionProblem', () => {
  const targets: Record<string, ConditionalQuestion> = {
    a: { valueType: 'true/false', choices: [] },
    b: { valueType: 'number', choices: [] },
    c: { valueType: 'text', choices: [] },
  };
  const order = ['a', 'b', 'c'];
  const problem = (show: ShowIf, position: number) => conditionProblem(show, position, order, (id) => targets[id]);
  it('names the field: unknown question, forward or self reference, operator for the type, value', () => {
    expect(problem({ question: 'zz', op: 'answered' }, 2)).toEqual({ field: 'question', message: 'zz is not a question of this checklist' });
    expect(problem({ question: 'c', op: 'answered' }, 1)).toEqual({ field: 'question', message: 'must be an earlier question' });
    expect(problem({ question: 'b', op: 'answered' }, 1)?.field).toBe('question');
    expect(problem({ question: 'a', op: 'lt', value: 1 }, 1)?.field).toBe('op');
    expect(problem({ question: 'b', op: 'lt', value: 'x' }, 2)).toEqual({ field: 'value', message: 'must be a whole number' });
    expect(problem({ question: 'a', op: 'equals', value: false }, 2)).toBeUndefined();
  });
});

describe('visibleQuestionIds', () => {
  const q = (valueType: ValueType, show_if?: ShowIf, choices: string[] = []): ConditionalQuestion => ({ valueType, choices, ...(show_if ? { show_if } : {}) });
  const questions = [
    { id: 'locked', question: q('true/false') },
    { id: 'why', question: q('text', { question: 'locked', op: 'equals', value: false }) },
    { id: 'who', question: q('text', { question: 'why', op: 'answered' }) },
    { id: 'always', question: q('number') },
    { id: 'hot', question: q('text', { question: 'always', op: 'gt', value: 30 }) },
  ];
  const shown = (answers: Record<string, unknown>) =>
    [...visibleQuestionIds(questions, Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, { value: v }])))];

  it('shows questions without conditions, and those whose condition is met', () => {
    expect(shown({})).toEqual(['locked', 'always']);
    expect(shown({ locked: false })).toEqual(['locked', 'why', 'always']);
    expect(shown({ locked: false, why: 'key lost' })).toEqual(['locked', 'why', 'who', 'always']);
    expect(shown({ always: '31' })).toEqual(['locked', 'always', 'hot']);
  });

  it('hides a question whose condition question is hidden, whatever that question holds (chains)', () => {
    expect(shown({ locked: true, why: 'key lost' })).toEqual(['locked', 'always']);
    // `unanswered` on a hidden question: still hidden, the hidden question counts for nothing.
    const chain = [
      { id: 'a', question: q('true/false') },
      { id: 'b', question: q('text', { question: 'a', op: 'equals', value: true }) },
      { id: 'c', question: q('text', { question: 'b', op: 'unanswered' }) },
    ];
    expect([...visibleQuestionIds(chain, { a: { value: false } })]).toEqual(['a']);
    expect([...visibleQuestionIds(chain, { a: { value: true } })]).toEqual(['a', 'b', 'c']);
  });

  it('ignores a condition that cannot be judged: unknown, later or self question, operator not for the type', () => {
    const broken = [
      { id: 'a', question: q('text', { question: 'gone', op: 'answered' }) },
      { id: 'b', question: q('text', { question: 'c', op: 'answered' }) },
      { id: 'c', question: q('text', { question: 'c', op: 'answered' }) },
      { id: 'd', question: q('text', { question: 'a', op: 'lt', value: 1 }) },
    ];
    expect([...visibleQuestionIds(broken, {})]).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('readShowIf', () => {
  it('keeps a well-shaped condition, drops anything else', () => {
    expect(readShowIf({ question: 'a', op: 'equals', value: false })).toEqual({ question: 'a', op: 'equals', value: false });
    expect(readShowIf({ question: 'a', op: 'answered', value: null })).toEqual({ question: 'a', op: 'answered' });
    expect(readShowIf({ question: 'a', op: 'near' })).toBeNull();
    expect(readShowIf(null)).toBeNull();
    expect(readShowIf([])).toBeNull();
  });
});
