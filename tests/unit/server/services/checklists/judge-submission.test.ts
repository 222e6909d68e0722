/**
 * The server and the filler agree on what is required (issue #33): for random checklists with chains of
 * conditions and random answers, the questions the filler finds missing a required answer are exactly
 * those the server refuses with 'an answer is required' for the record the filler sends, and the filler
 * lets a submission go exactly when the server stores it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingRequired, submissionRecord, submitBlockers, type Answers, type OrderedQuestion } from '../../../../../elements/rb-checklist/answer-state.ts';
import { judgeSubmission } from '../../../../../src/server/services/checklists/judge-submission.ts';
import { ANSWER_REQUIRED, NOT_CHECKED } from '../../../../../src/shared/checklists/answers.ts';
import { opsOf, type ConditionOp, type ShowIf } from '../../../../../src/shared/checklists/conditions.ts';
import { readQuestion } from '../../../../../src/shared/checklists/question.ts';
import type { ValueType } from '../../../../../src/shared/checklists/value-types.ts';

const TYPES: ValueType[] = ['true/false', 'pass/fail', 'number', 'decimal', 'single choice', 'multiple choice', 'datetime', 'text', 'email'];
const CHOICES = ['Red', 'Blue', 'Green'];
/** Answers a widget may give for each type, valid and not (numbers arrive as text from the number field). */
const ANSWER_POOL: Record<string, unknown[]> = {
  'true/false': [true, false, NOT_CHECKED],
  'pass/fail': ['pass', 'fail', NOT_CHECKED],
  number: ['3', '12', '-1', '2.5', 'abc', '', NOT_CHECKED],
  decimal: ['0.5', '7', 'x', NOT_CHECKED],
  'single choice': ['Red', 'Blue', NOT_CHECKED],
  'multiple choice': [['Red'], ['Blue', 'Green'], NOT_CHECKED],
  datetime: ['2026-01-01T10:00:00.000Z', '2026-06-01T10:00:00.000Z', NOT_CHECKED],
  text: ['ok', 'no', '', NOT_CHECKED],
  email: ['a@b.co', 'not-an-email', NOT_CHECKED],
};
const VALUE_POOL: Record<string, unknown[]> = {
  'true/false': [true, false],
  'pass/fail': ['pass', 'fail'],
  number: [0, 3, 10],
  decimal: [0.5, 2],
  'single choice': CHOICES,
  'multiple choice': CHOICES,
  datetime: ['2026-03-01T00:00:00Z'],
  text: ['ok', 'no'],
  email: ['a@b.co'],
};

const question = fc.record({ type: fc.constantFrom(...TYPES), required: fc.boolean(), conditioned: fc.boolean(), pick: fc.nat(), op: fc.nat(), value: fc.nat(), answer: fc.nat() });

interface Spec {
  type: ValueType;
  required: boolean;
  conditioned: boolean;
  pick: number;
  op: number;
  value: number;
  answer: number;
}

function build(specs: Spec[]) {
  const questions: OrderedQuestion[] = [];
  const answers: Answers = {};
  specs.forEach((spec, i) => {
    let show_if: ShowIf | undefined;
    if (spec.conditioned && i > 0) {
      const target = questions[spec.pick % i]!;
      const ops = opsOf(target.question.valueType);
      const op: ConditionOp = ops[spec.op % ops.length]!;
      const values = VALUE_POOL[target.question.valueType]!;
      show_if = { question: target.id, op, ...(op === 'answered' || op === 'unanswered' ? {} : { value: values[spec.value % values.length] }) };
    }
    const id = `q${i}`;
    const choices = spec.type.endsWith('choice') ? CHOICES : [];
    questions.push({ id, question: readQuestion({ title: id, valueType: spec.type, choices, required: spec.required, show_if }) });
    const pool = ANSWER_POOL[spec.type]!;
    answers[id] = { value: pool[spec.answer % pool.length], comments: '' };
  });
  return { questions, answers };
}

describe('required: server and filler agree', () => {
  it('on random checklists with conditions and random answers', () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 12 }), (specs) => {
        const { questions, answers } = build(specs);
        const record = submissionRecord(questions, answers);
        const judged = judgeSubmission(questions, record);
        const serverMissing = judged.errors.filter((e) => e.message === ANSWER_REQUIRED).map((e) => e.field.replace(/^record\./, ''));
        expect(serverMissing).toEqual(missingRequired(questions, answers, {}));
        expect(judged.errors.length === 0).toBe(submitBlockers(questions, answers, {}).length === 0);
        // What the server keeps is what the filler sent: hidden questions are never in the record.
        expect(Object.keys(judged.record)).toEqual(Object.keys(record));
      }),
      { numRuns: 500 },
    );
  });

  it('the server drops an answer sent for a hidden question, and never requires it', () => {
    const { questions } = build([
      { type: 'true/false', required: true, conditioned: false, pick: 0, op: 0, value: 0, answer: 0 },
      { type: 'text', required: true, conditioned: true, pick: 0, op: 0, value: 1, answer: 0 },
    ]);
    // q1 shows when q0 equals false; q0 is true, so q1 is hidden: its (ill-typed) answer is dropped, its absence not refused.
    expect(judgeSubmission(questions, { q0: { value: true }, q1: { value: 5 } })).toMatchObject({ errors: [], record: { q0: { value: true } } });
    expect(judgeSubmission(questions, { q0: { value: true } }).errors).toEqual([]);
    expect(judgeSubmission(questions, { q0: { value: false } }).errors).toEqual([{ field: 'record.q1', message: ANSWER_REQUIRED }]);
  });
});
