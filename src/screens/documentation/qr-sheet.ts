/**
 * QR Labels (`/documentation/qr-sheet/{folderId}`, issue #29; docs/documentation-tree.md "QR codes and
 * label sheets"), reached from the folder's menu ('Print QR Labels'): the labels of a folder's items —
 * or, with "Include subfolders", of everything below it — on a chosen layout, downloaded as a PDF made by
 * the server in exact millimetres (the PDF is the source of truth: printed at actual size, every label
 * lands on its cell). A checklist's label may lead to the `/fill/` page of one of its share links.
 *
 * The folder's own labels are the page's first read (sent by the HTML, src/client/page-data-script.ts); the
 * subtree's are read when the switch first asks for them, which is the wait a large subtree costs: the
 * page says it is looking, then how many labels it found, then that the PDF is being made.
 */
import { api, problemText } from '../../client/api.ts';
import { pathSegment } from '../../client/addresses.ts';
import { element, saveBlob } from '../../client/dom.ts';
import { formatDateTime } from '../../client/time-format.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import {
  OPENS_FOR_ANYONE,
  OPENS_FOR_MEMBERS,
  QR_LABEL_LAYOUTS,
  QR_LABELS_PER_PAGE,
  type QrLabelItem,
  type QrLabelLayout,
  type QrSheetItems,
} from '../../shared/api/qr-labels.ts';
import { exportFileName } from '../../shared/api/sheets.ts';
import { setPageName } from '../chrome/signed-in-chrome.ts';
import { folderCrumbs, HOME_CRUMBS, renderBreadcrumbs } from './breadcrumbs.ts';
import { failureText, TRY_AGAIN } from './failure.ts';

export const qrSheetTitle = (folderName: string): string => `QR Labels: ${folderName}`;

/** The page's first read: the labels of the folder's own items. */
export const qrSheetRead = (folderId: string): Promise<QrSheetItems> => api.documentation.qrSheet(folderId, false, 'qrSheet');

/** 'No labels', '1 label on 1 page', '30 labels on 2 pages'. */
export function labelCount(total: number, layout: QrLabelLayout): string {
  if (total === 0) return 'No labels: this folder holds nothing you may read.';
  const pages = Math.ceil(total / QR_LABELS_PER_PAGE[layout]);
  return `${total} ${total === 1 ? 'label' : 'labels'} on ${pages} ${pages === 1 ? 'page' : 'pages'}.`;
}

/** Under a checklist's choice: who its code opens for (issue #43), in the words the printed label starts with. */
export const opensFor = (anyone: boolean): string =>
  anyone ? `${OPENS_FOR_ANYONE}: anyone holding the label can fill it in.` : `${OPENS_FOR_MEMBERS}: only people with an account in this organisation can open it.`;

/** How many of the sheet's codes open without an account (issue #43: a member sees it plainly before printing). */
export function codesWithoutAccount(anyone: number, total: number): string {
  if (total === 0) return '';
  if (anyone === 0) return 'No code on this sheet opens without an account: each needs a sign-in.';
  if (anyone === total) return 'Every code on this sheet opens without an account.';
  const others = total - anyone;
  return `${anyone} of ${total} codes ${anyone === 1 ? 'opens' : 'open'} without an account; the ${others === 1 ? 'other needs' : `other ${others} need`} a sign-in.`;
}

export const tooManyLabels = (total: number, limit: number): string =>
  `This sheet would have ${total} labels; a sheet holds at most ${limit}. Choose a smaller folder, or leave out its subfolders.`;

export async function mountQrSheet(): Promise<void> {
  const folderId = pathSegment(2); // /documentation/qr-sheet/{folderId}
  // The folder's labels leave together with auth/me (one API level).
  const {
    data: [first],
  } = await signedInPage(() => Promise.allSettled([qrSheetRead(folderId)]));
  const status = element('qr-sheet-status');
  status.textContent = '';
  if (first.status === 'rejected') {
    renderBreadcrumbs(element('breadcrumbs'), HOME_CRUMBS);
    element('qr-sheet-error').replaceChildren(failureText(first.reason));
    return;
  }
  const own = first.value;
  const title = qrSheetTitle(own.folder.name);
  setPageName(title);
  element('qr-sheet-heading').textContent = title;
  renderBreadcrumbs(element('breadcrumbs'), folderCrumbs([...own.folder.path, { id: own.folder.id, name: own.folder.name }], own.folder.root_id));
  new QrSheetForm(folderId, own).show();
}

/** The form: layout, subfolders, each checklist's link; the count; Download PDF with its progress. */
class QrSheetForm {
  private readonly form = element<HTMLFormElement>('qr-sheet-form');
  private readonly layout = element<HTMLSelectElement>('qr-layout');
  private readonly subtree = element<HTMLInputElement>('qr-subtree');
  private readonly count = element('qr-count');
  private readonly access = element('qr-access');
  private readonly problem = element('qr-problem');
  private readonly progress = element('qr-progress');
  private readonly progressText = element('qr-progress-text');
  private readonly download = element<HTMLButtonElement>('qr-download');
  private readonly links = element<HTMLFieldSetElement>('qr-links');
  private readonly linkChoices = element('qr-link-choices');
  private subtreeItems: Promise<QrSheetItems> | undefined;
  private current: QrSheetItems;
  /**
   * The share link chosen for each checklist (kept while the switch goes back and forth): its newest live
   * link until the person chooses (issue #43: a label people scan without an account); '' its page.
   */
  private readonly chosen = new Map<string, string>();
  private busy = false;

  constructor(
    private readonly folderId: string,
    private readonly own: QrSheetItems,
  ) {
    this.current = own;
  }

  show(): void {
    this.layout.addEventListener('change', () => this.render());
    this.subtree.addEventListener('change', () => void this.switchSubtree());
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.makePdf();
    });
    this.form.hidden = false;
    this.render();
  }

  private selectedLayout(): QrLabelLayout {
    const value = this.layout.value as QrLabelLayout;
    return QR_LABEL_LAYOUTS.includes(value) ? value : QR_LABEL_LAYOUTS[0];
  }

  /** The subfolders' labels are read the first time the switch asks for them; the page says it is looking. */
  private async switchSubtree(): Promise<void> {
    if (!this.subtree.checked) {
      this.current = this.own;
      this.render();
      return;
    }
    this.subtreeItems ??= api.documentation.qrSheet(this.folderId, true);
    this.showProgress('Finding the items in the subfolders…');
    this.download.disabled = true;
    try {
      const items = await this.subtreeItems;
      if (this.subtree.checked) this.current = items;
    } catch (err) {
      this.subtreeItems = undefined;
      this.subtree.checked = false;
      this.problem.textContent = `The subfolders could not be read: ${problemText(err, TRY_AGAIN)}`;
      this.problem.hidden = false;
      this.hideProgress();
      return;
    }
    this.hideProgress();
    this.render();
  }

  private render(): void {
    const { total, limit } = this.current;
    this.count.textContent = labelCount(total, this.selectedLayout());
    const over = total > limit;
    this.problem.textContent = over ? tooManyLabels(total, limit) : '';
    this.problem.hidden = !over;
    this.download.disabled = this.busy || over || total === 0;
    this.renderLinks(this.current.items.filter((item) => item.share_links && item.share_links.length > 0));
    this.renderAccess();
  }

  /** The link a checklist's label leads to: the person's choice, else its newest live link (listed first); '' its page. */
  private linkOf(item: QrLabelItem): string {
    return this.chosen.get(item.id) ?? item.share_links?.[0]?.id ?? '';
  }

  /** How many of the sheet's codes open without an account. */
  private renderAccess(): void {
    const { items, total } = this.current;
    const anyone = items.filter((item) => this.linkOf(item) !== '').length;
    this.access.textContent = total > items.length ? '' : codesWithoutAccount(anyone, total);
  }

  /** One choice per checklist that has share links the caller may use: its page in Ringbinder, or a link's /fill/ page. */
  private renderLinks(checklists: QrLabelItem[]): void {
    this.links.hidden = checklists.length === 0;
    this.linkChoices.replaceChildren(
      ...checklists.map((item) => {
        const field = document.createElement('div');
        field.className = 'field';
        const label = document.createElement('label');
        label.htmlFor = `qr-link-${item.id}`;
        label.textContent = item.name;
        const select = document.createElement('select');
        select.id = `qr-link-${item.id}`;
        select.add(new Option(`Its page (${OPENS_FOR_MEMBERS.toLowerCase()})`, ''));
        for (const link of item.share_links ?? []) {
          const until = link.expires_at ? `, until ${formatDateTime(link.expires_at)}` : '';
          select.add(new Option(`Share link “${link.name}” (${OPENS_FOR_ANYONE.toLowerCase()}${until})`, link.id));
        }
        select.value = this.linkOf(item);
        const opens = document.createElement('p');
        opens.className = 'qr-opens';
        opens.id = `qr-opens-${item.id}`;
        const where = document.createElement('p');
        where.className = 'hint';
        where.textContent = item.path;
        const showOpens = () => {
          opens.textContent = opensFor(select.value !== '');
          opens.dataset.anyone = String(select.value !== '');
        };
        showOpens();
        select.setAttribute('aria-describedby', opens.id);
        select.addEventListener('change', () => {
          this.chosen.set(item.id, select.value);
          showOpens();
          this.renderAccess();
        });
        field.append(label, select, opens, where);
        return field;
      }),
    );
  }

  private showProgress(text: string): void {
    this.progressText.textContent = text;
    this.progress.hidden = false;
  }

  private hideProgress(): void {
    this.progress.hidden = true;
  }

  private async makePdf(): Promise<void> {
    if (this.busy) return;
    const { items, total, folder } = this.current;
    const onSheet = new Set(items.map((item) => item.id));
    const shareLinks = items.filter((item) => onSheet.has(item.id)).map((item) => this.linkOf(item)).filter((link) => link !== '');
    this.busy = true;
    this.download.disabled = true;
    this.problem.hidden = true;
    this.count.textContent = labelCount(total, this.selectedLayout());
    this.showProgress(`Making the PDF of ${total} ${total === 1 ? 'label' : 'labels'}…`);
    try {
      const pdf = await api.documentation.qrSheetPdf(this.folderId, { layout: this.selectedLayout(), subtree: this.subtree.checked, share_links: shareLinks });
      const name = exportFileName(`${folder.name} QR labels`, 'pdf');
      saveBlob(pdf, name);
      this.showProgress(`Downloaded ${name}. Print it at actual size (100 %).`);
    } catch (err) {
      this.hideProgress();
      this.problem.textContent = `The PDF could not be made: ${problemText(err, TRY_AGAIN)}`;
      this.problem.hidden = false;
    } finally {
      this.busy = false;
      this.render();
    }
  }
}
