/**
 * The rules of an answer (documentation §4 "Form fill", §5): when a question counts as answered, what
 * each value type accepts, number conversion, the e-mail and URL patterns, the `valid` flag of a
 * submitted answer, and when a checklist can be submitted. The filler runs them as the user types; the
 * server runs the same ones on every submission.
 */
import { sentence } from '../api/field-errors.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import type { Validation, ValueType } from './value-types.ts';

/**
 * What the answer rules read of a question (./question.ts `Question` has it all; named here so that this
 * module, which ./conditions.ts reads, does not import ./question.ts back).
 */
interface Question {
  valueType: ValueType;
  choices: string[];
  required: boolean;
  allowComments: boolean;
  photoVerification: boolean;
  validation: Validation;
}

/** The default answer of every question (§4). */
export const NOT_CHECKED = 'not checked';

/** Longest text answer and comment accepted. */
export const MAX_TEXT_ANSWER_LENGTH = 10_000;
export const MAX_COMMENTS_LENGTH = 5_000;
/** Most photos one answer may carry. */
export const MAX_ANSWER_MEDIA = 20;

/** One answer as the filler keeps it and the submission body carries it. */
export interface Answer {
  value: unknown;
  comments?: string | null | undefined;
  /** Upload ids of the photos taken for the answer. */
  media?: readonly string[] | null | undefined;
}

/** One answer as it is stored and answered: the value (numbers converted), comments, photos and the validation result. */
export interface RecordedAnswer {
  value: unknown;
  comments: string;
  media: string[];
  valid: boolean;
}

// The spec's words for a person's answer: each stands alone as a 422's detail (field-errors.ts).
export const INVALID_EMAIL = sentence('Invalid Email');
export const INVALID_URL = sentence('Invalid URL');

/** The simple {email} shape of §5 (the same as the account screens'). */
export function isEmailAnswer(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/**
 * A host and an optional path (§5 "host/path pattern"): an optional http(s) scheme, dotted host name
 * labels (or localhost), an optional port, then anything without spaces.
 */
export const URL_PATTERN = /^(https?:\/\/)?(localhost|([\p{L}\p{N}]([\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,})(:\d{1,5})?([/?#]\S*)?$/iu;

export function isUrlAnswer(value: string): boolean {
  return URL_PATTERN.test(value);
}

/** Not answered: nothing, an empty string, 'not checked' or an empty list (§5 "Required question"). */
export function hasValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === NOT_CHECKED) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const mediaCount = (answer: Answer | undefined) => (Array.isArray(answer?.media) ? answer.media.length : 0);

/** Answered in the sense of §5: a value, and with photo verification at least one photo too. */
export function isAnswered(question: Pick<Question, 'photoVerification'>, answer: Answer | undefined): boolean {
  if (!answer || !hasValue(answer.value)) return false;
  return !question.photoVerification || mediaCount(answer) > 0;
}

/**
 * A number or decimal answer as a number (§5): numbers stay, numeric text is converted, an empty string
 * stays empty; anything else is returned as it is (and `valueProblem` then refuses it).
 */
export function toNumberAnswer(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return value;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return value;
  const number = Number(text);
  return Number.isFinite(number) ? number : value;
}

/** The value as it is judged and stored: number and decimal answers converted; everything else as given. */
export function normaliseValue(valueType: ValueType, value: unknown): unknown {
  return valueType === 'number' || valueType === 'decimal' ? toNumberAnswer(value) : value;
}

/** An ISO 8601 date and time with a time zone (Z or ±hh:mm), as `Date.toISOString()` writes. */
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isDatetimeAnswer(value: string): boolean {
  return ISO_DATETIME.test(value) && Number.isFinite(Date.parse(value));
}

/** A datetime answer from an `<input type="datetime-local">` value (local time, no zone): an ISO 8601 instant; '' stays ''. */
export function toDatetimeAnswer(localValue: string): string {
  if (localValue === '') return '';
  const at = new Date(localValue);
  return Number.isFinite(at.getTime()) ? at.toISOString() : localValue;
}

const isText = (value: unknown): value is string => typeof value === 'string';
const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Why a given value does not fit the question, or undefined. An unanswered value (`hasValue` false)
 * always fits here; whether an answer is needed is `answerProblems`' business. Numbers are expected
 * converted (`normaliseValue`).
 */
export function valueProblem(question: Pick<Question, 'valueType' | 'choices'>, value: unknown): string | undefined {
  if (!hasValue(value)) return undefined;
  switch (question.valueType) {
    case 'true/false':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'pass/fail':
      return value === 'pass' || value === 'fail' ? undefined : "must be 'pass' or 'fail'";
    case 'single choice':
      if (!isText(value)) return 'must be one of the choices';
      return question.choices.includes(value) ? undefined : `${quoted(value)} is not one of the choices`;
    case 'multiple choice': {
      if (!Array.isArray(value) || !value.every(isText)) return 'must be a list of choices';
      const unknown = value.find((choice) => !question.choices.includes(choice));
      if (unknown !== undefined) return `${quoted(unknown)} is not one of the choices`;
      return new Set(value).size === value.length ? undefined : 'must not repeat a choice';
    }
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) ? undefined : 'must be a whole number';
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'datetime':
      return isText(value) && isDatetimeAnswer(value) ? undefined : 'must be an ISO 8601 date and time with a time zone';
    case 'email':
      if (!isText(value)) return 'must be text';
      return isEmailAnswer(value) ? undefined : INVALID_EMAIL;
    case 'url':
      if (!isText(value)) return 'must be text';
      return isUrlAnswer(value) ? undefined : INVALID_URL;
    case 'text':
    case 'duration':
      if (!isText(value)) return 'must be text';
      return value.length <= MAX_TEXT_ANSWER_LENGTH ? undefined : `must be at most ${MAX_TEXT_ANSWER_LENGTH} characters`;
  }
}

export const ANSWER_REQUIRED = 'an answer is required';
export const PHOTO_REQUIRED = 'a photo is required';

/** One reason an answer cannot be submitted: the part of the answer it concerns ('' for the answer as a whole) and why. */
export interface AnswerProblem {
  field: '' | 'value' | 'comments' | 'media';
  message: string;
}

/**
 * Everything that stops this answer (possibly absent) from being submitted: a required answer missing,
 * a photo missing under photo verification, a value that does not fit the type, comments where none
 * are allowed, photos on a question without photo verification.
 */
export function answerProblems(question: Question, answer: Answer | undefined): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const value = normaliseValue(question.valueType, answer?.value);
  if (question.required && !hasValue(value)) problems.push({ field: '', message: ANSWER_REQUIRED });
  const valueIssue = valueProblem(question, value);
  if (valueIssue) problems.push({ field: 'value', message: valueIssue });
  if (question.photoVerification && mediaCount(answer) === 0) problems.push({ field: 'media', message: PHOTO_REQUIRED });
  if (!question.photoVerification && mediaCount(answer) > 0) {
    problems.push({ field: 'media', message: 'photos are only taken for photo-verification questions' });
  }
  if (!question.allowComments && typeof answer?.comments === 'string' && answer.comments !== '') {
    problems.push({ field: 'comments', message: 'comments are not allowed on this question' });
  }
  return problems;
}

/** Submit is enabled only when no question has a problem (§4: required answers given, photos taken, values well-formed). */
export function canSubmit(questions: readonly { id: string; question: Question }[], answers: Readonly<Record<string, Answer | undefined>>): boolean {
  return questions.every(({ id, question }) => answerProblems(question, answers[id]).length === 0);
}

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function withinBounds(value: number, min: unknown, max: unknown, read: (bound: unknown) => number): boolean {
  const low = min === null || min === undefined ? Number.NaN : read(min);
  const high = max === null || max === undefined ? Number.NaN : read(max);
  if (!Number.isNaN(low) && value < low) return false;
  if (!Number.isNaN(high) && value > high) return false;
  return true;
}

/**
 * The `valid` flag of an answer (§5): true unless the question's validation judges the value wrong.
 * Judged only when there is a value and validation applies: switched on for a type that allows it, or
 * always for pass/fail (the answer must be the validation value, 'pass' by default). true/false and
 * single choice: equal to the correct value (no correct choice chosen: valid); multiple choice: exactly
 * the correct choices, in any order (none given: valid); number, decimal and datetime: within min and
 * max, both inclusive (a missing bound does not limit).
 */
export function isValid(question: Pick<Question, 'valueType' | 'validation'>, value: unknown): boolean {
  const v = normaliseValue(question.valueType, value);
  if (!hasValue(v)) return true;
  const rule = question.validation;
  if (question.valueType === 'pass/fail') return v === (rule.value === 'fail' ? 'fail' : 'pass');
  if (!rule.enabled) return true;
  switch (question.valueType) {
    case 'true/false':
      return v === (typeof rule.value === 'boolean' ? rule.value : true);
    case 'single choice':
      return typeof rule.value !== 'string' || rule.value === '' || v === rule.value;
    case 'multiple choice': {
      const correct = new Set(rule.values ?? []);
      if (correct.size === 0) return true;
      const given = new Set(Array.isArray(v) ? v : [v]);
      return given.size === correct.size && [...given].every((choice) => correct.has(choice as string));
    }
    case 'number':
    case 'decimal':
      return typeof v === 'number' && withinBounds(v, rule.min, rule.max, (b) => (typeof b === 'number' ? b : Number.NaN));
    case 'datetime': {
      const at = time(v);
      return Number.isFinite(at) && withinBounds(at, rule.min, rule.max, time);
    }
    default:
      return true;
  }
}

/** The answer as it is stored: value converted, comments and photos always present, and its `valid` flag. */
export function recordAnswer(question: Question, answer: Answer): RecordedAnswer {
  const value = normaliseValue(question.valueType, answer.value);
  return {
    value: value === undefined ? null : value,
    comments: typeof answer.comments === 'string' ? answer.comments : '',
    media: Array.isArray(answer.media) ? [...answer.media] : [],
    valid: isValid(question, value),
  };
}
