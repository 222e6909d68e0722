/**
 * The checklist editor's state and every change the author can make to it (documentation §4 "Checklist
 * editor"), as a pure reducer: add, delete and reorder questions; title, description and flags; value
 * type (choices, widget and validation back to the type's defaults) and widget (only its pairings);
 * choices (empty text ignored, no repeats, removed, moved); validation settings (switched on only where
 * the type allows it); the validation roles and users toggles; question media. Any change that changes
 * something sets `changed` and counts a new `revision` (the draft autosave follows revisions).
 *
 * The question model and its limits are `src/shared/checklists` (question.ts, value-types.ts: zod-free,
 * the same numbers the server's schemas in schemas.ts check), so the editor keeps no copies of them.
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { startingPoint as startFrom } from '../shared/document-editor/starting-point.ts';
import type { DraftState } from '../shared/document-editor/use-draft-autosave.ts';
import {
  MAX_CHOICE_LENGTH,
  MAX_CHOICES,
  MAX_QUESTION_DESCRIPTION_LENGTH,
  MAX_QUESTIONS,
  MAX_TITLE_LENGTH,
  newQuestion,
  orderedQuestions,
  withValueType,
  type FormContentsOf,
  type Question,
} from '../../src/shared/checklists/question.ts';
import type { ShowIf } from '../../src/shared/checklists/conditions.ts';
import { conditionFlag } from './conditions.ts';
import { allowsValidation, allowsWidget, hasChoices, type Validation, type ValueType, type Widget } from '../../src/shared/checklists/value-types.ts';

export type ChecklistContents = FormContentsOf<Question>;

/** The checklist editor's state: the checklist as edited, whether it differs from the published one, a change counter. */
export type EditorState = DraftState<ChecklistContents>;

export type QuestionFlag = 'required' | 'allowComments' | 'photoVerification';
export type QuestionMedia = Pick<Question, 'media' | 'media_thumb' | 'content_type' | 'filename'>;
/** The validation settings the author edits directly (roles and users go through `toggleRecipient`). */
export type ValidationPatch = Partial<Pick<Validation, 'enabled' | 'value' | 'values' | 'min' | 'max'>>;

export type EditorAction =
  | { type: 'load'; contents: ChecklistContents; changed: boolean }
  | { type: 'addQuestion'; id: string; now?: Date }
  | { type: 'deleteQuestion'; id: string }
  /** Moves the question at index `from` to index `to` (a drag in the list). */
  | { type: 'moveQuestion'; from: number; to: number }
  /** Moves a question one place up (-1) or down (+1) (the keyboard alternative to dragging). */
  | { type: 'shiftQuestion'; id: string; by: -1 | 1 }
  | { type: 'setTitle'; id: string; title: string }
  | { type: 'setDescription'; id: string; description: string }
  | { type: 'setFlag'; id: string; flag: QuestionFlag; on: boolean }
  | { type: 'setValueType'; id: string; valueType: ValueType; now?: Date }
  | { type: 'setWidget'; id: string; widget: Widget }
  | { type: 'addChoice'; id: string; text: string }
  | { type: 'removeChoice'; id: string; index: number }
  | { type: 'shiftChoice'; id: string; index: number; by: -1 | 1 }
  | { type: 'setValidation'; id: string; patch: ValidationPatch }
  | { type: 'toggleRecipient'; id: string; kind: 'roles' | 'users'; subjectId: string }
  | { type: 'setMedia'; id: string; media: QuestionMedia | null }
  /** "Show only if…" (issue #33): the question's condition, or null for always shown. */
  | { type: 'setCondition'; id: string; showIf: ShowIf | null };

export const emptyContents = (): ChecklistContents => ({ questions: {}, question_index: [] });

export function initialState(contents: ChecklistContents = emptyContents(), changed = false): EditorState {
  return { contents, changed, revision: 0 };
}

/**
 * Contents as the editor works on them: the questions in their order, each read with its defaults
 * (`readQuestion`), and nothing that the index does not name.
 */
export function readContents(raw: unknown): ChecklistContents {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as { sheet_id?: unknown; questions?: unknown; question_index?: unknown };
  const ordered = orderedQuestions(source);
  const contents: ChecklistContents = {
    questions: Object.fromEntries(ordered.map(({ id, question }) => [id, question])),
    question_index: ordered.map(({ id }) => id),
  };
  if (typeof source.sheet_id === 'string') contents.sheet_id = source.sheet_id;
  return contents;
}

/** Where the checklist editor starts: its draft, when there is one, else the published checklist. */
export function startingPoint(document: Pick<Document, 'contents' | 'draft_contents'>): { contents: ChecklistContents; fromDraft: boolean } {
  return startFrom(document, readContents);
}

/** Why a choice cannot be added to the question, or undefined (empty text is not a problem: it is ignored). */
export function choiceProblem(question: Pick<Question, 'choices'>, text: string): string | undefined {
  const choice = text.trim();
  if (choice === '') return undefined;
  if (question.choices.includes(choice)) return `"${choice}" is already a choice`;
  if (question.choices.length >= MAX_CHOICES) return `A question has at most ${MAX_CHOICES} choices`;
  if (choice.length > MAX_CHOICE_LENGTH) return `A choice has at most ${MAX_CHOICE_LENGTH} characters`;
  return undefined;
}

/** What stops the contents from being published, one sentence per problem (empty: ready). */
export function publishProblems(contents: ChecklistContents): string[] {
  const problems: string[] = [];
  contents.question_index.forEach((id, i) => {
    const question = contents.questions[id];
    if (!question) return;
    if (question.title.trim() === '') problems.push(`Question ${i + 1} has no title.`);
    if (hasChoices(question.valueType) && question.choices.length === 0) problems.push(`Question ${i + 1} needs at least one choice.`);
    const flag = conditionFlag(contents, id);
    if (flag) problems.push(`Question ${i + 1}: ${flag}`);
  });
  return problems;
}

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const withinList = (index: number, list: readonly unknown[]) => Number.isInteger(index) && index >= 0 && index < list.length;

/** The state with `contents` as the new contents: a change, unless nothing changed. */
function changedTo(state: EditorState, contents: ChecklistContents): EditorState {
  if (contents === state.contents) return state;
  return { contents, changed: true, revision: state.revision + 1 };
}

/** The state with one question replaced by `update(question)` (unchanged when it answers the same question). */
function updateQuestion(state: EditorState, id: string, update: (question: Question) => Question): EditorState {
  const question = state.contents.questions[id];
  if (!question) return state;
  const next = update(question);
  if (next === question) return state;
  return changedTo(state, { ...state.contents, questions: { ...state.contents.questions, [id]: next } });
}

function limited(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

/** A choice leaves the validation's correct choice(s) with it. */
function withoutChoice(validation: Validation, choice: string): Validation {
  const next = { ...validation };
  if (next.value === choice) next.value = null;
  if (next.values?.includes(choice)) next.values = next.values.filter((v) => v !== choice);
  return next;
}

function patchValidation(question: Question, patch: ValidationPatch): Question {
  const next: Validation = { ...question.validation };
  let touched = false;
  for (const key of Object.keys(patch) as (keyof ValidationPatch)[]) {
    const value = patch[key];
    if (value === undefined) continue;
    // A setting the type does not use is left alone; the switch only where §5 allows validation.
    if (key === 'enabled') {
      if (value === true && !allowsValidation(question.valueType)) continue;
    } else if (!(key in question.validation)) continue;
    (next as unknown as Record<string, unknown>)[key] = value;
    touched = true;
  }
  return touched ? { ...question, validation: next } : question;
}

/** The actions on the list of questions; every other action changes one question (`editQuestion`). */
type ListAction = Extract<EditorAction, { type: 'load' | 'addQuestion' | 'deleteQuestion' | 'moveQuestion' | 'shiftQuestion' }>;
type QuestionAction = Exclude<EditorAction, ListAction>;
type ChoiceAction = Extract<QuestionAction, { type: 'addChoice' | 'removeChoice' | 'shiftChoice' }>;

export function editChecklist(state: EditorState, action: EditorAction): EditorState {
  const { contents } = state;
  switch (action.type) {
    case 'load':
      return { contents: action.contents, changed: action.changed, revision: state.revision };

    case 'addQuestion': {
      if (contents.questions[action.id] || contents.question_index.length >= MAX_QUESTIONS) return state;
      return changedTo(state, {
        ...contents,
        questions: { ...contents.questions, [action.id]: newQuestion(action.now) },
        question_index: [...contents.question_index, action.id],
      });
    }

    case 'deleteQuestion': {
      if (!contents.questions[action.id]) return state;
      const questions = { ...contents.questions };
      delete questions[action.id];
      return changedTo(state, { ...contents, questions, question_index: contents.question_index.filter((id) => id !== action.id) });
    }

    case 'moveQuestion': {
      const { from, to } = action;
      if (from === to || !withinList(from, contents.question_index) || !withinList(to, contents.question_index)) return state;
      return changedTo(state, { ...contents, question_index: moved(contents.question_index, from, to) });
    }

    case 'shiftQuestion': {
      const from = contents.question_index.indexOf(action.id);
      if (from < 0) return state;
      return editChecklist(state, { type: 'moveQuestion', from, to: from + action.by });
    }

    default:
      return updateQuestion(state, action.id, (q) => editQuestion(q, action));
  }
}

/** One question changed by `action` (the same question when the action changes nothing). */
function editQuestion(q: Question, action: QuestionAction): Question {
  switch (action.type) {
    case 'setTitle': {
      const title = limited(action.title, MAX_TITLE_LENGTH);
      return q.title === title ? q : { ...q, title };
    }

    case 'setDescription': {
      const description = limited(action.description, MAX_QUESTION_DESCRIPTION_LENGTH);
      return q.description === description ? q : { ...q, description };
    }

    case 'setFlag':
      return q[action.flag] === action.on ? q : { ...q, [action.flag]: action.on };

    case 'setValueType':
      return q.valueType === action.valueType ? q : withValueType(q, action.valueType, action.now);

    case 'setWidget':
      return q.widget === action.widget || !allowsWidget(q.valueType, action.widget) ? q : { ...q, widget: action.widget };

    case 'addChoice':
    case 'removeChoice':
    case 'shiftChoice':
      return editChoices(q, action);

    case 'setValidation':
      return patchValidation(q, action.patch);

    case 'toggleRecipient': {
      const ids = q.validation[action.kind];
      const next = ids.includes(action.subjectId) ? ids.filter((id) => id !== action.subjectId) : [...ids, action.subjectId];
      return { ...q, validation: { ...q.validation, [action.kind]: next } };
    }

    case 'setCondition':
      return JSON.stringify(q.show_if ?? null) === JSON.stringify(action.showIf) ? q : { ...q, show_if: action.showIf };

    case 'setMedia': {
      const media: QuestionMedia = action.media ?? { media: null, media_thumb: null, content_type: null, filename: null };
      return { ...q, media: media.media ?? null, media_thumb: media.media_thumb ?? null, content_type: media.content_type ?? null, filename: media.filename ?? null };
    }
  }
}

/** A question's choices: one added (not empty, not twice, within the limits), removed or moved a place. */
function editChoices(q: Question, action: ChoiceAction): Question {
  switch (action.type) {
    case 'addChoice': {
      const choice = action.text.trim();
      if (!hasChoices(q.valueType) || choice === '' || choiceProblem(q, choice)) return q;
      return { ...q, choices: [...q.choices, choice] };
    }

    case 'removeChoice': {
      if (!withinList(action.index, q.choices)) return q;
      const choice = q.choices[action.index]!;
      return { ...q, choices: q.choices.filter((_, i) => i !== action.index), validation: withoutChoice(q.validation, choice) };
    }

    case 'shiftChoice': {
      const to = action.index + action.by;
      if (!withinList(action.index, q.choices) || !withinList(to, q.choices)) return q;
      return { ...q, choices: moved(q.choices, action.index, to) };
    }
  }
}
