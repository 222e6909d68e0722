/**
 * The body of a checklist (doctype form) until the checklist filler arrives (issue #4 puts
 * `rb-checklist` here): its description and how many questions it has, or the spec's empty text.
 */
import type { Document, FormContents } from '../../shared/api/documentation.ts';
import { descriptionOf } from './description.ts';

export const NO_QUESTIONS = 'No Questions Found In Checklist';

export function questionCount(doc: Pick<Document, 'contents'>): number {
  return (doc.contents as Partial<FormContents>).question_index?.length ?? 0;
}

/** '1 question', '{n} questions'. */
export function questionCountText(count: number): string {
  return count === 1 ? '1 question' : `${count} questions`;
}

export function mount(container: HTMLElement, doc: Document): void {
  const count = questionCount(doc);
  const questions = document.createElement('p');
  questions.className = 'document-question-count';
  questions.textContent = count === 0 ? NO_QUESTIONS : questionCountText(count);
  container.replaceChildren(...descriptionOf(doc), questions);
}
