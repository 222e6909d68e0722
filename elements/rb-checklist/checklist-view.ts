/**
 * The parts `<rb-checklist>` draws around its questions (Lit templates only, like question-view.ts): the
 * loading line, the refusal said instead of the checklist, the checklist's name and description, the
 * outcome of a submission with 'Fill In Again', and the form with Submit, why it is disabled, and the line
 * under it. The element owns the state and hands each part what it shows and what to call.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChecklistDocument } from './checklist-api.ts';
import { FILL_AGAIN } from './messages.ts';

/** The line while the checklist loads (empty before it is asked for). */
export const loadingLine = (loading: boolean): TemplateResult =>
  html`<p class="status" role="status">${loading ? 'Loading checklist…' : ''}</p>`;

/** The words shown instead of a checklist that could not be loaded. */
export const refusal = (words: string): TemplateResult => html`<p class="status error refusal" part="refusal" role="alert">${words}</p>`;

/** The checklist's name and description (shown only when the element loaded the checklist itself). */
export const checklistHead = (checklist: ChecklistDocument): TemplateResult =>
  html`<header class="head" part="head">
            <h2>${checklist.name ?? ''}</h2>
            ${checklist.description ? html`<p class="description">${checklist.description}</p>` : nothing}
          </header>`;

/** After a submission: the outcome (it takes the focus) and 'Fill In Again'. */
export const submittedOutcome = (
  heading: TemplateResult | typeof nothing,
  done: { kind: 'success' | 'info'; text: string },
  fillAgain: () => void,
): TemplateResult =>
  html`${heading}
        <div class=${`done ${done.kind}`} part="done">
          <p class="done-text" role="status" tabindex="-1">${done.text}</p>
          <button type="button" class="primary" part="fill-again" @click=${fillAgain}>${FILL_AGAIN}</button>
        </div>`;

export interface ChecklistForm {
  heading: TemplateResult | typeof nothing;
  /** The questions in their slots and the live region (question-visibility.ts). */
  questions: TemplateResult;
  /** Why Submit is disabled, line by line; empty when it may go. */
  blockers: string[];
  submitting: boolean;
  message: { kind: 'success' | 'info' | 'error'; text: string } | null;
  submit: () => void;
}

/** The form: the questions, Submit (disabled, with the reasons under it, until the answers may go) and the line under it. */
export function checklistForm({ heading, questions, blockers, submitting, message, submit }: ChecklistForm): TemplateResult {
  const complete = blockers.length === 0;
  const explained = !complete && !submitting;
  return html`${heading}
      <form
        part="base"
        novalidate
        @submit=${(event: Event) => {
          event.preventDefault();
          submit();
        }}
      >
        ${questions}
        <div class="actions">
          <button type="submit" class="primary" part="submit" ?disabled=${!complete || submitting} aria-describedby=${explained ? 'submit-hint' : nothing}>${submitting ? 'Submitting...' : 'Submit'}</button>
          ${explained ? html`<div class="hint" id="submit-hint">${blockers.map((line) => html`<p>${line}</p>`)}</div>` : nothing}
        </div>
        <p class=${`message ${message?.kind ?? ''}`} part="message" role=${message?.kind === 'error' ? 'alert' : 'status'}>${message?.text ?? ''}</p>
      </form>`;
}
