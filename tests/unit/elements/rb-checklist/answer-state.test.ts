import { describe, expect, it } from 'vitest';
import {
  answersForRules,
  draftOf,
  initialAnswers,
  isTouched,
  localInputValue,
  restoreDraft,
  submissionRecord,
  submitBlockers,
  firstBlocked,
  ANSWER_EVERY_REQUIRED,
  toggledChoice,
  withComments,
  withValue,
  type OrderedQuestion,
} from '../../../../elements/rb-checklist/answer-state.ts';
import { canSubmit, NOT_CHECKED } from '../../../../src/shared/checklists/answers.ts';
import { newQuestion, withValueType, type Question } from '../../../../src/shared/checklists/question.ts';
import type { ValueType } from '../../../../src/shared/checklists/value-types.ts';

const question = (valueType: ValueType, extra: Partial<Question> = {}): Question => ({
  ...withValueType(newQuestion(new Date(0)), valueType, new Date(0)),
  title: valueType,
  required: false,
  ...extra,
});

const questions: OrderedQuestion[] = [
  { id: 'tf', question: question('true/false', { required: true }) },
  { id: 'n', question: question('number') },
  { id: 'd', question: question('decimal') },
  { id: 'mc', question: question('multiple choice', { choices: ['a', 'b', 'c'] }) },
  { id: 'e', question: question('email', { allowComments: true }) },
  { id: 'p', question: question('pass/fail', { photoVerification: true }) },
];

describe('initialAnswers', () => {
  it("starts every question at 'not checked' without comments (§4)", () => {
    expect(initialAnswers(questions)).toEqual(Object.fromEntries(questions.map(({ id }) => [id, { value: NOT_CHECKED, comments: '' }])));
  });
});

describe('withValue / withComments / toggledChoice', () => {
  it.each([
    [true, true],
    ['x', 'x'],
    [[], NOT_CHECKED],
    [null, NOT_CHECKED],
    [undefined, NOT_CHECKED],
    [['a'], ['a']],
  ])('sets %j as %j and keeps the comments', (value, stored) => {
    const answers = withComments(initialAnswers(questions), 'e', 'note');
    const next = withValue(answers, 'e', value);
    expect(next.e).toEqual({ value: stored, comments: 'note' });
    expect(answers.e!.value).toBe(NOT_CHECKED); // not mutated
  });

  it('ticks and unticks choices in the order of the question', () => {
    const mc = questions[3]!.question;
    expect(toggledChoice(mc, NOT_CHECKED, 'c', true)).toEqual(['c']);
    expect(toggledChoice(mc, ['c'], 'a', true)).toEqual(['a', 'c']);
    expect(toggledChoice(mc, ['a', 'c'], 'a', false)).toEqual(['c']);
    expect(toggledChoice(mc, ['c'], 'c', false)).toEqual([]);
  });
});

describe('answersForRules and canSubmit', () => {
  it('needs the required answer and the photo of a photo-verification question', () => {
    let answers = initialAnswers(questions);
    expect(canSubmit(questions, answersForRules(questions, answers, {}))).toBe(false);
    answers = withValue(answers, 'tf', false);
    expect(canSubmit(questions, answersForRules(questions, answers, {}))).toBe(false); // p has no photo
    // p is not required: a photo without a value is enough (the model's rule).
    expect(canSubmit(questions, answersForRules(questions, answers, { p: 1 }))).toBe(true);
    answers = withValue(answers, 'p', 'pass');
    expect(canSubmit(questions, answersForRules(questions, answers, {}))).toBe(false);
    expect(canSubmit(questions, answersForRules(questions, answers, { p: 1 }))).toBe(true);
  });

  it('refuses a malformed e-mail and a fractional whole number', () => {
    let answers = withValue(withValue(initialAnswers(questions), 'tf', true), 'p', 'fail');
    expect(canSubmit(questions, answersForRules(questions, withValue(answers, 'e', 'nope'), { p: 1 }))).toBe(false);
    expect(canSubmit(questions, answersForRules(questions, withValue(answers, 'n', '1.5'), { p: 1 }))).toBe(false);
    answers = withValue(withValue(answers, 'e', 'a@b.co'), 'n', '2');
    expect(canSubmit(questions, answersForRules(questions, answers, { p: 1 }))).toBe(true);
  });

  it('leaves comments out where the question takes none', () => {
    const answers = withComments(initialAnswers(questions), 'tf', 'ignored');
    const judged = answersForRules(questions, answers, {});
    expect(judged.tf).not.toHaveProperty('comments');
    expect(judged.e).toHaveProperty('comments', '');
  });
});

describe('submitBlockers', () => {
  const answered = () => withValue(withValue(initialAnswers(questions), 'tf', true), 'p', 'pass');

  it('says nothing when Submit may go, and agrees with canSubmit', () => {
    expect(submitBlockers(questions, answered(), { p: 1 })).toEqual([]);
    expect(canSubmit(questions, answersForRules(questions, answered(), { p: 1 }))).toBe(true);
  });

  it("says 'Answer every required question to submit.' and then names each unanswered required question (issue #43)", () => {
    expect(submitBlockers(questions, initialAnswers(questions), { p: 1 })).toEqual([ANSWER_EVERY_REQUIRED, "'true/false': An answer is required"]);
    expect(ANSWER_EVERY_REQUIRED).toBe('Answer every required question to submit.');
    const two: OrderedQuestion[] = [
      { id: 'a', question: question('text', { title: 'Your name', required: true }) },
      { id: 'b', question: question('true/false', { title: 'Gate locked' }) },
      { id: 'c', question: question('number', { title: 'Badge', required: true }) },
    ];
    expect(submitBlockers(two, initialAnswers(two), {})).toEqual([ANSWER_EVERY_REQUIRED, "'Your name': An answer is required", "'Badge': An answer is required"]);
  });

  it("names the question and the problem of an invalid optional answer, in the spec's words ('Invalid Email')", () => {
    const answers = withValue(answered(), 'e', 'not-an-address');
    expect(submitBlockers(questions, answers, { p: 1 })).toEqual(["'email': Invalid Email"]);
    expect(submitBlockers(questions, withValue(answered(), 'n', '1.5'), { p: 1 })).toEqual(["'number': Must be a whole number"]);
  });

  it('names a missing photo, and lists every blocker in the order of the questions', () => {
    const answers = withValue(initialAnswers(questions), 'e', 'nope');
    expect(submitBlockers(questions, answers, {})).toEqual([
      ANSWER_EVERY_REQUIRED,
      "'true/false': An answer is required",
      "'email': Invalid Email",
      "'pass/fail': A photo is required",
    ]);
  });

  it("calls an untitled question 'Question n', as the form does", () => {
    const untitled: OrderedQuestion[] = [{ id: 'x', question: question('url', { title: '' }) }];
    expect(submitBlockers(untitled, withValue(initialAnswers(untitled), 'x', 'no spaces allowed'), {})).toEqual(["'Question 1': Invalid URL"]);
  });
});

describe('firstBlocked', () => {
  it('is the first shown question with a problem, in order; none when Submit may go', () => {
    expect(firstBlocked(questions, initialAnswers(questions), {})).toBe('tf');
    const answers = withValue(withValue(initialAnswers(questions), 'tf', true), 'e', 'nope');
    expect(firstBlocked(questions, answers, {})).toBe('e');
    expect(firstBlocked(questions, withValue(withValue(initialAnswers(questions), 'tf', true), 'p', 'pass'), { p: 1 })).toBeUndefined();
  });
});

describe('submissionRecord', () => {
  it('converts numbers, keeps not checked, adds comments and photo ids where they belong', () => {
    let answers = initialAnswers(questions);
    answers = withValue(answers, 'tf', true);
    answers = withValue(answers, 'n', ' 42 ');
    answers = withValue(answers, 'd', '');
    answers = withValue(answers, 'mc', ['a', 'c']);
    answers = withComments(withValue(answers, 'e', 'a@b.co'), 'e', 'seen');
    answers = withComments(answers, 'tf', 'not allowed here');
    answers = withValue(answers, 'p', 'pass');
    expect(submissionRecord(questions, answers, { p: ['u1', 'u2'], tf: ['x'] })).toEqual({
      tf: { value: true },
      n: { value: 42 },
      d: { value: NOT_CHECKED },
      mc: { value: ['a', 'c'] },
      e: { value: 'a@b.co', comments: 'seen' },
      p: { value: 'pass', media: ['u1', 'u2'] },
    });
  });
});

describe('restoreDraft', () => {
  it('round-trips a draft', () => {
    let answers = withValue(initialAnswers(questions), 'tf', false);
    answers = withValue(answers, 'mc', ['b']);
    answers = withComments(answers, 'e', 'later');
    const stored = JSON.stringify(draftOf(answers, new Date(0)));
    expect(restoreDraft(questions, stored)).toEqual(answers);
  });

  it('drops questions no longer in the form, choices no longer offered and malformed parts', () => {
    const stored = JSON.stringify({
      answers: { gone: { value: true, comments: '' }, mc: { value: ['a', 'zzz'] }, tf: { value: { weird: 1 }, comments: 3 }, n: 'x' },
    });
    const restored = restoreDraft(questions, stored);
    expect(restored).not.toHaveProperty('gone');
    expect(restored.mc).toEqual({ value: ['a'], comments: '' });
    expect(restored.tf).toEqual({ value: NOT_CHECKED, comments: '' });
    expect(restored.n).toEqual({ value: NOT_CHECKED, comments: '' });
  });

  it.each([null, '', 'not json', '[]', '{"answers":5}'])('answers the defaults for %j', (stored) => {
    expect(restoreDraft(questions, stored)).toEqual(initialAnswers(questions));
  });
});

describe('isTouched', () => {
  it('is false for the defaults and true after any answer or comment', () => {
    const answers = initialAnswers(questions);
    expect(isTouched(answers)).toBe(false);
    expect(isTouched(withValue(answers, 'tf', false))).toBe(true);
    expect(isTouched(withComments(answers, 'e', 'x'))).toBe(true);
  });
});

describe('localInputValue', () => {
  it('shows an ISO answer in local time for datetime-local, and nothing else', () => {
    const at = new Date(2024, 4, 6, 7, 8);
    expect(localInputValue(at.toISOString())).toBe('2024-05-06T07:08');
    expect(localInputValue(NOT_CHECKED)).toBe('');
    expect(localInputValue('garbage')).toBe('');
    expect(localInputValue(5)).toBe('');
  });
});
