/** The rules of answers (documentation §4 "Form fill", §5 "Validation rules"), table-driven. */
import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  canSubmit,
  hasValue,
  INVALID_EMAIL,
  INVALID_URL,
  isAnswered,
  isEmailAnswer,
  isUrlAnswer,
  isValid,
  newQuestion,
  NOT_CHECKED,
  recordAnswer,
  toDatetimeAnswer,
  toNumberAnswer,
  valueProblem,
  withValueType,
  type Question,
  type Validation,
  type ValueType,
} from '../../../../src/shared/checklists/index.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const question = (valueType: ValueType, changes: Partial<Question> = {}): Question => ({
  ...withValueType(newQuestion(now), valueType, now),
  choices: valueType === 'single choice' || valueType === 'multiple choice' ? ['Red', 'Green', 'Blue'] : [],
  ...changes,
});
const validated = (valueType: ValueType, rule: Partial<Validation>): Question => {
  const q = question(valueType);
  return { ...q, validation: { ...q.validation, enabled: true, ...rule } };
};

describe('hasValue / isAnswered (§5 required)', () => {
  it.each([[undefined], [null], [''], [NOT_CHECKED], [[]]])('%j is not an answer', (value) => {
    expect(hasValue(value)).toBe(false);
  });
  it.each([[false], [0], ['x'], [['Red']], ['0']])('%j is an answer', (value) => {
    expect(hasValue(value)).toBe(true);
  });

  it('with photo verification an answer also needs a photo', () => {
    const photo = question('true/false', { photoVerification: true });
    expect(isAnswered(photo, { value: true })).toBe(false);
    expect(isAnswered(photo, { value: true, media: [] })).toBe(false);
    expect(isAnswered(photo, { value: true, media: ['m1'] })).toBe(true);
    expect(isAnswered(photo, { value: NOT_CHECKED, media: ['m1'] })).toBe(false);
    expect(isAnswered(question('true/false'), { value: false })).toBe(true);
    expect(isAnswered(question('true/false'), undefined)).toBe(false);
  });
});

describe('e-mail and URL patterns (§5)', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org'])('%s is an e-mail', (v) => expect(isEmailAnswer(v)).toBe(true));
  it.each(['plain', 'a@b', '@b.co', 'a b@c.de', 'a@b.co '])('%j is not an e-mail', (v) => expect(isEmailAnswer(v)).toBe(false));
  it.each(['example.com', 'www.example.com/path?q=1#top', 'https://example.com', 'http://localhost:8080/x', 'sub.example.co.uk:443/a/b', 'bücher.de'])(
    '%s is a URL',
    (v) => expect(isUrlAnswer(v)).toBe(true),
  );
  it.each(['', 'example', 'http://', 'exa mple.com', 'ftp://example.com', 'https://example.com/a b', '.com', 'example.c'])(
    '%j is not a URL',
    (v) => expect(isUrlAnswer(v)).toBe(false),
  );
});

describe('toNumberAnswer (§5: converted; an empty string stays empty)', () => {
  it.each<[unknown, unknown]>([
    ['', ''],
    ['12', 12],
    [' 12 ', 12],
    ['-3.5', -3.5],
    ['.5', 0.5],
    ['1e3', 1000],
    [7, 7],
    ['abc', 'abc'],
    ['12abc', '12abc'],
    ['0x10', '0x10'],
    ['Infinity', 'Infinity'],
    ['   ', '   '],
    [null, null],
  ])('%j → %j', (given, expected) => {
    expect(toNumberAnswer(given)).toEqual(expected);
  });
});

describe('toDatetimeAnswer', () => {
  it('turns a datetime-local value into an instant; empty stays empty', () => {
    expect(toDatetimeAnswer('')).toBe('');
    expect(toDatetimeAnswer('2026-05-01T10:30')).toBe(new Date('2026-05-01T10:30').toISOString());
  });
});

/** Per value type: values that fit, values that do not (with the message). Unanswered values always fit. */
const VALUES: [ValueType, unknown[], [unknown, string][]][] = [
  ['true/false', [true, false], [['true', 'must be true or false'], [1, 'must be true or false'], [['x'], 'must be true or false']]],
  ['pass/fail', ['pass', 'fail'], [['Pass', "must be 'pass' or 'fail'"], [true, "must be 'pass' or 'fail'"]]],
  ['single choice', ['Red', 'Blue'], [['Purple', '"Purple" is not one of the choices'], [['Red'], 'must be one of the choices'], [3, 'must be one of the choices']]],
  [
    'multiple choice',
    [['Red'], ['Red', 'Blue']],
    [
      ['Red', 'must be a list of choices'],
      [['Red', 'Purple'], '"Purple" is not one of the choices'],
      [['Red', 'Red'], 'must not repeat a choice'],
      [[1], 'must be a list of choices'],
    ],
  ],
  ['number', [0, -4, 12, '12', ' 7 '], [[1.5, 'must be a whole number'], ['1.5', 'must be a whole number'], ['abc', 'must be a whole number'], [true, 'must be a whole number'], [2 ** 60, 'must be a whole number']]],
  ['decimal', [0, 1.5, '-2.25', 3], [['abc', 'must be a number'], [false, 'must be a number'], [[1], 'must be a number']]],
  [
    'datetime',
    ['2026-06-01T12:00:00.000Z', '2026-06-01T14:00+02:00', '2026-06-01T12:00:00Z'],
    [
      ['2026-06-01T12:00', 'must be an ISO 8601 date and time with a time zone'],
      ['2026-06-01', 'must be an ISO 8601 date and time with a time zone'],
      ['2026-13-45T99:00Z', 'must be an ISO 8601 date and time with a time zone'],
      [1748779200, 'must be an ISO 8601 date and time with a time zone'],
    ],
  ],
  ['text', ['anything at all', 'x'.repeat(10_000)], [[5, 'must be text'], ['x'.repeat(10_001), 'must be at most 10000 characters']]],
  ['url', ['example.com/a'], [['not a url', INVALID_URL], [5, 'must be text']]],
  ['email', ['a@b.co'], [['a@b', INVALID_EMAIL], [['a@b.co'], 'must be text']]],
  ['duration', ['1h 30m', 'PT1H30M'], [[90, 'must be text']]],
];

describe('valueProblem: what each value type accepts', () => {
  for (const [type, good, bad] of VALUES) {
    it(`${type}: takes ${JSON.stringify(good)}`, () => {
      const q = question(type);
      for (const value of good) expect(valueProblem(q, toNumberIfNeeded(type, value)), JSON.stringify(value)).toBeUndefined();
      for (const empty of [undefined, null, '', NOT_CHECKED, []]) expect(valueProblem(q, empty)).toBeUndefined();
    });
    it(`${type}: refuses ${JSON.stringify(bad.map(([v]) => v)).slice(0, 80)}`, () => {
      const q = question(type);
      for (const [value, message] of bad) expect(valueProblem(q, toNumberIfNeeded(type, value)), JSON.stringify(value)).toBe(message);
    });
  }
});

function toNumberIfNeeded(type: ValueType, value: unknown) {
  return type === 'number' || type === 'decimal' ? toNumberAnswer(value) : value;
}

describe('answerProblems', () => {
  it('required: an answer is needed; optional: not', () => {
    expect(answerProblems(question('text'), undefined)).toEqual([{ field: '', message: 'an answer is required' }]);
    expect(answerProblems(question('text'), { value: NOT_CHECKED })).toEqual([{ field: '', message: 'an answer is required' }]);
    expect(answerProblems(question('text', { required: false }), undefined)).toEqual([]);
    expect(answerProblems(question('multiple choice'), { value: [] })).toEqual([{ field: '', message: 'an answer is required' }]);
  });

  it('photo verification needs a photo, even on an optional question; photos elsewhere are refused', () => {
    const photo = question('pass/fail', { required: false, photoVerification: true });
    expect(answerProblems(photo, { value: 'pass' })).toEqual([{ field: 'media', message: 'a photo is required' }]);
    expect(answerProblems(photo, undefined)).toEqual([{ field: 'media', message: 'a photo is required' }]);
    expect(answerProblems(photo, { value: 'pass', media: ['m'] })).toEqual([]);
    expect(answerProblems(question('pass/fail'), { value: 'pass', media: ['m'] })).toEqual([
      { field: 'media', message: 'photos are only taken for photo-verification questions' },
    ]);
  });

  it('comments only where allowed (an empty comment is no comment)', () => {
    expect(answerProblems(question('true/false'), { value: true, comments: 'late' })).toEqual([
      { field: 'comments', message: 'comments are not allowed on this question' },
    ]);
    expect(answerProblems(question('true/false'), { value: true, comments: '' })).toEqual([]);
    expect(answerProblems(question('true/false', { allowComments: true }), { value: true, comments: 'late' })).toEqual([]);
  });

  it('a value that does not fit names the value', () => {
    expect(answerProblems(question('email'), { value: 'nope' })).toEqual([{ field: 'value', message: INVALID_EMAIL }]);
    expect(answerProblems(question('number', { required: false }), { value: '' })).toEqual([]);
  });
});

describe('canSubmit (§4: every required question answered, every photo taken)', () => {
  const questions = [
    { id: 'q1', question: question('true/false') },
    { id: 'q2', question: question('text', { required: false }) },
    { id: 'q3', question: question('pass/fail', { required: false, photoVerification: true }) },
    { id: 'q4', question: question('email', { required: false }) },
  ];
  it.each<[string, Record<string, unknown>, boolean]>([
    ['nothing answered', {}, false],
    ['everything as required', { q1: { value: false }, q3: { value: 'fail', media: ['m'] } }, true],
    ['required left not checked', { q1: { value: NOT_CHECKED }, q3: { value: 'fail', media: ['m'] } }, false],
    ['photo missing', { q1: { value: true }, q3: { value: 'pass' } }, false],
    ['an optional e-mail that is no e-mail', { q1: { value: true }, q3: { value: 'pass', media: ['m'] }, q4: { value: 'x' } }, false],
    ['an optional e-mail left empty', { q1: { value: true }, q3: { value: 'pass', media: ['m'] }, q4: { value: '' } }, true],
  ])('%s → %s', (_, answers, expected) => {
    expect(canSubmit(questions, answers as never)).toBe(expected);
  });
  it('an empty checklist can be submitted', () => {
    expect(canSubmit([], {})).toBe(true);
  });
});

describe('isValid (§5 validation config by type)', () => {
  const at = (iso: string) => iso;
  it.each<[string, Question, unknown, boolean]>([
    ['no validation: anything fitting is valid', question('number'), 99, true],
    ['validation off keeps true/false valid', question('true/false'), false, true],
    ['true/false correct value (default true)', validated('true/false', {}), true, true],
    ['true/false wrong value', validated('true/false', {}), false, false],
    ['true/false correct value false', validated('true/false', { value: false }), false, true],
    ['pass/fail is always judged: pass', question('pass/fail'), 'pass', true],
    ['pass/fail is always judged: fail', question('pass/fail'), 'fail', false],
    ['pass/fail with value fail expects fail', question('pass/fail', { validation: { enabled: false, value: 'fail', roles: [], users: [] } }), 'fail', true],
    ['single choice correct', validated('single choice', { value: 'Green' }), 'Green', true],
    ['single choice wrong', validated('single choice', { value: 'Green' }), 'Red', false],
    ['single choice without a correct choice', validated('single choice', { value: null }), 'Red', true],
    ['multiple choice exactly the correct ones, any order', validated('multiple choice', { values: ['Red', 'Blue'] }), ['Blue', 'Red'], true],
    ['multiple choice missing one', validated('multiple choice', { values: ['Red', 'Blue'] }), ['Red'], false],
    ['multiple choice one too many', validated('multiple choice', { values: ['Red'] }), ['Red', 'Green'], false],
    ['multiple choice without correct values', validated('multiple choice', { values: [] }), ['Red'], true],
    ['number within the defaults 0..1 (inclusive)', validated('number', {}), 1, true],
    ['number below', validated('number', {}), -1, false],
    ['number above', validated('number', {}), 2, false],
    ['number text converted first', validated('number', { min: 10, max: 20 }), '15', true],
    ['decimal within', validated('decimal', { min: 2.5, max: 8 }), 2.5, true],
    ['decimal above', validated('decimal', { min: 2.5, max: 8 }), 8.01, false],
    ['decimal without a max', validated('decimal', { min: 0, max: null }), 1e9, true],
    ['datetime within', validated('datetime', { min: at('2026-01-01T00:00:00Z'), max: at('2026-12-31T23:59:59Z') }), '2026-06-01T12:00:00+02:00', true],
    ['datetime before', validated('datetime', { min: at('2026-01-01T00:00:00Z'), max: at('2026-12-31T23:59:59Z') }), '2025-12-31T23:00:00Z', false],
    ['datetime after (offsets count)', validated('datetime', { min: at('2026-01-01T00:00:00Z'), max: at('2026-06-01T11:00:00Z') }), '2026-06-01T12:30:00+01:00', false],
    ['datetime defaults: only now', validated('datetime', {}), now.toISOString(), true],
    ['unanswered is valid', validated('true/false', {}), NOT_CHECKED, true],
    ['unanswered number is valid', validated('number', {}), '', true],
  ])('%s', (_, q, value, expected) => {
    expect(isValid(q, value)).toBe(expected);
  });
});

describe('recordAnswer', () => {
  it('stores the converted value, comments and photos always, and the valid flag', () => {
    expect(recordAnswer(validated('number', { min: 0, max: 10 }), { value: '12' })).toEqual({ value: 12, comments: '', media: [], valid: false });
    expect(recordAnswer(question('text'), { value: 'ok', comments: 'fine', media: ['a'] })).toEqual({ value: 'ok', comments: 'fine', media: ['a'], valid: true });
    expect(recordAnswer(question('text'), { value: undefined, comments: null })).toEqual({ value: null, comments: '', media: [], valid: true });
  });
});
