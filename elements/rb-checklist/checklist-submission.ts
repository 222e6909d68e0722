/**
 * Submit and what follows it (documentation §4 "Form fill"): the answers get an Idempotency-Key the moment
 * Submit is pressed and are sent; without a network (or with a token no longer valid) they wait on this
 * device and are sent later; a refusal is said under Submit. Then the form is ready again, with the outcome
 * under Submit (a kiosk, the app's page) or instead of the form, with 'Fill In Again' (where the element
 * loaded the checklist itself). Emits `rb-submitted`, `rb-submit-failed` and, for a token refused,
 * `rb-unauthorized` — only once the answers are safe on this device. A change redraws the element.
 */
import type { ReactiveControllerHost } from 'lit';
import { ApiError, newIdempotencyKey } from '../../src/shared/transport/index.ts';
import { emit } from '../events.ts';
import { emitUnauthorized } from '../shared/element-transport.ts';
import type { SubmissionRecord } from './answer-state.ts';
import type { AnswerPhotos } from './answer-photos.ts';
import type { ChecklistDocument } from './checklist-api.ts';
import type { LoadedChecklist } from './loaded-checklist.ts';
import { QUEUED, QUEUED_UNTIL_SIGN_IN, SUBMIT_FAILED, SUBMITTED } from './messages.ts';
import { shareRefusal } from './share-refusal.ts';
import { sendSubmission, type QueuedSubmission } from './submission-queue.ts';
import type { WaitingSubmissions } from './waiting-submissions.ts';

/** The element that fills the checklist in: who submits, where to, and how it shows the outcome. */
type Host = ReactiveControllerHost &
  HTMLElement & {
    readonly apiBase: string;
    readonly userId: string;
    readonly shareToken: string;
    readonly kiosk: boolean;
    readonly form: ChecklistDocument | null;
    readonly renderRoot: HTMLElement | DocumentFragment;
    readonly updateComplete: Promise<boolean>;
    /** Submit is enabled: the shared rules find no problem with any answer. */
    readonly complete: boolean;
    /** Clears the answers and photos and forgets the local draft. */
    reset(): void;
  };

export class ChecklistSubmission {
  submitting = false;
  /** The line under Submit: submitted, queued, refused. */
  message: { kind: 'success' | 'info' | 'error'; text: string } | null = null;
  /** After a submission (when the element loaded the checklist itself, not on a kiosk): the outcome, with 'Fill In Again'. */
  done: { kind: 'success' | 'info'; text: string } | null = null;

  /** `record`: the answers as a submission carries them, as they are now. */
  constructor(
    private readonly host: Host,
    private readonly checklist: LoadedChecklist,
    private readonly photos: AnswerPhotos,
    private readonly waiting: WaitingSubmissions,
    private readonly record: () => SubmissionRecord,
  ) {}

  /** Sends the answers (Submit). Without a network they wait on this device and are sent later. */
  async submit(): Promise<void> {
    const host = this.host;
    if (this.submitting || !host.complete) return;
    const documentId = this.checklist.id;
    const entry: QueuedSubmission = {
      key: newIdempotencyKey(), // the moment Submit is pressed: every retry of these answers carries it
      documentId,
      apiBase: host.apiBase,
      userId: host.userId,
      ...(host.shareToken ? { shareToken: host.shareToken } : {}),
      createdAt: new Date().toISOString(),
      record: this.record(),
      photos: this.photos.queued(),
    };
    this.set({ submitting: true, message: null });
    try {
      if (navigator.onLine === false) throw new ApiError(0, 'The network is unavailable');
      const row = await sendSubmission(entry, this.checklist.api());
      this.afterSubmission({ kind: 'success', text: SUBMITTED });
      emit(host, 'rb-submitted', { status: 'sent', key: entry.key, documentId, row });
    } catch (error) {
      // No answer, or a token that is no longer valid: the answers wait on this device (same key, same user).
      // A share link refused (revoked, expired) gets no new token: its refusal is final, and said in words.
      const unauthorized = error instanceof ApiError && error.status === 401;
      const keep = error instanceof ApiError && (error.network || (unauthorized && !host.shareToken));
      if (keep && (await this.waiting.keep(entry))) {
        this.afterSubmission({ kind: 'info', text: unauthorized ? QUEUED_UNTIL_SIGN_IN : QUEUED });
        emit(host, 'rb-submitted', { status: 'queued', key: entry.key, documentId });
        if (unauthorized) emitUnauthorized(host, error);
      } else {
        if (unauthorized) emitUnauthorized(host, error);
        const refused = host.shareToken && error instanceof ApiError && [401, 402, 404, 429].includes(error.status);
        this.set({ message: { kind: 'error', text: refused ? shareRefusal(error) : SUBMIT_FAILED } });
        const status = (error as { status?: number }).status;
        emit(host, 'rb-submit-failed', {
          documentId,
          detail: error instanceof Error ? error.message : String(error),
          ...(typeof status === 'number' ? { status } : {}),
        });
      }
    } finally {
      this.set({ submitting: false });
    }
  }

  /** 'Fill In Again': the submitted state goes and the empty form is back, its first field focused. */
  fillAgain(): void {
    this.clearOutcome();
    this.host.reset();
    void this.host.updateComplete.then(() => this.host.renderRoot.querySelector<HTMLElement>('form :is(input, select, textarea, button)')?.focus());
  }

  /** The outcome shown instead of the form goes (a new checklist is loading, or 'Fill In Again'). */
  clearOutcome(): void {
    this.set({ done: null });
  }

  /** The line under Submit goes (the answers or photos changed, or the form was reset). */
  clearMessage(): void {
    this.set({ message: null });
  }

  /**
   * The local draft goes and the form is ready again. On a kiosk, and in the app's page (which goes on
   * elsewhere), the outcome is the line under Submit; where the element loaded the checklist itself, the
   * outcome replaces the form, with 'Fill In Again'.
   */
  private afterSubmission(message: { kind: 'success' | 'info'; text: string }): void {
    const host = this.host;
    host.reset();
    if (!host.kiosk && !host.form) {
      this.set({ done: message });
      // The focused Submit button is gone: the outcome takes the focus, so it is read and the page stays in place.
      void host.updateComplete.then(() => {
        const outcome = host.renderRoot.querySelector<HTMLElement>('.done-text');
        outcome?.scrollIntoView?.({ block: 'nearest' });
        outcome?.focus();
      });
      return;
    }
    this.set({ message });
    host.renderRoot.querySelector('form')?.scrollIntoView?.({ block: 'start' });
  }

  private set(change: Partial<Pick<ChecklistSubmission, 'submitting' | 'message' | 'done'>>): void {
    Object.assign(this, change);
    this.host.requestUpdate();
  }
}
