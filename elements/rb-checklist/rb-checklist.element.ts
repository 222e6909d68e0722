import { html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { orderedQuestions } from '../../src/shared/checklists/question.ts';
import { elementTransport, type ElementCaller } from '../shared/element-transport.ts';
import { firstBlocked, initialAnswers, submissionRecord, submitBlockers, withComments, withValue, type Answers, type OrderedQuestion } from './answer-state.ts';
import { checklistApi, type ChecklistApi, type ChecklistDocument } from './checklist-api.ts';
import { clearDraft } from './checklist-draft.ts';
import { ChecklistLoad } from './checklist-load.ts';
import type { DraftOwner } from './draft-key.ts';
import { draftAnswers, saveDraft } from './fill-answers.ts';
import { fillerQueue } from './filler-queue.ts';
import { fillView, type FillMessage, type FillOutcome } from './fill-view.ts';
import { FILL_AGAIN, LOAD_FAILED, NO_QUESTIONS, QUEUED, QUEUED_UNTIL_SIGN_IN, SUBMIT_FAILED, SUBMITTED } from './messages.ts';
import { ScannerDialog } from './scanner-dialog.ts';
import { QuestionPhotos } from './question-photos.ts';
import { questionView } from './question-view.ts';
import { questionSlot, shownIds, visibilityChange, visibilityRegion } from './question-visibility.ts';
import { styles } from './rb-checklist.styles.ts';
import { ServerDrawing } from './server-drawing.ts';
import { indexedDbStore } from './submission-store.ts';
import { newSubmission, sendOrKeep } from './submit-flow.ts';
import type { SubmissionQueue, SubmissionStore } from './submission-queue.ts';
import { WaitingSubmissions } from './waiting-submissions.ts';

export { FILL_AGAIN, LOAD_FAILED, NO_QUESTIONS, QUEUED, QUEUED_UNTIL_SIGN_IN, SUBMIT_FAILED, SUBMITTED };
export { readAnswersBeforeHydration } from './server-drawing.ts';
export type { RbLoadedDetail, RbLoadFailedDetail } from './checklist-load.ts';
export type { RbSubmitFailedDetail, RbSubmittedDetail } from './submit-flow.ts';

/**
 * The checklist filler (documentation §4 "Form fill"): a published checklist's questions, each with its
 * picture and its widget, comments where allowed, photos where photo verification asks for them, and
 * Submit — enabled only when the shared rules find no problem with the answers (before, `aria-disabled`:
 * pressed, the lines under it name every problem — each unanswered required question, a missing photo, a
 * wrong value — and the first question with one takes the focus; `submitBlockers`).
 *
 * Answers autosave in local storage per user, organisation and document and come back on reopen;
 * `reset()` clears them. Each submission gets an Idempotency-Key when Submit is pressed; without a network
 * it waits in IndexedDB, with its photos, and is sent exactly once when the network returns (the `online`
 * event, on load, and every 30 s). A status line tells how many wait and when the last ones were sent.
 *
 * The checklist comes from the `form` property (the app's page has loaded it), or is loaded from
 * `api-base` with `document-id` and the `token` property, or — on any site, without an account — with a
 * share link's `share-token` alone (`GET share/checklist`: the latest published version; pictures, photos
 * and the submission then use the id it names). Only when it loads the checklist itself does the element
 * show the checklist's name and description, and after a submission it says so ('Answers Successfully
 * Submitted.', or that the answers wait on this device) with 'Fill In Again' instead of the form (a kiosk
 * is ready for the next person at once). A share link the server refuses shows the server's words
 * (revoked, expired, not available, the organisation's subscription lapsed) instead of the checklist.
 *
 * ```html
 * <script type="module" src="https://ringbinder.example/elements/ringbinder.js"></script>
 * <rb-checklist share-token="share_…"></rb-checklist>
 * ```
 *
 * @summary Fills in a published checklist: online, offline (answers wait on the device), or from a share link.
 * @tagname rb-checklist
 * @attr api-base - The API base (default `/api/v1`; on another site, the Ringbinder server's `…/api/v1`).
 * @attr document-id - The checklist's id (with `token`); not needed with `share-token`.
 * @attr share-token - A share link's token (`share_…`): loads and submits the checklist without an account.
 * @attr user-id - The signed-in user's id (the draft's key; whose waiting submissions these are).
 * @attr org-id - The organisation's id (the draft's key).
 * @attr kiosk - Kiosk station: after a submission the form is ready for the next person at once.
 * @fires rb-loaded - The element loaded the checklist itself (`detail.checklist`; with a share token also `share_link` and `organization_name`).
 * @fires rb-load-failed - The checklist could not be loaded (`detail.status`, `detail.detail`, and the `words` shown instead).
 * @fires rb-submitted - The answers were stored (`status: 'sent'`, with the row) or queued on this device (`'queued'`); the form has been reset.
 * @fires rb-submit-failed - The server refused the submission; 'Something went wrong with your submission.' (or the share link's refusal) is shown.
 * @fires rb-unauthorized - The API refused the token (401). A submission refused so is first kept on this device
 *   for the same user (`rb-submitted` with `'queued'`) and sent once a filler of theirs has a valid token again;
 *   a share link's refusal is final and shown in words.
 * @csspart base - The form.
 * @csspart head - The checklist's name and description (when the element loaded the checklist itself).
 * @csspart question - Each question's box (a fieldset).
 * @csspart submit - The Submit button.
 * @csspart message - The line under Submit (submitted, queued, refused).
 * @csspart outcome - On a kiosk: the outcome of a submission, above the cleared form until the next answer.
 * @csspart done - What shows after a submission: the outcome and 'Fill In Again'.
 * @csspart fill-again - The 'Fill In Again' button.
 * @csspart refusal - The words shown instead of the checklist when it cannot be loaded.
 * @csspart queue-status - The line telling how many submissions wait on this device.
 * @cssprop [--rb-checklist-accent=#1a2238] - Buttons, choices and the submitted state's accent.
 * @cssprop [--rb-checklist-danger=#b3261e] - Error texts and the required mark.
 * @cssprop [--rb-checklist-surface=#fff] - The questions' and fields' background.
 * @cssprop [--rb-checklist-border=#c9cdd6] - The questions' and fields' borders.
 * @cssprop [--rb-checklist-radius=6px] - The corners of questions, fields and buttons.
 * @cssprop [--rb-checklist-muted=#4f5666] - Descriptions and hints.
 * @cssprop [--rb-checklist-focus=#2f6fed] - The focus ring.
 */
export class RbChecklist extends LitElement {
  static override styles = styles;

  /** The API base, e.g. `/api/v1` or `https://ringbinder.example/api/v1`. */
  @property({ attribute: 'api-base' }) apiBase = '/api/v1';

  /** The checklist's document id: what is loaded (without `form`), submitted to, and part of the draft's key. */
  @property({ attribute: 'document-id' }) documentId = '';

  /** The signed-in user's id: part of the draft's key, and who queued submissions belong to. */
  @property({ attribute: 'user-id' }) userId = '';

  /** The current organisation's id: part of the draft's key. */
  @property({ attribute: 'org-id' }) orgId = '';

  /**
   * A share link's token (`share_…`): the checklist is loaded with it alone (`GET share/checklist`), and its
   * pictures, photos and submission go to the checklist it names, with the token as the bearer.
   */
  @property({ attribute: 'share-token' }) shareToken = '';

  /** Kiosk station: after a submission the form is ready for the next person (the page stays). */
  @property({ type: Boolean, reflect: true }) kiosk = false;

  /** The bearer token for `api-base` (a property only, never an attribute, so it stays out of the markup). */
  @property({ attribute: false }) token = '';

  /** The checklist as `GET documentation/documents/{id}` answers it; when set, nothing is loaded. */
  @property({ attribute: false }) form: ChecklistDocument | null = null;

  /**
   * An answer the page's HTML already asked for (the fill page's first read, sent before the modules
   * loaded), taken once by the call it matches; a property only.
   */
  @property({ attribute: false }) earlyRead: ElementCaller['earlyRead'] = undefined;

  /** Where waiting submissions are kept (IndexedDB; replaceable for tests). */
  @property({ attribute: false }) store: SubmissionStore = indexedDbStore;

  /** After a submission (when the element loaded the checklist itself, not on a kiosk): the outcome, with 'Fill In Again'. */
  @state() private done: FillOutcome | null = null;
  @state() private loaded: ChecklistDocument | null = null;
  @state() private questions: OrderedQuestion[] = [];
  @state() private answers: Answers = {};
  @state() private submitting = false;
  @state() private message: FillMessage | null = null;
  /** Submit was pressed while answers are missing or wrong: only then do the lines under it say why (issue #43). */
  @state() private tried = false;
  /** What the live region last said about questions shown or hidden by an answer (issue #33). */
  @state() private visibilityNote = '';

  /** The checklist's reads (by id, by share link) and their failures; the questions' pictures. */
  private readonly reads = new ChecklistLoad(this, () => this.api(), (document) => this.show(document));
  /** The server's drawing, taken over by the first update; the draft (and what was answered on it) just after. */
  private readonly drawing = new ServerDrawing(this, () => (this.loaded ? this.questions : undefined), (drawn) => this.handOver(drawn));
  /** The photos taken for the answers; adding some clears the line under Submit. */
  private readonly photos = new QuestionPhotos(this, () => (this.message = null));
  /** The 'Scan QR code' dialog; a code read becomes the question's answer and its field takes the focus. */
  private readonly scanner = new ScannerDialog(this, (id, text) => {
    this.setAnswers(withValue(this.answers, id, text));
    this.focusDrawn(`#${this.keyOf(id)}-input`);
  });
  /** The submissions waiting on this device: kept when the network (or the token) fails, sent later. */
  private readonly waitingSubmissions = new WaitingSubmissions(this, () => this.queue(), () => !!this.apiBase, () => this.waitingAllSent());
  /** While Submit runs, a 401 is told (as `rb-unauthorized`) only after the answers are safe on this device. */
  private readonly transport = elementTransport(this, () => this.submitting);

  // ─── Life cycle ─────────────────────────────────────────────────────────────────────────────────

  /** A shadow root the page's HTML already gave the element is the server's drawing: the first update takes it over. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    this.drawing.pending = this.shadowRoot !== null;
    return super.createRenderRoot();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('form') && this.form) this.show(this.form);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const source = changed.has('apiBase') || changed.has('documentId') || changed.has('token') || changed.has('shareToken');
    if (!this.form && source && (this.documentId || this.shareToken)) void this.load();
    if (changed.has('apiBase') || changed.has('userId') || changed.has('token') || changed.has('shareToken') || changed.has('store')) void this.sendWaiting();
  }

  /** The checklist's id: with a share token, the one the link named (the element is not told it). */
  private get checklistId(): string {
    if (this.shareToken && !this.form) return this.loaded?.id ?? '';
    return this.documentId || this.loaded?.id || '';
  }

  private get owner(): DraftOwner {
    return { userId: this.userId, orgId: this.orgId, documentId: this.checklistId };
  }

  private api(): ChecklistApi {
    return checklistApi(this.transport);
  }

  private queue(): SubmissionQueue {
    return fillerQueue(this, this.api());
  }

  /**
   * Loads the checklist from `api-base` (done by itself when `document-id`, `share-token`, `api-base` or
   * `token` change): with a share token, the link's checklist; otherwise `document-id`.
   */
  load(): Promise<void> {
    return this.reads.load();
  }

  /** Shows a checklist (given or loaded) without an outcome; while the first update takes over the server's drawing, with no answers. */
  private show(document: ChecklistDocument): void {
    this.loaded = document;
    this.done = null;
    this.questions = orderedQuestions((document.contents ?? {}) as Record<string, unknown>);
    this.answers = this.drawing.pending ? initialAnswers(this.questions) : draftAnswers(this.questions, this.owner);
    this.photos.clear();
    this.reads.ready(this.checklistId, this.questions);
  }

  /** Just after the server's drawing was taken over: the draft, with what was answered on the drawing over it (a change: saved). */
  private handOver(drawn: Answers): void {
    const answers = { ...draftAnswers(this.questions, this.owner), ...drawn };
    if (Object.keys(drawn).length === 0) this.answers = answers;
    else this.setAnswers(answers);
  }

  // ─── Answers ────────────────────────────────────────────────────────────────────────────────────

  private setAnswers(answers: Answers): void {
    this.announceVisibility(answers);
    this.answers = answers;
    this.message = null;
    saveDraft(this.owner, answers);
  }

  /** Says in the live region which questions the new answers show or hide (issue #33); says nothing when none. */
  private announceVisibility(next: Answers): void {
    const change = visibilityChange(this.questions, shownIds(this.questions, this.answers), shownIds(this.questions, next));
    if (change) this.visibilityNote = change;
  }

  /** Clears the answers and photos and forgets the local draft (Reset Questions). */
  reset(): void {
    this.tried = false;
    clearDraft(this.owner);
    this.answers = initialAnswers(this.questions);
    this.photos.clear();
    this.message = null;
  }

  /** Why Submit is disabled, line by line (the shared rules' problems, named); empty when it may go. */
  private blockers(): string[] {
    return submitBlockers(this.questions, this.answers, this.photos.counts());
  }

  /** Whether Submit is enabled: the shared rules find no problem with any answer. */
  get complete(): boolean {
    return this.reads.state === 'ready' && this.questions.length > 0 && this.blockers().length === 0;
  }

  // ─── Submitting ─────────────────────────────────────────────────────────────────────────────────

  /** Sends the answers (Submit). Without a network they wait on this device and are sent later. */
  async submit(): Promise<void> {
    if (this.submitting) return;
    if (!this.complete) {
      this.showBlockers();
      return;
    }
    const entry = newSubmission(this, this.checklistId, submissionRecord(this.questions, this.answers), this.photos.taken);
    this.submitting = true;
    this.message = null;
    try {
      await sendOrKeep(this, entry, this.api(), (kept) => this.waitingSubmissions.keep(kept), (line) =>
        line.kind === 'error' ? (this.message = line) : this.afterSubmission(line),
      );
    } finally {
      this.submitting = false;
    }
  }

  /** A Submit that cannot go yet: the lines under it name every problem, and the first question with one takes the focus. */
  private showBlockers(): void {
    if (this.reads.state !== 'ready') return;
    this.tried = true;
    const id = firstBlocked(this.questions, this.answers, this.photos.counts());
    if (!id) return;
    const key = this.keyOf(id);
    this.focusDrawn(`#${key}-input, [id^="${key}-"]:is(input, select, textarea, button):not([disabled])`);
  }

  /**
   * The local draft goes and the form is ready again. On a kiosk, and in the app's page (which goes on
   * elsewhere), the outcome is the line under Submit; where the element loaded the checklist itself, the
   * outcome replaces the form, with 'Fill In Again'.
   */
  private afterSubmission(message: FillOutcome): void {
    this.reset();
    if (!this.kiosk && !this.form) {
      this.done = message;
      // The focused Submit button is gone: the outcome takes the focus, so it is read and the page stays in place.
      this.focusDrawn('.done-text', 'nearest');
      return;
    }
    this.message = message;
    if (!this.kiosk) {
      this.renderRoot.querySelector('form')?.scrollIntoView?.({ block: 'start' });
      return;
    }
    // A kiosk (issue #43): the outcome stands above the cleared form, in view with the focus on it, until
    // the next person's first answer — the focused Submit went with the answers.
    this.focusDrawn('.outcome', 'center');
  }

  /** The waiting answers were all sent: 'Saved on this device…' is no longer true (issue #43). */
  private waitingAllSent(): void {
    if (this.done?.kind === 'info') this.done = { kind: 'success', text: SUBMITTED };
    if (this.message?.kind === 'info') this.message = null;
  }

  /** 'Fill In Again': the submitted state goes and the empty form is back, its first field focused. */
  fillAgain(): void {
    this.done = null;
    this.reset();
    this.focusDrawn('form :is(input, select, textarea, button)');
  }

  /** Sends the submissions waiting on this device (also on the `online` event, on load, every 30 s). */
  sendWaiting(): Promise<void> {
    return this.waitingSubmissions.send();
  }

  // ─── Rendering ──────────────────────────────────────────────────────────────────────────────────

  private keyOf(id: string): string {
    return `q${this.questions.findIndex((q) => q.id === id)}`;
  }

  /** Once the next update is drawn, the first node `selector` finds takes the focus (scrolled to `block` of the view first, when given). */
  private focusDrawn(selector: string, block?: ScrollLogicalPosition): void {
    void this.updateComplete.then(() => {
      const node = this.renderRoot.querySelector<HTMLElement>(selector);
      if (block) node?.scrollIntoView?.({ block });
      node?.focus({ preventScroll: !!block });
    });
  }

  protected override render(): TemplateResult {
    const body = fillView(this, {
      loadState: this.reads.state,
      loadProblem: this.reads.problem,
      head: this.form ? null : this.loaded,
      questionCount: this.questions.length,
      done: this.done,
      submitting: this.submitting,
      tried: this.tried,
      message: this.message,
      blockers: () => this.blockers(),
      questions: () => this.renderQuestions(),
    });
    return html`${body} ${this.waitingSubmissions.render()} ${this.scanner.render()}`;
  }

  /** Every question in its slot, those whose condition is not met hidden (issue #33), and the live region that says so. */
  private renderQuestions(): TemplateResult {
    const shown = shownIds(this.questions, this.answers);
    return html`${this.questions.map((question, index) => questionSlot(question.id, shown.has(question.id), this.renderQuestion(question, index)))}
    ${visibilityRegion(this.visibilityNote)}`;
  }

  private renderQuestion(question: OrderedQuestion, index: number): TemplateResult {
    const { id } = question;
    const media = question.question.media;
    return questionView({
      question,
      index,
      answer: this.answers[id],
      picture: media ? this.reads.pictures[media] : undefined,
      photos: this.photos.taken[id] ?? [],
      addingPhotos: this.photos.adding === id,
      disabled: this.submitting,
      change: (value) => this.setAnswers(withValue(this.answers, id, value)),
      changeComments: (comments) => this.setAnswers(withComments(this.answers, id, comments)),
      scan: () => void this.scanner.open(id),
      addPhotos: (input) => void this.photos.add(id, input),
      removePhoto: (photo) => {
        this.photos.remove(id, photo);
        // The pressed button is gone: the focus goes to the question's photo control (issue #43), not the page.
        this.focusDrawn(`#${this.keyOf(id)}-photo`);
      },
    });
  }
}
