/**
 * Conditional questions in the filler (issue #33): which questions show (THE shared visibility
 * function, through `shownQuestions`), and the words the live region says when an answer shows or
 * hides questions. Every question stays rendered — a hidden one in a `hidden` slot — so the DOM of a
 * question never moves to another one and the focus (in the answer that changed) is never lost; the
 * hidden question keeps its answer in the draft, but is never required, judged or sent.
 */
import { html, type TemplateResult } from 'lit';
import { shownQuestions, type Answers, type OrderedQuestion } from './answer-state.ts';

/** The ids of the questions shown for these answers. */
export function shownIds(questions: readonly OrderedQuestion[], answers: Answers): Set<string> {
  return new Set(shownQuestions(questions, answers).map(({ id }) => id));
}

const titleOf = (questions: readonly OrderedQuestion[], id: string) => {
  const index = questions.findIndex((q) => q.id === id);
  return questions[index]?.question.title.trim() || `Question ${index + 1}`;
};

/** 'Question shown: Why not?' / '2 questions hidden: Why not?, Reported to' — '' when nothing changed. */
export function visibilityChange(questions: readonly OrderedQuestion[], before: ReadonlySet<string>, after: ReadonlySet<string>): string {
  const appeared = questions.filter(({ id }) => after.has(id) && !before.has(id)).map(({ id }) => titleOf(questions, id));
  const vanished = questions.filter(({ id }) => before.has(id) && !after.has(id)).map(({ id }) => titleOf(questions, id));
  const say = (titles: string[], what: string) =>
    titles.length === 0 ? [] : [`${titles.length === 1 ? 'Question' : `${titles.length} questions`} ${what}: ${titles.join(', ')}.`];
  return [...say(appeared, 'shown'), ...say(vanished, 'hidden')].join(' ');
}

/** One question in its slot: hidden (and out of the tab order and the accessibility tree) while its condition is not met. */
export function questionSlot(id: string, shown: boolean, content: TemplateResult): TemplateResult {
  return html`<div class="question-slot" data-question-id=${id} ?hidden=${!shown}>${content}</div>`;
}

/** The live region that says which questions appeared or disappeared. */
export function visibilityRegion(text: string): TemplateResult {
  return html`<p class="visually-hidden" part="visibility-status" role="status" aria-live="polite">${text}</p>`;
}
