/**
 * A checklist question (documentation §3 "Question"): a new one, a value-type change, and a stored
 * question read with its defaults filled in.
 */
import {
  allowsWidget,
  defaultChoices,
  defaultValidation,
  defaultWidget,
  isValueType,
  isWidget,
  type Validation,
  type ValueType,
  type Widget,
} from './value-types.ts';
import { readShowIf, type ShowIf } from './conditions.ts';

/** The limits of a checklist (the server's schemas and the editor keep to the same numbers). */
export const MAX_QUESTIONS = 1000;
export const MAX_CHOICES = 200;
export const MAX_TITLE_LENGTH = 1000;
export const MAX_QUESTION_DESCRIPTION_LENGTH = 10_000;
export const MAX_CHOICE_LENGTH = 500;

export interface Question {
  title: string;
  description: string;
  valueType: ValueType;
  widget: Widget;
  /** The options of single and multiple choice questions, in order. */
  choices: string[];
  required: boolean;
  allowComments: boolean;
  /** At least one photo must come with the answer. */
  photoVerification: boolean;
  validation: Validation;
  /** The question's own picture or file (an upload id), shown above it; with its thumbnail, type and name. */
  media?: string | null;
  media_thumb?: string | null;
  content_type?: string | null;
  filename?: string | null;
  /** Shown only when an earlier question's answer meets this condition (issue #33; ./conditions.ts). */
  show_if?: ShowIf | null;
}

/** A form's contents (§3 "Form contents"): questions by id and their order. */
export interface FormContentsOf<Q = Question> {
  sheet_id?: string | null;
  questions: Record<string, Q>;
  question_index: string[];
}

/** The question the editor adds: true/false with radio buttons, required (§3 "Default question"). */
export function newQuestion(now: Date = new Date()): Question {
  return {
    title: '',
    description: '',
    valueType: 'true/false',
    widget: defaultWidget('true/false'),
    choices: defaultChoices('true/false'),
    required: true,
    allowComments: false,
    photoVerification: false,
    validation: defaultValidation('true/false', now),
  };
}

/** The question with another value type: its choices, widget and validation reset to that type's defaults (§4). */
export function withValueType<Q extends Question>(question: Q, valueType: ValueType, now: Date = new Date()): Q {
  return {
    ...question,
    valueType,
    widget: defaultWidget(valueType),
    choices: defaultChoices(valueType),
    validation: defaultValidation(valueType, now),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * A stored question as the filler and the server judge it. Contents may hold questions written before
 * every field existed (or by hand): a missing value type is true/false, a missing or unpaired widget the
 * type's default, missing flags are off, missing validation is the type's default (switched off).
 */
export function readQuestion(raw: unknown): Question {
  const q = isRecord(raw) ? raw : {};
  const valueType: ValueType = isValueType(q.valueType) ? q.valueType : 'true/false';
  const widget: Widget = isWidget(q.widget) && allowsWidget(valueType, q.widget) ? q.widget : defaultWidget(valueType);
  const defaults = defaultValidation(valueType, new Date(0));
  const v = isRecord(q.validation) ? q.validation : {};
  const validation: Validation = {
    ...defaults,
    ...('value' in defaults && (typeof v.value === 'boolean' || typeof v.value === 'string' || v.value === null) ? { value: v.value } : {}),
    ...('values' in defaults && Array.isArray(v.values) ? { values: stringList(v.values) } : {}),
    ...('min' in defaults && (typeof v.min === 'number' || typeof v.min === 'string' || v.min === null) ? { min: v.min } : {}),
    ...('max' in defaults && (typeof v.max === 'number' || typeof v.max === 'string' || v.max === null) ? { max: v.max } : {}),
    enabled: v.enabled === true,
    roles: stringList(v.roles),
    users: stringList(v.users),
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const optional = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    title: text(q.title),
    description: text(q.description),
    valueType,
    widget,
    choices: stringList(q.choices),
    required: q.required === true,
    allowComments: q.allowComments === true,
    photoVerification: q.photoVerification === true,
    validation,
    media: optional(q.media),
    media_thumb: optional(q.media_thumb),
    content_type: optional(q.content_type),
    filename: optional(q.filename),
    show_if: readShowIf(q.show_if),
  };
}

/** The questions of a form's contents in their order, read with their defaults (ids missing from `questions` are skipped). */
export function orderedQuestions(contents: { questions?: unknown; question_index?: unknown }): { id: string; question: Question }[] {
  const questions = isRecord(contents.questions) ? contents.questions : {};
  return stringList(contents.question_index)
    .filter((id) => Object.hasOwn(questions, id))
    .map((id) => ({ id, question: readQuestion(questions[id]) }));
}
