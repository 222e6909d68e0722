import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { dialogHeader } from '../shared/dialog.styles.ts';

/** Stops the camera's tracks (a stream not opened yet: nothing). */
const stopCamera = (stream: MediaStream | undefined): void => stream?.getTracks().forEach((track) => track.stop());

/** The element that hosts the scanner: it renders `render()` into its shadow root. */
type Host = ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment };

/**
 * The 'Scan QR code' dialog of a QR code question (documentation §9): the rear camera in a house dialog
 * (elements/shared/dialog.styles.ts), a status line, Cancel. `open(id)` starts it for question `id`;
 * a code read is handed to `onCode(id, text)` and the dialog closes; a camera that cannot be used says so
 * ('… Type the code instead.'). Closing (the X, Cancel, Escape, the host leaving the page) stops the camera.
 */
export class ScannerDialog implements ReactiveController {
  private questionId: string | null = null;
  private state = '';
  private scanning?: { controller: AbortController; stream?: MediaStream };

  constructor(
    private readonly host: Host,
    private readonly onCode: (id: string, text: string) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.close();
  }

  async open(id: string): Promise<void> {
    this.close();
    const controller = new AbortController();
    this.scanning = { controller };
    this.questionId = id;
    this.say('Starting the camera…');
    await this.host.updateComplete;
    const dialog = this.dialog();
    dialog?.showModal();
    dialog?.focus();
    try {
      // The camera's code (./qr-scanner.ts) loads on the first scan: most checklists have no QR code question.
      const { openRearCamera, scanVideo } = await import('./qr-scanner.ts');
      const stream = await openRearCamera();
      if (controller.signal.aborted) return stopCamera(stream);
      this.scanning.stream = stream;
      const video = this.video()!;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      this.say('Point the camera at a QR code.');
      const text = await scanVideo(video, controller.signal);
      this.close();
      this.onCode(id, text);
    } catch (error) {
      if (controller.signal.aborted) return;
      stopCamera(this.scanning?.stream);
      this.say(`The camera could not be used${error instanceof Error && error.message ? `: ${error.message}` : '.'} Type the code instead.`);
    }
  }

  close(): void {
    if (!this.scanning) return;
    this.scanning.controller.abort();
    stopCamera(this.scanning.stream);
    this.scanning = undefined;
    const video = this.video();
    if (video) video.srcObject = null;
    const dialog = this.dialog();
    if (dialog?.open) dialog.close();
    this.questionId = null;
    this.host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<dialog class="dialog scanner" tabindex="-1" aria-labelledby="scanner-title" @close=${() => this.close()}>
      ${dialogHeader('Scan QR code', 'scanner-title', () => this.close())}
      <div class="dialog-body">
        <video playsinline muted></video>
        <p role="status">${this.questionId ? this.state : ''}</p>
        <div class="dialog-actions">
          <button type="button" class="secondary" @click=${() => this.close()}>Cancel</button>
        </div>
      </div>
    </dialog>`;
  }

  private say(state: string): void {
    this.state = state;
    this.host.requestUpdate();
  }

  private dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog.scanner');
  }

  private video(): HTMLVideoElement | null {
    return this.host.renderRoot.querySelector('dialog.scanner video');
  }
}
