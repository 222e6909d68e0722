/**
 * rb-checklist's answers on this device (rb-checklist.element.ts keeps them in its state): the draft they
 * start from and are saved to at each answer (./checklist-draft.ts, per user, organisation and checklist).
 * The photos taken are ./question-photos.ts's.
 */
import { draftOf, isTouched, restoreDraft, type Answers, type OrderedQuestion } from './answer-state.ts';
import { readDraft, writeDraft } from './checklist-draft.ts';
import type { DraftOwner } from './draft-key.ts';

/** The checklist's answers as its draft on this device left them (none answered without one). */
export function draftAnswers(questions: OrderedQuestion[], owner: DraftOwner): Answers {
  return restoreDraft(questions, readDraft(owner));
}

/** Keeps the answers as the draft on this device (none while nothing is answered). */
export function saveDraft(owner: DraftOwner, answers: Answers): void {
  writeDraft(owner, isTouched(answers) ? draftOf(answers) : undefined);
}
