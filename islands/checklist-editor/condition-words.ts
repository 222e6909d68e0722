/**
 * A condition in words (issue #33), as the editor's question card and its operator list say it: "Shown
 * when Door locked? is False". The editor's alone, beside THE model (src/shared/checklists/conditions.ts),
 * so the filler's page does not load it.
 */
import { takesValue, type ConditionOp, type ShowIf } from '../../src/shared/checklists/conditions.ts';
import { FIXED_OPTIONS, type ValueType } from '../../src/shared/checklists/value-types.ts';

/** Each operator in words, as the card and the editor's operator list say it. */
export const OP_WORDS: Record<ConditionOp, string> = {
  equals: 'is',
  not_equals: 'is not',
  includes: 'includes',
  lt: 'is less than',
  lte: 'is at most',
  gt: 'is more than',
  gte: 'is at least',
  answered: 'is answered',
  unanswered: 'is not answered',
};

/** A condition's value in words: True/False and Pass/Fail by their labels, a date and time by `formatInstant`, others as they are. */
export function conditionValueInWords(valueType: ValueType, value: unknown, formatInstant: (iso: string) => string = (iso) => iso): string {
  if (valueType === 'true/false' || valueType === 'pass/fail') {
    const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
    if (option) return option.label;
  }
  if (valueType === 'datetime' && typeof value === 'string') return formatInstant(value);
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

/** "Shown when Door locked? is False" — `title` is the earlier question's title (or 'Question n'). */
export function conditionInWords(
  title: string,
  valueType: ValueType,
  condition: Pick<ShowIf, 'op' | 'value'>,
  formatInstant?: (iso: string) => string,
): string {
  const words = OP_WORDS[condition.op];
  if (!takesValue(condition.op)) return `Shown when ${title} ${words}`;
  return `Shown when ${title} ${words} ${conditionValueInWords(valueType, condition.value, formatInstant)}`;
}
