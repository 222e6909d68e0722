import { css, html, nothing, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { Doctype, ItemKind, SubscriptionOptions } from '../../src/shared/api/documentation.ts';
import { offersValidationErrorsOnly } from '../../src/shared/item-kinds.ts';
import { formDialogStyles } from '../shared/form-dialog.styles.ts';
import { ModalDialog } from '../shared/modal-dialog.ts';

/**
 * THE subscription preferences dialog (documentation §2 Subscribe on a document page's menu and on the
 * folder browser's items; accounts §3, §9): 'You will be notified when {name} changes.', 'Validation
 * errors only' (offered for folders and checklists) and 'Email notifications', both off when it opens.
 * An app element (not one of the embeddable rb-*.ts): the page gives it the call, `subscribe`, which says
 * how it went; the dialog closes when it worked and stays open when not. Opened by
 * src/screens/documentation/subscription-dialog.ts on the light pages and
 * islands/browse/dialogs/SubscriptionDialog.tsx in the folder browser.
 *
 * @event rb-close - The dialog closed.
 */
export class RbSubscriptionDialog extends ModalDialog {
  static override styles = [
    ...formDialogStyles,
    css`
      #intro {
        margin-bottom: 1em;
      }
    `,
  ];

  /** The item's name. */
  @property() name = '';

  /** 'folder' or 'document'. */
  @property() kind: ItemKind = 'document';

  /** A document's doctype ('form' for a checklist). */
  @property() doctype: Doctype | null = null;

  /** Subscribes with the options chosen (accounts §9: both off unless chosen); resolves to whether it worked. */
  @property({ attribute: false }) subscribe: ((options: SubscriptionOptions) => Promise<boolean>) | null = null;

  @state() private validationErrorsOnly = false;
  @state() private email = false;

  protected override reset(): void {
    this.validationErrorsOnly = false;
    this.email = false;
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (!this.subscribe || this.busy) return;
    const call = this.subscribe;
    const choice = { validation_errors_only: offersValidationErrorsOnly(this) && this.validationErrorsOnly, email_notifications: this.email };
    if (await this.whileBusy(() => call(choice))) this.close();
  }

  private checkField(id: string, label: string, hint: string, checked: boolean, set: (on: boolean) => void): TemplateResult {
    return html`<div class="check-field">
      <input type="checkbox" id=${id} aria-describedby="${id}-hint" .checked=${live(checked)} @change=${(e: Event) => set((e.target as HTMLInputElement).checked)} />
      <label for=${id}>${label}</label>
      <p class="hint" id="${id}-hint">${hint}</p>
    </div>`;
  }

  protected override render(): TemplateResult {
    return this.frame(
      'Subscription Preferences',
      html`<form novalidate @submit=${(e: SubmitEvent) => void this.submit(e)}>
        <p class="hint" id="intro">You will be notified when <strong>${this.name}</strong> changes.</p>
        ${offersValidationErrorsOnly(this)
          ? this.checkField('validation', 'Validation errors only', 'Of submitted checklists, only those with validation errors.', this.validationErrorsOnly, (on) => (this.validationErrorsOnly = on))
          : nothing}
        ${this.checkField('email', 'Email notifications', 'Also send the notifications to your e-mail address.', this.email, (on) => (this.email = on))}
        <div class="dialog-actions">
          <button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.close()}>Cancel</button>
          <button type="submit" ?disabled=${this.busy}>${this.busy ? 'Subscribing…' : 'Subscribe'}</button>
        </div>
      </form>`,
      'intro',
    );
  }
}
