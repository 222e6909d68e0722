import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { readSentAt, writeSentAt } from './checklist-draft.ts';
import { failedText, sentText, waitingText, type QueuedSubmission, type SubmissionQueue } from './submission-queue.ts';

/** How often waiting submissions are tried again while the filler is on the page. */
export const RETRY_INTERVAL_MS = 30_000;

/**
 * The submissions waiting on this device for a filler (a Lit controller): `keep` puts one in the queue,
 * `send` sends those waiting (on the `online` event, every 30 s while the host is on the page, and when
 * the host asks), and `render` is the status line saying how many wait, how many the server refused and
 * when the last ones were sent. One send at a time; IndexedDB unavailable means nothing can be waiting.
 */
export class WaitingSubmissions implements ReactiveController {
  waiting = 0;
  refused = 0;
  private sentAt: Date | undefined = readSentAt();
  private retryTimer?: ReturnType<typeof setInterval>;
  /** The send at the time the server gave (a 429's Retry-After), when one waits for it. */
  private laterTimer?: ReturnType<typeof setTimeout>;
  private sending?: Promise<void>;
  private readonly onOnline = () => void this.send();

  /**
   * `queue` is the host's queue as it is now (its store, API and user); `canSend` whether it has an API to
   * send to; `allSent` is called when a send left nothing waiting (the host's 'Saved on this device' goes).
   */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly queue: () => SubmissionQueue,
    private readonly canSend: () => boolean,
    private readonly allSent: () => void = () => undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('online', this.onOnline);
    this.retryTimer = setInterval(() => void this.send(), RETRY_INTERVAL_MS);
  }

  hostDisconnected(): void {
    window.removeEventListener('online', this.onOnline);
    clearInterval(this.retryTimer);
    clearTimeout(this.laterTimer);
  }

  /** Sends again at `at` (ms), the time the server gave; nothing when none is given. */
  private sendAt(at: number | undefined): void {
    clearTimeout(this.laterTimer);
    if (at === undefined) return;
    this.laterTimer = setTimeout(() => void this.send(), Math.max(0, at - Date.now()) + 50);
  }

  /** Puts a submission into the queue; answers false when this browser cannot keep it. */
  async keep(entry: QueuedSubmission): Promise<boolean> {
    try {
      await this.queue().add(entry);
      await this.refresh();
      if (entry.notBefore) this.sendAt(await this.queue().nextAt());
      return true;
    } catch {
      return false;
    }
  }

  /** Sends the submissions waiting on this device. */
  send(): Promise<void> {
    this.sending ??= (async () => {
      try {
        await this.refresh();
        if (this.waiting === 0 || navigator.onLine === false || !this.canSend()) return;
        const result = await this.queue().flush();
        this.waiting = result.waiting;
        this.refused = result.failed;
        this.sendAt(result.nextAt);
        if (result.sent > 0) {
          this.sentAt = new Date();
          writeSentAt(this.sentAt);
          if (result.waiting === 0) this.allSent();
        }
        this.host.requestUpdate();
      } catch {
        // IndexedDB unavailable: nothing can be waiting
      } finally {
        this.sending = undefined;
      }
    })();
    return this.sending;
  }

  render(): TemplateResult {
    const parts = [waitingText(this.waiting), failedText(this.refused), this.sentAt && this.waiting === 0 ? sentText(this.sentAt) : ''].filter(Boolean);
    return html`<p class="queue-status" part="queue-status" role="status">${parts.join(' · ')}</p>`;
  }

  private async refresh(): Promise<void> {
    try {
      const { waiting, failed } = await this.queue().counts();
      this.waiting = waiting;
      this.refused = failed;
      this.host.requestUpdate();
    } catch {
      // IndexedDB unavailable: nothing can be waiting
    }
  }
}
