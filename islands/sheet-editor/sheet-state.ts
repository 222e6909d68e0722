/**
 * The sheet and report editor's state and every change the author can make to it (documentation §2
 * "Sheet/report editor", §4 "Result sheet", §5 "Linking"; issue #13), as a pure reducer:
 * - add a checklist at the root (its questions become columns, its id joins `form_ids`), or linked under
 *   a question of a checklist already in the sheet (source: the new checklist's question; destination:
 *   the parent's; same value type; refused with the spec's words when the two share a question);
 * - remove a checklist: its questions go unless another kept checklist shares them; the links that
 *   needed them go too (a checklist linked under it moves to the root);
 * - unlink a checklist (dragged onto the root): it becomes a root, its own children stay under it;
 * - reorder (drag, or Move up / Move down) and remove columns (a column a link joins on stays).
 *
 * The checklists' own questions and names (the catalogue) come from the server and are handed in: they
 * are not part of the contents. Any real change sets `changed` and counts a `revision` (the draft
 * autosave of islands/shared/document-editor follows revisions).
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { orderedQuestions, type Question } from '../../src/shared/checklists/question.ts';
import { DUPLICATE_QUESTIONS, formTree, linkProblems, treesOf, type FormJoin } from '../../src/shared/sheets/links.ts';
import type { FormLinkNode, SheetContents, SheetQuestion } from '../../src/shared/sheets/model.ts';
import { startingPoint as startFrom } from '../shared/document-editor/starting-point.ts';
import type { DraftState } from '../shared/document-editor/use-draft-autosave.ts';

export { DUPLICATE_QUESTIONS };

/** A checklist as the editor knows it: its name, folder path and published questions in their order. */
export interface CatalogueForm {
  id: string;
  name: string;
  path: string;
  questions: { id: string; question: Question }[];
}

export type Catalogue = Readonly<Record<string, CatalogueForm>>;

export type SheetEditorState = DraftState<SheetContents>;

/** Source: a question of the checklist being linked; destination: the question of the sheet it joins. */
export interface LinkChoice {
  source: string;
  destination: string;
}

export type SheetAction =
  | { type: 'load'; contents: SheetContents; changed: boolean }
  /** Adds `form` at the root, or linked by `link` (checked with linkProblem first). */
  | { type: 'addForm'; form: CatalogueForm; link?: LinkChoice }
  | { type: 'removeForm'; formId: string; catalogue: Catalogue }
  /** Moves a linked checklist to the root (dragged onto the root). */
  | { type: 'unlinkForm'; formId: string }
  | { type: 'moveColumn'; from: number; to: number }
  | { type: 'shiftColumn'; id: string; by: -1 | 1 }
  | { type: 'removeColumn'; id: string };

export const emptySheet = (): SheetContents => ({ questions: {}, question_index: [], form_links: {}, form_ids: [] });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Contents as the editor works on them, from whatever the server holds (a new sheet: `{}`). */
export function readContents(raw: unknown): SheetContents {
  const source = isRecord(raw) ? raw : {};
  const questions = isRecord(source.questions) ? (source.questions as Record<string, SheetQuestion>) : {};
  const index = Array.isArray(source.question_index) ? source.question_index.filter((id): id is string => typeof id === 'string' && Object.hasOwn(questions, id)) : [];
  const links = isRecord(source.form_links) ? source.form_links : {};
  return {
    questions: Object.fromEntries(index.map((id) => [id, questions[id]!])),
    question_index: index,
    form_links: Object.fromEntries(Object.entries(links).filter((entry): entry is [string, string | null] => typeof entry[1] === 'string' || entry[1] === null)),
    form_ids: Array.isArray(source.form_ids) ? [...new Set(source.form_ids.filter((id): id is string => typeof id === 'string'))] : [],
  };
}

export function initialState(contents: SheetContents = emptySheet(), changed = false): SheetEditorState {
  return { contents, changed, revision: 0 };
}

export function startingPoint(document: Pick<Document, 'contents' | 'draft_contents'>): { contents: SheetContents; fromDraft: boolean } {
  return startFrom(document, readContents);
}

/** A checklist's published contents as the catalogue keeps them. */
export function catalogueForm(doc: Pick<Document, 'id' | 'name' | 'path' | 'contents'>): CatalogueForm {
  return {
    id: doc.id,
    name: doc.name,
    path: doc.path.map((step) => step.name).join(' / '),
    questions: orderedQuestions(doc.contents as { questions?: unknown; question_index?: unknown }),
  };
}

/** The checklists of the tree `formId` belongs to (its root and everything joined under it). */
function treeOf(contents: SheetContents, formId: string): string[] {
  for (const forms of treesOf(formTree(contents)).values()) if (forms.includes(formId)) return forms;
  return [formId];
}

/**
 * Why `form` cannot be added with `link`, or undefined: both questions must be chosen, the source one of
 * the new checklist's, the destination a column of the sheet, with identical value types; the new
 * checklist must not share a question with the checklists of the tree it joins (the spec's words).
 */
export function linkProblem(contents: SheetContents, form: CatalogueForm, link: Partial<LinkChoice>): string | undefined {
  if (!link.source || !link.destination) return 'Choose a source and a destination question.';
  const source = form.questions.find((q) => q.id === link.source);
  const destination = contents.questions[link.destination];
  if (!source) return 'The source question is not one of the checklist’s.';
  if (!destination) return 'The destination question is not a column of the sheet.';
  if ((source.question.valueType ?? 'true/false') !== (destination.valueType ?? 'true/false')) return 'The two questions must have the same value type.';
  const joined = new Set(
    treeOf(contents, destination.form_id).flatMap((formId) => Object.entries(contents.questions).filter(([, q]) => q.form_id === formId).map(([id]) => id)),
  );
  if (form.questions.some((q) => joined.has(q.id))) return DUPLICATE_QUESTIONS;
  return undefined;
}

/** Whether a checklist is in the sheet already (the Add-checklist dialog shows it 'already selected'). */
export const isSelected = (contents: SheetContents, formId: string): boolean => contents.form_ids.includes(formId);

/** The links a column takes part in (such a column cannot be removed on its own). */
export const isLinkColumn = (contents: SheetContents, id: string): boolean =>
  Object.hasOwn(contents.form_links, id) && contents.form_links[id] !== null ? true : Object.values(contents.form_links).includes(id);

function changedState(state: SheetEditorState, contents: SheetContents): SheetEditorState {
  return { contents, changed: true, revision: state.revision + 1 };
}

function addForm(contents: SheetContents, form: CatalogueForm, link: LinkChoice | undefined): SheetContents | undefined {
  if (isSelected(contents, form.id)) return undefined;
  if (link && linkProblem(contents, form, link)) return undefined;
  const questions = { ...contents.questions };
  const index = [...contents.question_index];
  for (const { id, question } of form.questions) {
    if (Object.hasOwn(questions, id)) continue; // shared with a checklist already in the sheet: one column
    questions[id] = { ...question, form_id: form.id };
    index.push(id);
  }
  const form_links = link ? { ...contents.form_links, [link.source]: link.destination } : contents.form_links;
  return { questions, question_index: index, form_links, form_ids: [...contents.form_ids, form.id] };
}

function removeForm(contents: SheetContents, formId: string, catalogue: Catalogue): SheetContents | undefined {
  if (!isSelected(contents, formId)) return undefined;
  const kept = contents.form_ids.filter((id) => id !== formId);
  const questions: Record<string, SheetQuestion> = {};
  for (const [id, question] of Object.entries(contents.questions)) {
    if (question.form_id !== formId) {
      questions[id] = question;
      continue;
    }
    // Another kept checklist shares the question: the column stays, now that checklist's.
    const sharer = kept.find((other) => catalogue[other]?.questions.some((q) => q.id === id));
    if (sharer) questions[id] = { ...question, form_id: sharer };
  }
  const form_links: Record<string, string | null> = {};
  for (const [child, parent] of Object.entries(contents.form_links)) {
    if (!Object.hasOwn(questions, child)) continue;
    if (parent !== null && !Object.hasOwn(questions, parent)) continue; // its parent went: the child is a root now
    // A link whose two questions now belong to one checklist joins nothing.
    if (parent !== null && questions[child]!.form_id === questions[parent]!.form_id) continue;
    form_links[child] = parent;
  }
  return {
    questions,
    question_index: contents.question_index.filter((id) => Object.hasOwn(questions, id)),
    form_links,
    form_ids: kept,
  };
}

function unlinkForm(contents: SheetContents, formId: string): SheetContents | undefined {
  const links = Object.entries(contents.form_links).filter(([child, parent]) => parent !== null && contents.questions[child]?.form_id === formId);
  if (links.length === 0) return undefined;
  const form_links = { ...contents.form_links };
  for (const [child] of links) delete form_links[child];
  return { ...contents, form_links };
}

function moveColumn(contents: SheetContents, from: number, to: number): SheetContents | undefined {
  const index = contents.question_index;
  if (from === to || from < 0 || to < 0 || from >= index.length || to >= index.length) return undefined;
  const next = [...index];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return { ...contents, question_index: next };
}

function removeColumn(contents: SheetContents, id: string): SheetContents | undefined {
  if (!Object.hasOwn(contents.questions, id) || isLinkColumn(contents, id)) return undefined;
  const questions = { ...contents.questions };
  delete questions[id];
  return { ...contents, questions, question_index: contents.question_index.filter((q) => q !== id) };
}

export function editSheet(state: SheetEditorState, action: SheetAction): SheetEditorState {
  // What the server holds now: no new revision (the draft autosave has nothing to save; a new one made it
  // save the just-published contents as a draft, the phantom 'Unpublished draft' of issue #32).
  if (action.type === 'load') return { contents: action.contents, changed: action.changed, revision: state.revision };
  const c = state.contents;
  let next: SheetContents | undefined;
  switch (action.type) {
    case 'addForm':
      next = addForm(c, action.form, action.link);
      break;
    case 'removeForm':
      next = removeForm(c, action.formId, action.catalogue);
      break;
    case 'unlinkForm':
      next = unlinkForm(c, action.formId);
      break;
    case 'moveColumn':
      next = moveColumn(c, action.from, action.to);
      break;
    case 'shiftColumn': {
      const from = c.question_index.indexOf(action.id);
      next = from < 0 ? undefined : moveColumn(c, from, from + action.by);
      break;
    }
    case 'removeColumn':
      next = removeColumn(c, action.id);
      break;
  }
  return next ? changedState(state, next) : state;
}

/**
 * The Form Links tree (documentation §3 "Form link tree node"): the root checklists in `form_ids` order,
 * each linked one under its parent with the child's and the parent's joining questions.
 */
export function formLinkTree(contents: SheetContents, catalogue: Catalogue): FormLinkNode[] {
  const tree = formTree(contents);
  const node = (id: string, join?: FormJoin): FormLinkNode => ({
    id,
    name: catalogue[id]?.name ?? 'Checklist not available',
    path: catalogue[id]?.path ?? '',
    question_id: join?.question_id ?? null,
    parent_question_id: join?.parent_question_id ?? null,
    children: [],
  });
  const nodes = new Map<string, FormLinkNode>(tree.roots.map((id) => [id, node(id)]));
  for (const join of tree.joins) {
    const child = node(join.form_id, join);
    nodes.set(join.form_id, child);
    nodes.get(join.parent_form_id)?.children.push(child);
  }
  return tree.roots.map((id) => nodes.get(id)!);
}

/** A question's title as the editor shows it ('Question n' when untitled: n is its place in its checklist). */
export function questionTitle(contents: SheetContents, id: string, catalogue?: Catalogue): string {
  const question = contents.questions[id];
  const title = question?.title?.trim();
  if (title) return title;
  const place = question ? (catalogue?.[question.form_id]?.questions.findIndex((q) => q.id === id) ?? -1) : -1;
  return place >= 0 ? `Question ${place + 1}` : 'Untitled question';
}

/** What stops publishing (the publish dialog lists them): the links' problems, in words. */
export function publishProblems(contents: SheetContents): string[] {
  return linkProblems(contents).map((problem) => `${problem.path.join(' ')}: ${problem.message}`);
}
