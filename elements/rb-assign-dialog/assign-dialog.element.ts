import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import { problemText } from '../../src/shared/transport/problem-text.ts';
import { formDialogStyles } from '../shared/form-dialog.styles.ts';
import { ModalDialog } from '../shared/modal-dialog.ts';
import { ASSIGNEE_GROUPS, assigneeOf, assigneeValue } from './assignees.ts';

/**
 * THE assign dialog (documentation §2 Assign on a document page's menu and on the folder browser's items
 * and Assignments tab; §5 "Assignment needs an assignee chosen"; §8): 'Assign {name}', the assignee — the
 * organisation, a role or a user, in three groups — and notes. Assign stays disabled until an assignee is
 * chosen. An app element (not one of the embeddable rb-*.ts): the page gives it its data and its call —
 * `subjects` (the read of auth/acl-subjects) and `assign` — so it makes no request of its own. Opened by src/screens/documentation/assign-dialog.ts on
 * the light pages and islands/browse/dialogs/AssignDialog.tsx in the folder browser.
 *
 * @event rb-close - The dialog closed.
 */
export class RbAssignDialog extends ModalDialog {
  static override styles = formDialogStyles;

  /** The item's name: the title is 'Assign {name}'. */
  @property() name = '';

  /**
   * Who may be assigned: the read of auth/acl-subjects. Until it settles only 'Choose who…' is offered; when
   * it fails, the dialog says why (problemText: never an exception's own words).
   */
  @property({ attribute: false }) subjects: Promise<readonly AclSubject[]> | null = null;

  /**
   * Makes the assignment. Resolves to '' when it is made (the dialog closes), or to the words that say why
   * not (shown in the dialog, which stays open).
   */
  @property({ attribute: false }) assign: ((assignee: AclSubject, notes: string) => Promise<string>) | null = null;

  @state() private list: readonly AclSubject[] | null = null;
  @state() private problem = '';
  @state() private assignee = '';
  @state() private notes = '';
  @state() private failure = '';

  @query('select') private select!: HTMLSelectElement;

  protected override reset(): void {
    this.assignee = '';
    this.notes = '';
    this.failure = '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (!changed.has('subjects')) return;
    const read = this.subjects;
    this.list = null;
    this.problem = '';
    read?.then(
      (list) => read === this.subjects && (this.list = list),
      (error: unknown) => read === this.subjects && (this.problem = `Something went wrong: ${problemText(error, 'please try again')}`),
    );
  }

  protected override firstField(): HTMLElement {
    return this.select;
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const chosen = this.list && assigneeOf(this.list, this.assignee);
    if (!chosen || !this.assign || this.busy) return;
    this.failure = '';
    const call = this.assign;
    const failure = await this.whileBusy(() => call(chosen, this.notes.trim()));
    if (failure) this.failure = failure;
    else this.close();
  }

  private groups(): TemplateResult[] {
    return ASSIGNEE_GROUPS.flatMap(({ type, label }) => {
      const members = this.list?.filter((s) => s.type === type) ?? [];
      if (members.length === 0) return [];
      return [html`<optgroup label=${label}>${members.map((s) => html`<option value=${assigneeValue(s)}>${s.name}</option>`)}</optgroup>`];
    });
  }

  protected override render(): TemplateResult {
    const problem = this.failure || this.problem;
    return this.frame(
      `Assign ${this.name}`,
      html`<form novalidate @submit=${(e: SubmitEvent) => void this.submit(e)}>
        <div class="field">
          <label for="assignee">Assign to</label>
          <select id="assignee" required .value=${live(this.assignee)} @change=${(e: Event) => (this.assignee = (e.target as HTMLSelectElement).value)}>
            <option value="">Choose who…</option>
            ${this.groups()}
          </select>
        </div>
        <div class="field">
          <label for="notes">Notes</label>
          <textarea id="notes" rows="3" .value=${live(this.notes)} @input=${(e: Event) => (this.notes = (e.target as HTMLTextAreaElement).value)}></textarea>
        </div>
        ${problem ? html`<p class="error" role="alert">${problem}</p>` : nothing}
        <div class="dialog-actions">
          <button type="button" class="secondary" ?disabled=${this.busy} @click=${() => this.close()}>Cancel</button>
          <button type="submit" ?disabled=${this.busy || !this.assignee}>Assign</button>
        </div>
      </form>`,
    );
  }
}
