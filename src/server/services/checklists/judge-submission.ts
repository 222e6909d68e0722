/**
 * The server's judgement of a submission's answers (pure; submissions.ts stores what it keeps): which
 * questions are shown for these answers (THE visibility function of the shared model, issue #33),
 * what stops the submission, and which answers are kept.
 *
 * A hidden question is never required and its answer is neither validated nor stored: an answer sent
 * for it is DROPPED, not refused — a kiosk that queued its submission offline may send it after the
 * checklist gained a condition, and refusing it would lose the whole submission for an answer nobody
 * needs. An answer for an id that is not a question of the checklist is still refused.
 */
import { answerProblems, visibleQuestionIds, type Question } from '../../../shared/checklists/index.ts';
import type { AnswerInput } from '../../../shared/checklists/schemas.ts';
import type { FieldError } from '../../errors.ts';

export interface Judged {
  /** Why the submission is refused (422), all at once; empty when it may be stored. */
  errors: FieldError[];
  /** The shown questions, in order: the ones whose answers are judged and stored. */
  shown: { id: string; question: Question }[];
  /** The answers kept: those of shown questions (hidden questions' answers dropped). */
  record: Record<string, AnswerInput>;
}

export function judgeSubmission(questions: readonly { id: string; question: Question }[], record: Readonly<Record<string, AnswerInput>>): Judged {
  const errors: FieldError[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(record)) {
    if (!known.has(id)) errors.push({ field: `record.${id}`, message: 'is not a question of this checklist' });
  }
  const visible = visibleQuestionIds(questions, record);
  const shown = questions.filter((q) => visible.has(q.id));
  const kept: Record<string, AnswerInput> = {};
  for (const { id, question } of shown) {
    for (const problem of answerProblems(question, record[id])) {
      errors.push({ field: problem.field ? `record.${id}.${problem.field}` : `record.${id}`, message: problem.message });
    }
    if (Object.hasOwn(record, id)) kept[id] = record[id]!;
  }
  return { errors, shown, record: kept };
}
