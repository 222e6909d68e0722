/**
 * The 'QR Link' of a document page: THE QR code dialog, `<rb-qr-dialog>` (the folder browser shows the
 * same one), made once per page. The element (Lit, rb-qr-code and, when it draws, qr-code-styling) is
 * imported only when the dialog first opens, so the page's own script stays small.
 */
import type { RbQrDialog } from '../../../elements/rb-qr-dialog/rb-qr-dialog.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { showAlert } from '../../client/stores/alerts.ts';

let dialog: RbQrDialog | undefined;

/**
 * Opens the dialog with the code of `url`; `name` (the document's) titles it and names the downloaded
 * file. Focus returns to `opener` (or whatever had it) when the dialog closes.
 */
export async function openQrDialog(url: string, name: string, opener: HTMLElement | null = null): Promise<void> {
  try {
    await import('../../../elements/rb-qr-dialog/rb-qr-dialog.ts');
    if (!dialog) {
      dialog = document.createElement('rb-qr-dialog');
      dialog.id = 'qr-dialog';
      document.body.append(dialog);
    }
    dialog.value = url;
    dialog.name = name;
    await dialog.show(opener);
  } catch (err) {
    showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
  }
}
