import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { default as QRCodeStyling, Options } from 'qr-code-styling';
import { styles } from './rb-qr-code.styles.ts';

/** How long a print view may stay when the browser never says the printing is over. */
const PRINT_VIEW_LIFETIME_MS = 60_000;
/** How long a downloaded file's object URL is kept. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Side of a downloaded PNG in pixels (issue #29: at least 1024). */
export const DOWNLOAD_PX = 1024;

/** What a code downloads as: a PNG image or the SVG drawing. */
export type QrFileFormat = 'png' | 'svg';

/** Plain black squares on white, error correction M: the most readable for cameras. */
function stylingOptions(data: string, size: number, margin: number): Options {
  return {
    type: 'svg',
    width: size,
    height: size,
    data,
    margin,
    qrOptions: { errorCorrectionLevel: 'M' },
    dotsOptions: { type: 'square', color: '#000000' },
    cornersSquareOptions: { type: 'square', color: '#000000' },
    cornersDotOptions: { type: 'square', color: '#000000' },
    backgroundOptions: { color: '#ffffff' },
  };
}

/**
 * A QR code of an address (documentation §2: the QR code dialog, printed QR sheets), drawn as SVG by
 * qr-code-styling. The library is imported only when a code is first drawn, so the element's own
 * bundle stays small. Plain black squares on white with a quiet zone: the most readable for cameras.
 *
 * The code is one image to assistive technology: `role="img"`, named 'QR code for {value}'.
 *
 * `download(name, 'png' | 'svg')` saves it as a 1024 px PNG or as the SVG drawing (issue #29);
 * `print()` opens the browser's print dialog for the code alone.
 *
 * @summary A QR code of an address (or any text), drawn as SVG; it downloads and prints.
 * @csspart base - The image (the element's only box).
 */
export class RbQrCode extends LitElement {
  static override styles = styles;

  /** The address (or any text) the code holds; nothing is drawn while it is empty. */
  @property() value = '';

  /** Width and height of the code in CSS pixels. */
  @property({ type: Number }) size = 256;

  private code?: QRCodeStyling;
  private drawing: Promise<QRCodeStyling | undefined> = Promise.resolve(undefined);
  private drawCount = 0;

  protected override render(): TemplateResult {
    const label = this.value ? `QR code for ${this.value}` : nothing;
    return html`<div part="base" class="code" role=${this.value ? 'img' : nothing} aria-label=${label}></div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('value') || changed.has('size')) this.drawing = this.draw();
  }

  /** Draws the code for the current value and size; a later draw wins over one still loading. */
  private async draw(): Promise<QRCodeStyling | undefined> {
    const count = ++this.drawCount;
    const container = this.renderRoot.querySelector<HTMLElement>('.code');
    if (!this.value || !container) {
      container?.replaceChildren();
      this.code = undefined;
      return undefined;
    }
    const { default: Styling } = await import('qr-code-styling');
    if (count !== this.drawCount) return this.drawing;
    const size = Math.max(1, Math.round(this.size) || 256);
    const code = new Styling(stylingOptions(this.value, size, Math.round(size / 16)));
    container.replaceChildren();
    code.append(container);
    this.code = code;
    return code;
  }

  /** Resolves once the code for the current value is drawn (e.g. before reading the SVG in a test). */
  async drawn(): Promise<void> {
    await this.updateComplete;
    await this.drawing;
  }

  private async currentCode(): Promise<QRCodeStyling> {
    await this.drawn();
    if (!this.code) throw new Error('rb-qr-code: there is no address to encode');
    return this.code;
  }

  /**
   * Saves the code as a file named `filename` (default 'qr-code'; the extension is added): `png`, an image
   * of DOWNLOAD_PX pixels a side, sharp printed at 8 cm and more; `svg`, the vector drawing, sharp at any size.
   */
  async download(filename = 'qr-code', format: QrFileFormat = 'png'): Promise<void> {
    const file = await this.file(format);
    const address = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = address;
    link.download = `${filename.replace(/\.(png|svg)$/i, '')}.${format}`;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked once the browser has surely taken the file.
    setTimeout(() => URL.revokeObjectURL(address), DOWNLOAD_URL_LIFETIME_MS);
  }

  /** The code of the current value as a file: a PNG of DOWNLOAD_PX pixels a side, or the SVG drawing at that size. */
  async file(format: QrFileFormat = 'png'): Promise<Blob> {
    await this.currentCode();
    const { default: Styling } = await import('qr-code-styling');
    // A quiet zone of a tenth of the side: 4 modules and more for every address (version 4 and up).
    const data = await new Styling(stylingOptions(this.value, DOWNLOAD_PX, DOWNLOAD_PX / 10)).getRawData(format);
    if (!(data instanceof Blob)) throw new Error('rb-qr-code: the code could not be drawn');
    return data;
  }

  /**
   * Opens the browser's print dialog for a page holding only the code and the address beneath it.
   * The page is a hidden same-origin frame built with DOM calls (no scripts in it, so a strict
   * Content-Security-Policy is fine; the image is a `data:` URL) and removed after printing.
   */
  async print(): Promise<void> {
    const code = await this.currentCode();
    const svg = await code.getRawData('svg');
    if (!svg || !(svg instanceof Blob)) throw new Error('rb-qr-code: the code could not be drawn');
    const source = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await svg.text())}`;

    const frame = document.createElement('iframe');
    frame.title = `Print view of the QR code for ${this.value}`;
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
    document.body.append(frame);
    const view = frame.contentWindow;
    const page = frame.contentDocument;
    if (!view || !page) {
      frame.remove();
      throw new Error('rb-qr-code: the print view could not be opened');
    }
    page.title = this.value;
    Object.assign(page.body.style, { margin: '0', padding: '2cm 0', textAlign: 'center', fontFamily: 'system-ui, sans-serif' });
    const image = page.createElement('img');
    image.alt = `QR code for ${this.value}`;
    Object.assign(image.style, { width: '10cm', height: '10cm' });
    image.src = source;
    const address = page.createElement('p');
    address.textContent = this.value;
    Object.assign(address.style, { fontSize: '14pt', overflowWrap: 'anywhere', margin: '0.5cm 2cm 0' });
    page.body.append(image, address);
    await image.decode().catch(() => undefined);

    const close = () => frame.remove();
    view.addEventListener('afterprint', close, { once: true });
    setTimeout(close, PRINT_VIEW_LIFETIME_MS);
    view.focus();
    view.print();
  }
}
