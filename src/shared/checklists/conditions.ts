/**
 * Conditional questions (issue #33): a question may carry `show_if: {question, op, value}` and is shown
 * only when that EARLIER question's answer meets the condition. This file is THE one decision of
 * visibility — the filler, the editor's preview and the server all call `visibleQuestionIds` — plus
 * which operators each value type offers, what value a condition may carry, why a stored condition is
 * broken (`conditionProblem`: the schema refuses it on publish, the editor flags it). Pure and zod-free
 * (the light filler imports it); the condition in words is the editor's (islands/checklist-editor/
 * condition-words.ts), so the filler's page does not carry it.
 *
 * Rules:
 * - Chains: a question whose condition's question is hidden is hidden too (questions are judged in
 *   `question_index` order, so a condition only ever looks back at a question already judged).
 * - `equals` / `not_equals` / `includes` / `lt` … need an answer: an unanswered question is neither
 *   equal nor unequal to anything (`unanswered` is the operator for that).
 * - A condition that cannot be judged (its question is not earlier in the order, or its operator does
 *   not suit that question's type) is ignored and the question shows: published contents never hold
 *   one (refused on publish), and asking a question is safer than silently skipping it.
 */
import { hasValue, isDatetimeAnswer, normaliseValue, MAX_TEXT_ANSWER_LENGTH } from './answers.ts';
import type { ValueType } from './value-types.ts';

export const CONDITION_OPS = ['equals', 'not_equals', 'includes', 'lt', 'lte', 'gt', 'gte', 'answered', 'unanswered'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** `value` is absent (or null) for `answered` and `unanswered`. */
export interface ShowIf {
  question: string;
  op: ConditionOp;
  value?: unknown;
}

export function isConditionOp(value: unknown): value is ConditionOp {
  return typeof value === 'string' && (CONDITION_OPS as readonly string[]).includes(value);
}

const EQUALITY = ['equals', 'not_equals', 'answered', 'unanswered'] as const satisfies readonly ConditionOp[];
const ORDER = ['lt', 'lte', 'gt', 'gte', 'answered', 'unanswered'] as const satisfies readonly ConditionOp[];

/** The operators a condition on a question of this type may use (issue #33), in the order the editor offers them. */
export const OPS_BY_VALUE_TYPE = {
  'true/false': EQUALITY,
  'pass/fail': EQUALITY,
  'single choice': EQUALITY,
  text: EQUALITY,
  url: EQUALITY,
  email: EQUALITY,
  duration: EQUALITY,
  'multiple choice': ['includes', 'answered', 'unanswered'],
  number: ORDER,
  decimal: ORDER,
  datetime: ORDER,
} as const satisfies Record<ValueType, readonly ConditionOp[]>;

export function opsOf(type: ValueType): readonly ConditionOp[] {
  return OPS_BY_VALUE_TYPE[type];
}

/** Whether the operator compares with a value (all but `answered` and `unanswered`). */
export const takesValue = (op: ConditionOp) => op !== 'answered' && op !== 'unanswered';

/** The part of a question a condition on it depends on. */
export interface ConditionTarget {
  valueType: ValueType;
  choices: readonly string[];
}

/**
 * Why `value` cannot be the value of a condition with `op` on a question like `target`, or undefined.
 * true/false: true or false; pass/fail: 'pass' or 'fail'; single and multiple choice: one of its
 * choices; text, url, email, duration: text; number: a whole number; decimal: a number; datetime: an
 * ISO 8601 date and time with a zone. `answered` and `unanswered` take no value.
 */
export function conditionValueProblem(target: ConditionTarget, op: ConditionOp, value: unknown): string | undefined {
  if (!takesValue(op)) return value === undefined || value === null ? undefined : `${op} takes no value`;
  switch (target.valueType) {
    case 'true/false':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'pass/fail':
      return value === 'pass' || value === 'fail' ? undefined : "must be 'pass' or 'fail'";
    case 'single choice':
    case 'multiple choice':
      return typeof value === 'string' && target.choices.includes(value) ? undefined : 'must be one of the choices of the question it depends on';
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'must be a whole number';
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'datetime':
      return typeof value === 'string' && isDatetimeAnswer(value) ? undefined : 'must be an ISO 8601 date and time with a time zone';
    case 'text':
    case 'url':
    case 'email':
    case 'duration':
      if (typeof value !== 'string') return 'must be text';
      return value.length <= MAX_TEXT_ANSWER_LENGTH ? undefined : `must be at most ${MAX_TEXT_ANSWER_LENGTH} characters`;
  }
}

/** One reason a condition is broken: the field of `show_if` it concerns and why. */
export interface ConditionProblem {
  field: 'question' | 'op' | 'value';
  message: string;
}

/**
 * Why the condition of the question at `position` in `order` cannot be judged, or undefined: its
 * question unknown or not earlier (no forward references, no cycles), its operator not offered for
 * that question's type, its value not fitting. `targetOf(id)` reads a question (undefined: none).
 */
export function conditionProblem(
  condition: ShowIf,
  position: number,
  order: readonly string[],
  targetOf: (id: string) => ConditionTarget | undefined,
): ConditionProblem | undefined {
  const target = targetOf(condition.question);
  const at = order.indexOf(condition.question);
  if (!target || at === -1) return { field: 'question', message: `${condition.question} is not a question of this checklist` };
  if (at >= position) return { field: 'question', message: 'must be an earlier question' };
  if (!(opsOf(target.valueType) as readonly string[]).includes(condition.op)) {
    return { field: 'op', message: `must be one of ${opsOf(target.valueType).join(', ')} for a ${target.valueType} question` };
  }
  const valueIssue = conditionValueProblem(target, condition.op, condition.value);
  return valueIssue ? { field: 'value', message: valueIssue } : undefined;
}

const instant = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/**
 * Whether an answer (as given: numbers may be numeric text) of a question of type `valueType` meets the
 * condition. Every operator but `unanswered` needs an answer; a value that does not fit the type never
 * meets a comparison.
 */
export function conditionMet(valueType: ValueType, condition: Pick<ShowIf, 'op' | 'value'>, answerValue: unknown): boolean {
  const value = normaliseValue(valueType, answerValue);
  const answered = hasValue(value);
  switch (condition.op) {
    case 'answered':
      return answered;
    case 'unanswered':
      return !answered;
    case 'equals':
      return answered && value === condition.value;
    case 'not_equals':
      return answered && value !== condition.value;
    case 'includes':
      return answered && Array.isArray(value) && value.includes(condition.value);
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (!answered) return false;
      const [a, b] = valueType === 'datetime' ? [instant(value), instant(condition.value)] : [value, condition.value];
      if (typeof a !== 'number' || typeof b !== 'number' || !Number.isFinite(a) || !Number.isFinite(b)) return false;
      if (condition.op === 'lt') return a < b;
      if (condition.op === 'lte') return a <= b;
      if (condition.op === 'gt') return a > b;
      return a >= b;
    }
  }
}

/** A question as visibility needs it: its type and choices, and its condition if any. */
export interface ConditionalQuestion extends ConditionTarget {
  show_if?: ShowIf | null | undefined;
}

/**
 * THE visibility function: the ids of the questions shown for these answers, judged in order. A
 * question without a condition is shown; with one, it is shown when its condition's question is shown
 * and that question's answer meets the condition; a condition that cannot be judged is ignored.
 */
export function visibleQuestionIds(
  questions: readonly { id: string; question: ConditionalQuestion }[],
  answers: Readonly<Record<string, { value?: unknown } | undefined>>,
): Set<string> {
  const visible = new Set<string>();
  const order = questions.map((q) => q.id);
  const byId = new Map(questions.map((q) => [q.id, q.question]));
  questions.forEach(({ id, question }, position) => {
    const condition = question.show_if;
    if (!condition || conditionProblem(condition, position, order, (ref) => byId.get(ref))) {
      visible.add(id);
      return;
    }
    const target = byId.get(condition.question)!;
    if (visible.has(condition.question) && conditionMet(target.valueType, condition, answers[condition.question]?.value)) visible.add(id);
  });
  return visible;
}

/**
 * What a submitted row and a report show for a question its condition hid when the checklist was filled
 * in (issue #43): not asked, so neither 'Not answered' nor a valid flag.
 */
export const NOT_ASKED = 'Not asked: hidden by its condition';

/** A stored `show_if` read leniently (readQuestion): an object with a question id and a known operator, else none. */
export function readShowIf(raw: unknown): ShowIf | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.question !== 'string' || !isConditionOp(r.op)) return null;
  return { question: r.question, op: r.op, ...(r.value !== undefined && r.value !== null ? { value: r.value } : {}) };
}
