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
  private sending?: Promise<void>;
  private readonly onOnline = () => void this.send();

  /** `queue` is the host's queue as it is now (its store, API and user); `canSend` whether it has an API to send to. */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly queue: () => SubmissionQueue,
    private readonly canSend: () => boolean,
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
  }

  /** Puts a submission into the queue; answers false when this browser cannot keep it. */
  async keep(entry: QueuedSubmission): Promise<boolean> {
    try {
      await this.queue().add(entry);
      await this.refresh();
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
        if (result.sent > 0) {
          this.sentAt = new Date();
          writeSentAt(this.sentAt);
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
