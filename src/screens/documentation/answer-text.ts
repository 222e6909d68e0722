/**
 * A submitted answer as people read it (the single-row screens, ./submitted-row.ts): true/false and
 * pass/fail by their options' labels (True, False, Pass, Fail), multiple choice as a list, date-times in
 * the browser's language and time zone, 'Not answered' for no answer (nothing, '' or 'not checked').
 * Pure, so it is tested without a browser.
 */
import { FIXED_OPTIONS, hasValue, visibleQuestionIds, type Question, type ValueType } from '../../shared/checklists/index.ts';

export const NOT_ANSWERED = 'Not answered';

/** `valueType` undefined: the question is not known (e.g. its version could not be read); the value is shown as it is. */
export function answerText(valueType: ValueType | undefined, value: unknown, formatDateTime: (iso: string) => string = (iso) => iso): string {
  if (!hasValue(value)) return NOT_ANSWERED;
  switch (valueType) {
    case 'true/false':
    case 'pass/fail': {
      const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
      return option?.label ?? plainText(value);
    }
    case 'datetime':
      return typeof value === 'string' ? formatDateTime(value) : plainText(value);
    default:
      return plainText(value);
  }
}

/** Any value as text: a list joined with commas, a boolean as True or False. */
function plainText(value: unknown): string {
  if (Array.isArray(value)) return value.map(plainText).join(', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value) ?? '';
}

/** One card of a submitted row: the question (if known) and its recorded answer. */
export interface AnswerCard {
  id: string;
  title: string;
  description: string;
  valueType: ValueType | undefined;
  value: unknown;
  comments: string;
  media: string[];
  valid: boolean;
  /** Hidden by its condition when the checklist was filled in: not asked (issue #43), no valid flag. */
  hidden: boolean;
}

interface Recorded {
  value: unknown;
  comments?: string | null;
  media?: readonly string[] | null;
  valid?: boolean;
}

/**
 * The cards of a row, in the questions' order; answers to questions the version does not list (none when
 * the server's rules held) follow, titled by their ids. A question without a recorded answer shows
 * 'Not answered' and counts as valid (the server judges only given values).
 */
export function answerCards(questions: readonly { id: string; question: Question }[], record: Readonly<Record<string, Recorded>>): AnswerCard[] {
  // THE visibility function over the row's answers (the server stores no answer for a hidden question).
  const shown = visibleQuestionIds(questions, record);
  const card = (id: string, question: Question | undefined, index: number): AnswerCard => {
    const answer = record[id];
    return {
      id,
      title: question ? question.title.trim() || `Question ${index + 1}` : id,
      description: question?.description ?? '',
      valueType: question?.valueType,
      value: answer?.value ?? null,
      comments: typeof answer?.comments === 'string' ? answer.comments : '',
      media: Array.isArray(answer?.media) ? [...answer.media] : [],
      valid: answer?.valid !== false,
      hidden: question !== undefined && !shown.has(id) && !Object.hasOwn(record, id),
    };
  };
  const known = new Set(questions.map((q) => q.id));
  const extra = Object.keys(record).filter((id) => !known.has(id));
  return [...questions.map(({ id, question }, i) => card(id, question, i)), ...extra.map((id, i) => card(id, undefined, questions.length + i))];
}
