import { html, nothing, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { QrFileFormat, RbQrCode } from '../rb-qr-code/rb-qr-code.element.ts';
import { problemText } from '../../src/shared/transport/problem-text.ts';
import { ModalDialog } from '../shared/modal-dialog.ts';
import { qrFilename, qrTitle } from './qr-naming.ts';
import { styles } from './rb-qr-dialog.styles.ts';

/**
 * THE QR code dialog (documentation §2 "QR code (with print)"): a modal native `<dialog>` with the
 * `<rb-qr-code>` of an address, the address as a link, and Print, Download SVG (the vector drawing),
 * Download PNG (1024 px) and Close. Used by the light document pages ('QR Link' in the toolbar menu), the
 * folder browser ('QR Code' on an item) and the invitations list, so all read alike: the title
 * 'QR Code: {name}', the files '{name} QR code.svg' and '.png' (qr-naming.ts). The address comes from
 * the page: the app's pages give `{PUBLIC_URL}/…` (src/client/public-address.ts), never the browser's origin.
 *
 * `show(opener)` opens it; focus returns to `opener` (or whatever had focus) when it closes (the house
 * dialog's behaviour: elements/shared/modal-dialog.ts).
 *
 * @summary The QR code of an address in a dialog, with Print, Download and Close.
 * @event rb-close - The dialog closed.
 * @csspart dialog - The `<dialog>` box.
 */
export class RbQrDialog extends ModalDialog {
  static override styles = styles;

  /** The address the code holds (absolute, so that a phone can open it). */
  @property() value = '';

  /** The item's name: in the title and the downloaded file's name. */
  @property() name = '';

  /** Width and height of the code in CSS pixels. */
  @property({ type: Number }) size = 240;

  @state() private drawn = false;
  @state() private problem = '';

  @query('rb-qr-code') private code!: RbQrCode;

  /** Opens the dialog (modal); `opener` gets the focus back when it closes. Resolves once the code is drawn. */
  override async show(opener: HTMLElement | null = null): Promise<void> {
    await super.show(opener); // the box has the focus, as in every dialog of the app: not the first button (the X)
    await this.redraw();
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('value') && this.open) void this.redraw();
  }

  private async redraw(): Promise<void> {
    this.drawn = false;
    this.problem = '';
    try {
      await this.code.updateComplete;
      await this.code.drawn();
      this.drawn = true;
    } catch (error) {
      this.problem = problemText(error, 'The QR code could not be drawn.');
    }
  }

  private async run(action: 'print' | QrFileFormat): Promise<void> {
    this.problem = '';
    try {
      await (action === 'print' ? this.code.print() : this.code.download(qrFilename(this.name), action));
    } catch (error) {
      this.problem = problemText(error, action === 'print' ? 'The QR code could not be printed.' : 'The QR code could not be downloaded.');
    }
  }

  protected override render(): TemplateResult {
    return this.frame(
      qrTitle(this.name),
      html`<div class="code"><rb-qr-code .value=${this.value} .size=${this.size}></rb-qr-code></div>
        <p class="address">${this.value ? html`<a href=${this.value}>${this.value}</a>` : nothing}</p>
        ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
        <div class="dialog-actions">
          <button type="button" class="secondary" ?disabled=${!this.drawn} @click=${() => void this.run('print')}>Print</button>
          <button type="button" class="secondary" ?disabled=${!this.drawn} @click=${() => void this.run('svg')}>Download SVG</button>
          <button type="button" class="secondary" ?disabled=${!this.drawn} @click=${() => void this.run('png')}>Download PNG</button>
          <button type="button" @click=${() => this.close()}>Close</button>
        </div>`,
    );
  }
}
