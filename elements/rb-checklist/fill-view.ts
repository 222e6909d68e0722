/**
 * rb-checklist's body (rendering helpers of rb-checklist.element.ts, which gives its state): the load status
 * or the refusal, the checklist's head (when the element loaded it itself), 'no questions', the outcome with
 * 'Fill In Again', or the form — the questions, Submit (`aria-disabled` while the shared rules find a problem,
 * the lines under it naming each once Submit was pressed), the kiosk's outcome above, the message line
 * below. Plain templates of that state, drawn alike by the server (@lit-labs/ssr) and in the browser.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ChecklistDocument } from './checklist-api.ts';
import { FILL_AGAIN, NO_QUESTIONS } from './messages.ts';

export type FillMessage = { kind: 'success' | 'info' | 'error'; text: string };
export type FillOutcome = { kind: 'success' | 'info'; text: string };

/** The filler's own (public) side: whether it is a kiosk, Submit and 'Fill In Again'. */
interface Filler {
  kiosk: boolean;
  submit(): Promise<void>;
  fillAgain(): void;
}

/** What the body shows: the element's state. */
interface FillView {
  loadState: 'idle' | 'loading' | 'failed' | 'ready';
  loadProblem: string;
  /** The checklist's name and description: only when the element loaded the checklist itself. */
  head: Pick<ChecklistDocument, 'name' | 'description'> | null;
  questionCount: number;
  done: FillOutcome | null;
  submitting: boolean;
  tried: boolean;
  message: FillMessage | null;
  /** Why Submit cannot go yet, line by line (asked only when the form is drawn). */
  blockers: () => string[];
  /** The questions, in their slots. */
  questions: () => TemplateResult;
}

export function fillView(filler: Filler, view: FillView): TemplateResult {
  const { loadState, message, submitting } = view;
  if (loadState === 'loading' || loadState === 'idle') {
    return html`<p class="status" role="status">${loadState === 'loading' ? 'Loading checklist…' : ''}</p>`;
  }
  if (loadState === 'failed') return html`<p class="status error refusal" part="refusal" role="alert">${view.loadProblem}</p>`;
  const heading = view.head
    ? html`<header class="head" part="head">
        <h2>${view.head.name ?? ''}</h2>
        ${view.head.description ? html`<p class="description">${view.head.description}</p>` : nothing}
      </header>`
    : nothing;
  if (view.questionCount === 0) return html`${heading}<p class="empty">${NO_QUESTIONS}</p>`;
  if (view.done) {
    return html`${heading}
      <div class=${`done ${view.done.kind}`} part="done">
        <p class="done-text" role="status" tabindex="-1">${view.done.text}</p>
        <button type="button" class="primary" part="fill-again" @click=${() => filler.fillAgain()}>${FILL_AGAIN}</button>
      </div>`;
  }
  const blockers = view.blockers();
  const complete = blockers.length === 0;
  const explained = !complete && !submitting && view.tried;
  // On a kiosk the outcome of a submission stands above the form (the line under Submit is below the screen).
  const outcome = filler.kiosk && message && message.kind !== 'error' ? message : null;
  const submitted = (event: Event) => {
    event.preventDefault();
    void filler.submit();
  };
  return html`${heading}
    <form part="base" novalidate @submit=${submitted}>
      ${outcome ? html`<p class=${`outcome ${outcome.kind}`} part="outcome" role="status" tabindex="-1">${outcome.text}</p>` : nothing}
      ${view.questions()}
      <div class="actions">
        <button type="submit" class="primary" part="submit" ?disabled=${submitting} aria-disabled=${complete ? nothing : 'true'} aria-describedby=${explained ? 'submit-hint' : nothing}>${submitting ? 'Submitting...' : 'Submit'}</button>
        ${explained ? html`<div class="hint" id="submit-hint">${blockers.map((line) => html`<p>${line}</p>`)}</div>` : nothing}
      </div>
      <p class=${`message ${message?.kind ?? ''}`} part="message" role=${message?.kind === 'error' ? 'alert' : 'status'}>${outcome ? '' : (message?.text ?? '')}</p>
    </form>`;
}
