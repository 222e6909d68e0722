import { html, LitElement, type TemplateResult } from 'lit';
import { query, state } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { emit } from '../events.ts';
import { dialogHeader } from './dialog.styles.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** The dialog closed (Close, Escape or a click on the backdrop). */
    'rb-close': CustomEvent<Record<string, never>>;
  }
}

/**
 * What every form dialog element shares (the house dialog, dialog.styles.ts, with its behaviour): a
 * modal native `<dialog>` opened by `show(opener)` with the first field (or the box) focused; Escape,
 * the X, Cancel and a click on the backdrop close it, except while `busy` (a call is under way); on
 * closing the focus goes back to the opener and `rb-close` is emitted. The keys pressed in it stay in it:
 * Escape and Tab do not reach the document, where an outer modal (a Shoelace dialog of the island that
 * opened this one) would close or move the focus too.
 *
 * A subclass renders `this.frame(title, body)` and may override `reset()` (the fields' state for a new
 * opening) and `firstField()`.
 */
export abstract class ModalDialog extends LitElement {
  /** A call is under way: the dialog stays open and its actions wait. */
  @state() protected busy = false;

  @query('dialog') protected dialog!: HTMLDialogElement;

  private returnFocus: HTMLElement | null = null;

  /** Whether the dialog is open. */
  get open(): boolean {
    return this.dialog?.open ?? false;
  }

  /** Opens the dialog (modal), its fields as new; `opener` gets the focus back when it closes. */
  async show(opener: HTMLElement | null = null): Promise<void> {
    this.returnFocus = opener ?? (document.activeElement as HTMLElement | null);
    this.busy = false;
    this.reset();
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    (this.firstField() ?? this.dialog).focus();
  }

  /** Closes the dialog (not while a call is under way). */
  close(): void {
    if (this.dialog?.open && !this.busy) this.dialog.close();
  }

  /** Called by `show()`: back to a fresh form. */
  protected reset(): void {}

  /** What takes the focus when the dialog opens; the box itself when null. */
  protected firstField(): HTMLElement | null {
    return null;
  }

  /** Runs `call` as the dialog's one call at a time: busy until it settles. */
  protected async whileBusy<T>(call: () => Promise<T>): Promise<T> {
    this.busy = true;
    try {
      return await call();
    } finally {
      this.busy = false;
    }
  }

  private closed(): void {
    const back = this.returnFocus;
    this.returnFocus = null;
    back?.focus();
    emit(this, 'rb-close', {});
  }

  private keydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' && event.key !== 'Tab') return;
    event.stopPropagation();
    if (event.key === 'Escape' && this.busy) event.preventDefault();
  }

  /** A click on the backdrop (outside the box) closes the dialog; a click inside lands on a descendant. */
  private backdropClick(event: MouseEvent): void {
    if (event.target !== this.dialog) return;
    const box = this.dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) this.close();
  }

  /** The house dialog titled `title` around `body`; `describedBy`: the id of what describes it. */
  protected frame(title: string, body: TemplateResult, describedBy?: string): TemplateResult {
    return html`<dialog
      part="dialog"
      class="dialog"
      tabindex="-1"
      aria-labelledby="title"
      aria-describedby=${ifDefined(describedBy)}
      @close=${() => this.closed()}
      @cancel=${(e: Event) => this.busy && e.preventDefault()}
      @keydown=${(e: KeyboardEvent) => this.keydown(e)}
      @click=${(e: MouseEvent) => this.backdropClick(e)}
    >
      ${dialogHeader(title, 'title', () => this.close())}
      <div class="dialog-body">${body}</div>
    </dialog>`;
  }
}
