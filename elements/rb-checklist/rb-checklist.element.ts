import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { elementTransport } from '../shared/element-transport.ts';
import {
  draftOf,
  initialAnswers,
  isTouched,
  restoreDraft,
  submissionRecord,
  submitBlockers,
  withComments,
  withValue,
  type Answers,
  type OrderedQuestion,
} from './answer-state.ts';
import { AnswerPhotos } from './answer-photos.ts';
import { checklistApi, type ChecklistApi, type ChecklistDocument } from './checklist-api.ts';
import { clearDraft, readDraft, writeDraft } from './checklist-draft.ts';
import { ChecklistSubmission } from './checklist-submission.ts';
import { checklistForm, checklistHead, loadingLine, refusal, submittedOutcome } from './checklist-view.ts';
import type { DraftOwner } from './draft-key.ts';
import { LoadedChecklist } from './loaded-checklist.ts';
import { FILL_AGAIN, LOAD_FAILED, NO_QUESTIONS, QUEUED, QUEUED_UNTIL_SIGN_IN, SUBMIT_FAILED, SUBMITTED } from './messages.ts';
import { ScannerDialog } from './scanner-dialog.ts';
import { questionView } from './question-view.ts';
import { questionSlot, shownIds, visibilityChange, visibilityRegion } from './question-visibility.ts';
import { styles } from './rb-checklist.styles.ts';
import { indexedDbStore } from './submission-store.ts';
import { ownedBy, SubmissionQueue, type SubmissionStore } from './submission-queue.ts';
import { WaitingSubmissions } from './waiting-submissions.ts';

export { FILL_AGAIN, LOAD_FAILED, NO_QUESTIONS, QUEUED, QUEUED_UNTIL_SIGN_IN, SUBMIT_FAILED, SUBMITTED };
export type { RbLoadedDetail, RbLoadFailedDetail, RbSubmitFailedDetail, RbSubmittedDetail } from './checklist-events.ts';

/**
 * The checklist filler (documentation §4 "Form fill"): a published checklist's questions, each with its
 * picture and its widget, comments where allowed, photos where photo verification asks for them, and
 * Submit — enabled only when the shared rules find no problem with the answers; while disabled, the lines
 * under it say why (`submitBlockers`: a missing required answer, or the question and its problem).
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
  @property({ attribute: false }) earlyRead: ((address: string, init: RequestInit) => Promise<Response> | undefined) | undefined = undefined;

  /** Where waiting submissions are kept (IndexedDB; replaceable for tests). */
  @property({ attribute: false }) store: SubmissionStore = indexedDbStore;

  @state() private answers: Answers = {};
  /** What the live region last said about questions shown or hidden by an answer (issue #33). */
  @state() private visibilityNote = '';

  /** The checklist, its questions and their pictures: from `form`, or loaded. */
  private readonly checklist = new LoadedChecklist(
    this,
    () => this.api(),
    () => this.submission.clearOutcome(),
    () => {
      this.answers = restoreDraft(this.checklist.questions, readDraft(this.owner));
      this.photos.clear();
    },
  );
  /** The photos taken for the answers. */
  private readonly photos = new AnswerPhotos(this, () => this.submission.clearMessage());
  /** The 'Scan QR code' dialog; a code read becomes the question's answer and its field takes the focus. */
  private readonly scanner = new ScannerDialog(this, (id, text) => {
    this.setAnswers(withValue(this.answers, id, text));
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>(`#${this.keyOf(id)}-input`)?.focus());
  });
  /** The submissions waiting on this device: kept when the network (or the token) fails, sent later. */
  private readonly waitingSubmissions = new WaitingSubmissions(this, () => this.queue(), () => !!this.apiBase);
  /** Submit, and the outcome after it. */
  private readonly submission = new ChecklistSubmission(this, this.checklist, this.photos, this.waitingSubmissions, () =>
    submissionRecord(this.checklist.questions, this.answers),
  );
  /** While Submit runs, a 401 is told (as `rb-unauthorized`) only after the answers are safe on this device. */
  private readonly transport = elementTransport(this, () => this.submission.submitting);

  // ─── Life cycle ─────────────────────────────────────────────────────────────────────────────────

  /**
   * A shadow root the page's HTML already gave the element (declarative shadow DOM: the app's server draws
   * a checklist's questions with this element's own templates, issue #31) is drawn anew by the element:
   * the same template with the same data, so nothing moves.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    this.shadowRoot?.replaceChildren();
    return super.createRenderRoot();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('form') && this.form) this.checklist.show(this.form);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const source = changed.has('apiBase') || changed.has('documentId') || changed.has('token') || changed.has('shareToken');
    if (!this.form && source && (this.documentId || this.shareToken)) void this.load();
    if (changed.has('apiBase') || changed.has('userId') || changed.has('token') || changed.has('shareToken') || changed.has('store')) void this.sendWaiting();
  }

  private get owner(): DraftOwner {
    return { userId: this.userId, orgId: this.orgId, documentId: this.checklist.id };
  }

  private api(): ChecklistApi {
    return checklistApi(this.transport);
  }

  private queue(): SubmissionQueue {
    return new SubmissionQueue({
      store: this.store,
      transport: this.api(),
      owns: ownedBy({ apiBase: this.apiBase, userId: this.userId, shareToken: this.shareToken }),
    });
  }

  /**
   * Loads the checklist from `api-base` (done by itself when `document-id`, `share-token`, `api-base` or
   * `token` change): with a share token, the link's checklist; otherwise `document-id`.
   */
  load(): Promise<void> {
    return this.checklist.load();
  }

  // ─── Answers ────────────────────────────────────────────────────────────────────────────────────

  private setAnswers(answers: Answers): void {
    this.announceVisibility(answers);
    this.answers = answers;
    this.submission.clearMessage();
    writeDraft(this.owner, isTouched(answers) ? draftOf(answers) : undefined);
  }

  /** Says in the live region which questions the new answers show or hide (issue #33); says nothing when none. */
  private announceVisibility(next: Answers): void {
    const { questions } = this.checklist;
    const change = visibilityChange(questions, shownIds(questions, this.answers), shownIds(questions, next));
    if (change) this.visibilityNote = change;
  }

  /** Clears the answers and photos and forgets the local draft (Reset Questions). */
  reset(): void {
    clearDraft(this.owner);
    this.answers = initialAnswers(this.checklist.questions);
    this.photos.clear();
    this.submission.clearMessage();
  }

  /** Why Submit is disabled, line by line (the shared rules' problems, named); empty when it may go. */
  private blockers(): string[] {
    return submitBlockers(this.checklist.questions, this.answers, this.photos.counts());
  }

  /** Whether Submit is enabled: the shared rules find no problem with any answer. */
  get complete(): boolean {
    return this.checklist.state === 'ready' && this.checklist.questions.length > 0 && this.blockers().length === 0;
  }

  // ─── Submitting ─────────────────────────────────────────────────────────────────────────────────

  /** Sends the answers (Submit). Without a network they wait on this device and are sent later. */
  submit(): Promise<void> {
    return this.submission.submit();
  }

  /** 'Fill In Again': the submitted state goes and the empty form is back, its first field focused. */
  fillAgain(): void {
    this.submission.fillAgain();
  }

  /** Sends the submissions waiting on this device (also on the `online` event, on load, every 30 s). */
  sendWaiting(): Promise<void> {
    return this.waitingSubmissions.send();
  }

  // ─── Rendering ──────────────────────────────────────────────────────────────────────────────────

  private keyOf(id: string): string {
    return `q${this.checklist.questions.findIndex((q) => q.id === id)}`;
  }

  protected override render(): TemplateResult {
    return html`${this.renderBody()} ${this.waitingSubmissions.render()} ${this.scanner.render()}`;
  }

  private renderBody(): TemplateResult {
    const { state: loadState, document, questions } = this.checklist;
    if (loadState === 'loading' || loadState === 'idle') return loadingLine(loadState === 'loading');
    if (loadState === 'failed') return refusal(this.checklist.problem);
    const heading = !this.form && document ? checklistHead(document) : nothing;
    if (questions.length === 0) return html`${heading}<p class="empty">${NO_QUESTIONS}</p>`;
    const { done, submitting, message } = this.submission;
    if (done) return submittedOutcome(heading, done, () => this.fillAgain());
    return checklistForm({ heading, questions: this.renderQuestions(), blockers: this.blockers(), submitting, message, submit: () => void this.submit() });
  }

  /** Every question in its slot, those whose condition is not met hidden (issue #33), and the live region that says so. */
  private renderQuestions(): TemplateResult {
    const { questions } = this.checklist;
    const shown = shownIds(questions, this.answers);
    return html`${questions.map((question, index) => questionSlot(question.id, shown.has(question.id), this.renderQuestion(question, index)))}
    ${visibilityRegion(this.visibilityNote)}`;
  }

  private renderQuestion(question: OrderedQuestion, index: number): TemplateResult {
    const { id } = question;
    const media = question.question.media;
    return questionView({
      question,
      index,
      answer: this.answers[id],
      picture: media ? this.checklist.pictures[media] : undefined,
      photos: this.photos.byQuestion[id] ?? [],
      addingPhotos: this.photos.busy === id,
      disabled: this.submission.submitting,
      change: (value) => this.setAnswers(withValue(this.answers, id, value)),
      changeComments: (comments) => this.setAnswers(withComments(this.answers, id, comments)),
      scan: () => void this.scanner.open(id),
      addPhotos: (input) => void this.photos.add(id, input),
      removePhoto: (photo) => this.photos.remove(id, photo),
    });
  }
}
