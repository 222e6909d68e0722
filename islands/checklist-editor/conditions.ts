/**
 * The editor's side of conditional questions (issue #33), pure: which earlier questions a condition may
 * name (with the titles the author sees), a new condition's defaults, and the flag of a condition that
 * can no longer be judged — its question deleted, moved below it or retyped, its value gone from the
 * choices. The rules are the shared model's (src/shared/checklists/conditions.ts): a flagged condition
 * is also what the server refuses on publish.
 */
import { conditionProblem, opsOf, takesValue, type ConditionOp, type ShowIf } from '../../src/shared/checklists/conditions.ts';
import type { FormContentsOf, Question } from '../../src/shared/checklists/question.ts';
import { FIXED_OPTIONS, type ValueType } from '../../src/shared/checklists/value-types.ts';

/** A question a condition may depend on, as the editor offers it. */
export interface ConditionTarget {
  id: string;
  /** Its title, or 'Question n' when it has none. */
  label: string;
  valueType: ValueType;
  choices: readonly string[];
}

/** Every question as a possible condition target, in order (a question may only name those before it). */
export function conditionTargets(contents: FormContentsOf<Question>): ConditionTarget[] {
  return contents.question_index.flatMap((id, i) => {
    const q = contents.questions[id];
    return q ? [{ id, label: q.title.trim() || `Question ${i + 1}`, valueType: q.valueType, choices: q.choices }] : [];
  });
}

/** The value a condition starts with for an operator: the first option or choice, 0, now, or '' (none for answered/unanswered). */
export function defaultConditionValue(target: Pick<ConditionTarget, 'valueType' | 'choices'>, op: ConditionOp, now: Date = new Date()): unknown {
  if (!takesValue(op)) return undefined;
  switch (target.valueType) {
    case 'true/false':
    case 'pass/fail':
      return FIXED_OPTIONS[target.valueType][0].value;
    case 'single choice':
    case 'multiple choice':
      return target.choices[0] ?? '';
    case 'number':
    case 'decimal':
      return 0;
    case 'datetime':
      return now.toISOString();
    default:
      return '';
  }
}

/** A new condition on `target`: its first operator and that operator's default value. */
export function newCondition(target: ConditionTarget, now?: Date): ShowIf {
  const op = opsOf(target.valueType)[0]!;
  const value = defaultConditionValue(target, op, now);
  return { question: target.id, op, ...(value === undefined ? {} : { value }) };
}

/** The condition with another operator: the value kept when it still fits, else the operator's default. */
export function withOp(condition: ShowIf, target: ConditionTarget, op: ConditionOp): ShowIf {
  if (!takesValue(op)) return { question: condition.question, op };
  const keep = takesValue(condition.op) && condition.value !== undefined;
  return { question: condition.question, op, value: keep ? condition.value : defaultConditionValue(target, op) };
}

/**
 * Why the condition of question `id` cannot be judged, as a sentence for its card and the publish
 * dialog, or undefined (no condition, or a sound one).
 */
export function conditionFlag(contents: FormContentsOf<Question>, id: string): string | undefined {
  const condition = contents.questions[id]?.show_if;
  if (!condition) return undefined;
  const position = contents.question_index.indexOf(id);
  const problem = conditionProblem(condition, position, contents.question_index, (ref) => contents.questions[ref]);
  if (!problem) return undefined;
  if (problem.field === 'question') {
    return contents.questions[condition.question] ? 'Its condition names a question that now comes after it.' : 'Its condition names a question that was deleted.';
  }
  if (problem.field === 'op') return 'Its condition no longer suits the value type of the question it names.';
  return `Its condition's value ${problem.message}.`;
}
