/**
 * The result sheet model shared by the server, the sheet and report editor and the results grid
 * (documentation §1 "sheet" and "report", §3 "Sheet/report contents" and "Form link tree node", §5
 * linking; issue #13 "What a result sheet is"). Pure and zod-free; the zod schemas are in `./schemas.ts`.
 *
 * A sheet draws columns from several checklists. `questions` are copies of the checklists' questions
 * (keyed by the question's id in its checklist), each naming its `form_id`; `question_index` orders the
 * columns; `form_ids` lists the checklists; `form_links` maps a question of a linked (child) checklist to
 * the question of its parent checklist that it joins on (same value type). A checklist added at the root
 * has no link.
 */
import type { Question } from '../checklists/question.ts';

/** A column of a sheet: a copy of a checklist's question, naming the checklist. */
export interface SheetQuestion extends Question {
  form_id: string;
}

export interface SheetContents {
  questions: Record<string, SheetQuestion>;
  question_index: string[];
  /** Child question id → the parent question id it joins on. */
  form_links: Record<string, string | null>;
  form_ids: string[];
}

/** One node of the Form Links tree (documentation §3 "Form link tree node"). */
export interface FormLinkNode {
  /** The checklist's id. */
  id: string;
  name: string;
  /** The checklist's folder path, for the editor's tree. */
  path: string;
  /** The child's question that joins (null at the root). */
  question_id: string | null;
  /** The parent's question it joins on (null at the root). */
  parent_question_id: string | null;
  children: FormLinkNode[];
}

/** The batch sizes of the results grid (documentation §9): the last 30 days first, then batches of 100. */
export const RESULTS_FIRST_WINDOW_DAYS = 30;
export const RESULTS_BATCH_SIZE = 100;
export const RESULTS_PAGE_SIZE = 10;

