import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Acl, AclSubject, ItemKind } from '../../src/shared/api/documentation.ts';
import * as paths from '../../src/shared/api/paths.ts';
import { problemText } from '../../src/shared/transport/problem-text.ts';
import { emit } from '../events.ts';
import { elementTransport } from '../shared/element-transport.ts';
import {
  groupSubjects,
  newEntry,
  normalizeEntries,
  permissionChoices,
  permissionNames,
  removeEntry,
  subjectLabel,
  updateEntry,
  withBit,
  type InheritedPermissionEntry,
  type PermissionEntry,
} from './permission-entries.ts';
import { styles } from './rb-permission-editor.styles.ts';

/** The detail of `rb-change`: the element's own entries after the change. */
export interface RbPermissionChangeDetail {
  entries: PermissionEntry[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'rb-change': CustomEvent<RbPermissionChangeDetail>;
  }
}

/**
 * Edits the ACL entries of one folder or document (documentation §3–§6): one card per entry with a
 * subject picker (grouped Organization / Roles / Users), Grant or Revoke, Remove, and the permission
 * checkboxes the item kind offers, each labelled and wrapping to the width there is (a phone's dialog
 * too); 'Add Entry' below. Entries inherited from the folders above are shown read-only, in a table,
 * with the folder they come from.
 *
 * Data comes either from properties (`entries`, `inherited`, `subjects`) or, with `api-base`,
 * `item-kind`, `item-id` and the `token` property, from the API itself (`GET …/acl`,
 * `GET auth/acl-subjects`). The element talks to that base through the one transport
 * (src/shared/transport), because it is built as a standalone bundle for pages outside the app (DESIGN.md);
 * inside the app, the page may load the data through `src/client` and set the properties instead.
 * On another site (issue #29) it needs a signed-in user's token and EMBED_ORIGINS naming the site.
 *
 * @summary Edits who may do what on a folder or document: grants and revokes, per user, role or the organisation.
 * @event rb-change - Every edit; `detail.entries` is the whole list `{subject, is_grant, permissions}[]`.
 * @event rb-unauthorized - The API refused the token (401): sign in again and set a new `token`.
 * @csspart base - The wrapper around everything.
 * @cssprop [--rb-permission-editor-focus=#2f6fed] - Focus ring colour.
 * @cssprop [--rb-permission-editor-rule=#c9cdd6] - Colour of the table rules and the entries' borders.
 * @cssprop [--rb-permission-editor-error=#b3261e] - Colour of the load error.
 */
export class RbPermissionEditor extends LitElement {
  static override styles = styles;

  /** The item's own entries; replaced (not mutated) on every edit. */
  @property({ attribute: false }) entries: PermissionEntry[] = [];

  /** Entries of the folders above, nearest first: shown read-only with the folder they come from. */
  @property({ attribute: false }) inherited: InheritedPermissionEntry[] = [];

  /** Who an entry may name: the organisation, its roles and its users (`GET auth/acl-subjects` results). */
  @property({ attribute: false }) subjects: AclSubject[] = [];

  /** 'folder' (default) or 'document': documents offer no Create Documents / Create Folders. */
  @property({ attribute: 'item-kind', reflect: true }) itemKind: ItemKind = 'folder';

  /** The folder's or document's id; with `api-base`, the element loads its ACL and the subjects. */
  @property({ attribute: 'item-id' }) itemId = '';

  /** The API base to load from, e.g. `/api/v1` or `https://ringbinder.example/api/v1`. */
  @property({ attribute: 'api-base' }) apiBase = '';

  /** The bearer token for `api-base` (a property only, never an attribute, so it stays out of the markup). */
  @property({ attribute: false }) token = '';

  /** Shows every entry as text, with no controls (spec §6: the dialog's read-only mode). */
  @property({ type: Boolean, reflect: true }) readonly = false;

  @state() private loadState: 'idle' | 'loading' | 'failed' = 'idle';
  @state() private loadError = '';
  private loading?: AbortController;
  private readonly transport = elementTransport(this);

  private get kind(): ItemKind {
    return this.itemKind === 'document' ? 'document' : 'folder';
  }

  /** Loads the ACL and the subjects from `api-base` (done by itself when the API attributes change). */
  async load(): Promise<void> {
    if (!this.apiBase || !this.itemId) return;
    this.loading?.abort();
    const controller = new AbortController();
    this.loading = controller;
    this.loadState = 'loading';
    try {
      const [acl, subjects] = await Promise.all([
        this.transport.call<Acl>(this.aclPath(), { signal: controller.signal }),
        this.transport.call<{ results: AclSubject[] }>(paths.auth.aclSubjects, { signal: controller.signal }),
      ]);
      if (controller.signal.aborted) return;
      this.subjects = subjects.results;
      this.showAcl(acl);
      this.loadState = 'idle';
    } catch (error) {
      if (controller.signal.aborted) return;
      this.loadState = 'failed';
      this.loadError = problemText(error, 'please try again');
    }
  }

  /** Saves the entries with `PUT …/acl` to `api-base`; answers the saved ACL, or rejects with the server's detail. */
  async save(): Promise<Acl> {
    if (!this.apiBase || !this.itemId) throw new Error('rb-permission-editor: api-base and item-id are needed to save');
    const acl = await this.transport.call<Acl>(this.aclPath(), { method: 'PUT', json: normalizeEntries(this.entries, this.kind) });
    this.showAcl(acl);
    return acl;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('apiBase') || changed.has('itemId') || changed.has('itemKind') || changed.has('token')) void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.loading?.abort();
  }

  private aclPath(): string {
    return paths.documentation.acl(this.kind, this.itemId);
  }

  private showAcl(acl: Acl): void {
    this.entries = normalizeEntries(acl.entries, this.kind);
    this.inherited = acl.inherited;
  }

  /** Sets the entries and tells the page, always through the one typed helper. */
  private change(entries: PermissionEntry[]): void {
    this.entries = entries;
    emit(this, 'rb-change', { entries: normalizeEntries(entries, this.kind) });
  }

  private async addEntry(): Promise<void> {
    this.change([...this.entries, newEntry(this.entries, this.subjects)]);
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLSelectElement>(`#subject-${this.entries.length - 1}`)?.focus();
  }

  private async removeAt(index: number): Promise<void> {
    this.change(removeEntry(this.entries, index));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLButtonElement>('button.add')?.focus();
  }

  protected override render(): TemplateResult {
    return html`<div part="base">
      ${this.loadState === 'loading' ? html`<p class="status" role="status">Loading permissions…</p>` : nothing}
      ${this.loadState === 'failed'
        ? html`<p class="status error" role="alert">The permissions could not be loaded: ${this.loadError}</p>`
        : nothing}
      ${this.readonly ? this.renderReadOnly('Entries', this.entries, false) : this.renderEditable()}
      ${this.inherited.length > 0 ? this.renderReadOnly('Inherited entries', this.inherited, true) : nothing}
    </div>`;
  }

  /**
   * The item's own entries, one card each — subject, Grant or Revoke and Remove on top, the permission
   * checkboxes (labelled) wrapping below — so the editor fits any width down to a phone's dialog.
   */
  private renderEditable(): TemplateResult {
    return html`<p class="caption" id="entries-caption">Entries</p>
      ${this.entries.length === 0
        ? html`<p class="empty">No entries.</p>`
        : html`<ul class="entries" aria-labelledby="entries-caption">
            ${this.entries.map((entry, index) => this.renderEntry(entry, index))}
          </ul>`}
      <button type="button" class="button add" @click=${() => void this.addEntry()}>Add Entry</button>`;
  }

  private renderEntry(entry: PermissionEntry, index: number): TemplateResult {
    const who = subjectLabel(entry.subject, this.subjects);
    const known = this.subjects.some((s) => s.id === entry.subject);
    return html`<li class="entry">
      <div class="entry-head">
        <div class="field subject">
          <label for="subject-${index}">Subject<span class="visually-hidden"> of entry ${index + 1}</span></label>
          <select
            class="control"
            id="subject-${index}"
            @change=${(e: Event) => this.change(updateEntry(this.entries, index, { subject: (e.target as HTMLSelectElement).value }))}
          >
            ${known ? nothing : html`<option value=${entry.subject} selected disabled>${entry.subject ? 'Unknown subject' : 'Choose a subject'}</option>`}
            ${groupSubjects(this.subjects).map(
              (group) => html`<optgroup label=${group.label}>
                ${group.subjects.map((s) => html`<option value=${s.id} ?selected=${s.id === entry.subject}>${s.name}</option>`)}
              </optgroup>`,
            )}
          </select>
        </div>
        <div class="field effect">
          <label for="effect-${index}">Grant or Revoke<span class="visually-hidden"> for ${who}</span></label>
          <select
            class="control"
            id="effect-${index}"
            @change=${(e: Event) =>
              this.change(updateEntry(this.entries, index, { is_grant: (e.target as HTMLSelectElement).value === 'grant' }))}
          >
            <option value="grant" ?selected=${entry.is_grant}>Grant</option>
            <option value="revoke" ?selected=${!entry.is_grant}>Revoke</option>
          </select>
        </div>
        <button type="button" class="button secondary remove" @click=${() => void this.removeAt(index)}>
          Remove<span class="visually-hidden"> entry for ${who}</span>
        </button>
      </div>
      <fieldset class="bits">
        <legend>Permissions<span class="visually-hidden"> for ${who}</span></legend>
        ${permissionChoices(this.kind).map(
          (choice) => html`<label class="bit">
            <input
              type="checkbox"
              .checked=${(entry.permissions & choice.bit) === choice.bit}
              @change=${(e: Event) =>
                this.change(
                  updateEntry(this.entries, index, {
                    permissions: withBit(entry.permissions, choice.bit, (e.target as HTMLInputElement).checked),
                  }),
                )}
            />${choice.name}<span class="visually-hidden"> for ${who}</span>
          </label>`,
        )}
      </fieldset>
    </li>`;
  }

  private renderReadOnly(caption: string, rows: readonly InheritedPermissionEntry[], withFolder: boolean): TemplateResult {
    return html`<div class="scroll">
      <table>
        <caption>${caption}</caption>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            ${withFolder ? html`<th scope="col">From folder</th>` : nothing}
            <th scope="col">Grant or Revoke</th>
            <th scope="col">Permissions</th>
          </tr>
        </thead>
        <tbody>
          ${rows.length === 0
            ? html`<tr>
                <td colspan=${withFolder ? 4 : 3} class="empty">No entries.</td>
              </tr>`
            : rows.map(
                (row) => html`<tr>
                  <td>${subjectLabel(row.subject, this.subjects, row.subject_name)}</td>
                  ${withFolder ? html`<td>${row.from_folder_name || 'a folder you cannot open'}</td>` : nothing}
                  <td>${row.is_grant ? 'Grant' : 'Revoke'}</td>
                  <td>${permissionNames(row.permissions, withFolder ? 'folder' : this.kind).join(', ') || 'none'}</td>
                </tr>`,
              )}
        </tbody>
      </table>
    </div>`;
  }
}
