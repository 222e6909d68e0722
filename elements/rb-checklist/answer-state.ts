/**
 * The filler's answers, pure (documentation §3 "Submission record", §4 "Form fill", §5): what each
 * question holds while the person fills it in, the answers as the shared rules judge them (`canSubmit`),
 * why Submit is disabled (`submitBlockers`), the record a submission carries, and the local draft
 * (autosave) written and read back. No DOM, no
 * storage: rb-checklist.element.ts keeps the state, draft-storage.ts and the queue persist it.
 */
import { ANSWER_REQUIRED, NOT_CHECKED, answerProblems, hasValue, normaliseValue, type Answer } from '../../src/shared/checklists/answers.ts';
import { visibleQuestionIds } from '../../src/shared/checklists/conditions.ts';
import type { Question } from '../../src/shared/checklists/question.ts';

/** A question with its id, in the form's order (`orderedQuestions`). */
export interface OrderedQuestion {
  id: string;
  question: Question;
}

/** What one question holds while it is being filled in: the value as the widget gives it, and comments. */
export interface AnswerDraft {
  /** 'not checked' until answered; booleans, texts, or a list of choices (multiple choice). */
  value: unknown;
  comments: string;
}

export type Answers = Record<string, AnswerDraft>;

/** Every question at its default answer, 'not checked' (§4), without comments. */
export function initialAnswers(questions: readonly OrderedQuestion[]): Answers {
  return Object.fromEntries(questions.map(({ id }) => [id, { value: NOT_CHECKED, comments: '' }]));
}

/** The answers with one question's value replaced; an empty list or nothing falls back to 'not checked'. */
export function withValue(answers: Answers, id: string, value: unknown): Answers {
  const next = value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? NOT_CHECKED : value;
  return { ...answers, [id]: { value: next, comments: answers[id]?.comments ?? '' } };
}

export function withComments(answers: Answers, id: string, comments: string): Answers {
  return { ...answers, [id]: { value: answers[id]?.value ?? NOT_CHECKED, comments } };
}

/** The choices of a multiple-choice answer after ticking or unticking `choice`, kept in the question's order. */
export function toggledChoice(question: Pick<Question, 'choices'>, current: unknown, choice: string, on: boolean): string[] {
  const chosen = new Set(Array.isArray(current) ? current.filter((c): c is string => typeof c === 'string') : []);
  if (on) chosen.add(choice);
  else chosen.delete(choice);
  return question.choices.filter((c) => chosen.has(c));
}

/**
 * The answers as the shared rules judge them (`canSubmit`, `answerProblems`): the photos as a list of
 * that many entries (their upload ids exist only once sent), comments only where the question takes them.
 */
export function answersForRules(
  questions: readonly OrderedQuestion[],
  answers: Answers,
  photoCounts: Readonly<Record<string, number>>,
): Record<string, Answer> {
  return Object.fromEntries(
    questions.map(({ id, question }) => {
      const draft = answers[id];
      const photos = photoCounts[id] ?? 0;
      const answer: Answer = {
        value: draft?.value ?? NOT_CHECKED,
        ...(question.allowComments ? { comments: draft?.comments ?? '' } : {}),
        ...(photos > 0 ? { media: Array.from({ length: photos }, (_, i) => `photo-${i}`) } : {}),
      };
      return [id, answer];
    }),
  );
}

/**
 * The questions shown for these answers, in order (issue #33: THE shared visibility function). A
 * hidden question keeps its answer here (it comes back if the question shows again) but is never
 * required, judged or sent.
 */
export function shownQuestions(questions: readonly OrderedQuestion[], answers: Answers): OrderedQuestion[] {
  const visible = visibleQuestionIds(questions, answers);
  return questions.filter(({ id }) => visible.has(id));
}

/** The ids of the shown questions whose required answer is missing (what 'Answer every required question to submit.' is about). */
export function missingRequired(questions: readonly OrderedQuestion[], answers: Answers, photoCounts: Readonly<Record<string, number>>): string[] {
  const shown = shownQuestions(questions, answers);
  const judged = answersForRules(shown, answers, photoCounts);
  return shown.filter(({ id, question }) => answerProblems(question, judged[id]).some((p) => p.message === ANSWER_REQUIRED)).map(({ id }) => id);
}

/** The Submit message while a required answer is missing (a photo-verification question's photo is named on its own). */
export const ANSWER_EVERY_REQUIRED = 'Answer every required question to submit.';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Why Submit is disabled, as the lines to show under it (empty: it may go; the same judgement as
 * `canSubmit`): 'Answer every required question to submit.' once if a required answer is missing, then
 * every problem in the order of the questions as "'{title}': {the rule's words}" — 'An answer is required'
 * (issue #43: each unanswered required question named), 'Invalid Email', 'Invalid URL', 'A photo is
 * required', … An untitled question is 'Question n', as the form calls it.
 */
export function submitBlockers(
  questions: readonly OrderedQuestion[],
  answers: Answers,
  photoCounts: Readonly<Record<string, number>>,
): string[] {
  const visible = new Set(shownQuestions(questions, answers).map(({ id }) => id));
  const judged = answersForRules(questions, answers, photoCounts);
  let missing = false;
  const named: string[] = [];
  questions.forEach(({ id, question }, index) => {
    if (!visible.has(id)) return;
    for (const problem of answerProblems(question, judged[id])) {
      if (problem.message === ANSWER_REQUIRED) missing = true;
      named.push(`'${question.title || `Question ${index + 1}`}': ${capitalised(problem.message)}`);
    }
  });
  return missing ? [ANSWER_EVERY_REQUIRED, ...named] : named;
}

/** The first shown question whose answer stops Submit (what a tried Submit takes the focus to); undefined when none. */
export function firstBlocked(questions: readonly OrderedQuestion[], answers: Answers, photoCounts: Readonly<Record<string, number>>): string | undefined {
  const judged = answersForRules(questions, answers, photoCounts);
  return shownQuestions(questions, answers).find(({ id, question }) => answerProblems(question, judged[id]).length > 0)?.id;
}

/** One answer of the submission body `{record: {questionId: {value, comments?, media?}}}`. */
export interface RecordAnswer {
  value: unknown;
  comments?: string;
  media?: string[];
}

export type SubmissionRecord = Record<string, RecordAnswer>;

/**
 * The record a submission carries: every shown question of the form (hidden ones are left out), its value converted as §5 says (number
 * and decimal answers to numbers; anything unanswered, a cleared field too, is 'not checked'), comments
 * where allowed, and the upload ids of its photos where photo verification asks for them.
 */
export function submissionRecord(
  questions: readonly OrderedQuestion[],
  answers: Answers,
  media: Readonly<Record<string, readonly string[]>> = {},
): SubmissionRecord {
  return Object.fromEntries(
    shownQuestions(questions, answers).map(({ id, question }) => {
      const draft = answers[id];
      const raw = draft?.value ?? NOT_CHECKED;
      const value = hasValue(raw) ? normaliseValue(question.valueType, raw) : NOT_CHECKED;
      const answer: RecordAnswer = { value };
      if (question.allowComments && draft?.comments) answer.comments = draft.comments;
      const photos = media[id];
      if (question.photoVerification && photos && photos.length > 0) answer.media = [...photos];
      return [id, answer];
    }),
  );
}

// ─── The local draft (autosave) ───────────────────────────────────────────────────────────────────

/** What is written to local storage: the answers (photos stay out: they are files, see docs) and when. */
export interface Draft {
  answers: Answers;
  savedAt: string;
}

export function draftOf(answers: Answers, now: Date = new Date()): Draft {
  return { answers, savedAt: now.toISOString() };
}

/** Whether the answers differ from the defaults at all (an untouched form is not worth a draft). */
export function isTouched(answers: Answers): boolean {
  return Object.values(answers).some((a) => a.value !== NOT_CHECKED || a.comments !== '');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value of the shapes the widgets give: a boolean, a text, or a list of texts. Anything else is dropped. */
function storedValue(value: unknown): unknown {
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return undefined;
}

/**
 * The answers of a stored draft (JSON text) laid over the defaults of the current questions: answers of
 * questions no longer in the form are dropped, malformed parts ignored, choices no longer offered removed.
 */
export function restoreDraft(questions: readonly OrderedQuestion[], stored: string | null): Answers {
  let answers = initialAnswers(questions);
  if (!stored) return answers;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return answers;
  }
  const saved = isRecord(parsed) && isRecord(parsed.answers) ? parsed.answers : {};
  for (const { id, question } of questions) {
    const entry = saved[id];
    if (!isRecord(entry)) continue;
    let value = storedValue(entry.value);
    if (Array.isArray(value)) value = value.filter((c: string) => question.choices.includes(c));
    if (value !== undefined) answers = withValue(answers, id, value);
    if (typeof entry.comments === 'string') answers = withComments(answers, id, entry.comments);
  }
  return answers;
}

// ─── Datetime widget ──────────────────────────────────────────────────────────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO 8601 answer shown in an `<input type="datetime-local">` (local time, minutes); '' for anything else. */
export function localInputValue(value: unknown): string {
  if (typeof value !== 'string' || !hasValue(value)) return '';
  const at = new Date(value);
  if (!Number.isFinite(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
