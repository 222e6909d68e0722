/**
 * The 'QR Link' dialog of a document page: a native <dialog> with `<rb-qr-code>` for an address, and
 * the element's Print and Download. The element (Lit and qr-code-styling) is imported only when the
 * dialog first opens, so the page's own script stays small.
 */
import { closeOnBackdropClick, openModal } from '../../client/dom.ts';
import { showAlert } from '../../client/stores/alerts.ts';

interface QrDialog {
  dialog: HTMLDialogElement;
  code: HTMLElement;
  address: HTMLElement;
  print: HTMLButtonElement;
  download: HTMLButtonElement;
}

let built: QrDialog | undefined;
let filename = 'qr-code';

function button(label: string, className: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  return b;
}

function build(): QrDialog {
  const dialog = document.createElement('dialog');
  dialog.className = 'dialog qr-dialog';
  dialog.id = 'qr-dialog';
  dialog.setAttribute('aria-labelledby', 'qr-dialog-title');
  const title = document.createElement('h2');
  title.id = 'qr-dialog-title';
  title.textContent = 'QR Link';
  const code = document.createElement('div');
  code.className = 'qr-dialog-code';
  const address = document.createElement('p');
  address.className = 'qr-dialog-address';
  const actions = document.createElement('div');
  actions.className = 'dialog-actions';
  const print = button('Print', 'button secondary');
  const download = button('Download', 'button secondary');
  const close = button('Close', 'button');
  actions.append(print, download, close);
  dialog.append(title, code, address, actions);
  document.body.append(dialog);

  const element = () => code.querySelector('rb-qr-code');
  const run = async (action: 'print' | 'download') => {
    try {
      const qr = element();
      if (!qr) return;
      await (action === 'print' ? qr.print() : qr.download(filename));
    } catch (err) {
      showAlert('error', err instanceof Error ? err.message : String(err));
    }
  };
  print.addEventListener('click', () => void run('print'));
  download.addEventListener('click', () => void run('download'));
  close.addEventListener('click', () => dialog.close());
  closeOnBackdropClick(dialog);
  return { dialog, code, address, print, download };
}

/**
 * Opens the dialog with the code of `url`; `name` names the downloaded file. Focus returns to `opener`
 * (or whatever had it) when the dialog closes.
 */
export async function openQrDialog(url: string, name: string, opener: HTMLElement | null = null): Promise<void> {
  const parts = (built ??= build());
  filename = `${name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'qr-code'} QR code`;
  parts.address.textContent = url;
  parts.print.disabled = parts.download.disabled = true;
  openModal(parts.dialog, opener);
  try {
    await import('../../../elements/rb-qr-code/rb-qr-code.ts');
    let qr = parts.code.querySelector('rb-qr-code');
    if (!qr) {
      qr = document.createElement('rb-qr-code');
      qr.size = 240;
      parts.code.append(qr);
    }
    qr.value = url;
    await qr.drawn();
    parts.print.disabled = parts.download.disabled = false;
  } catch (err) {
    showAlert('error', err instanceof Error ? err.message : String(err));
  }
}
