/**
 * The /elements/ page's script (issue #29): the snippets name the server the page was opened on, Copy puts
 * a snippet on the clipboard (and says so), and the QR code dialog's live demo opens from its button. The
 * live elements themselves come from /elements/ringbinder.js, as on any other site.
 */
import type { RbQrDialog } from '../../../elements/rb-qr-dialog/rb-qr-dialog.element.ts';
import { withOrigin } from './snippets.ts';

export function mountElementsPage(origin: string = location.origin): void {
  for (const snippet of document.querySelectorAll<HTMLElement>('[data-snippet]')) {
    snippet.textContent = withOrigin(snippet.dataset.snippet ?? '', origin);
  }
  for (const live of document.querySelectorAll<HTMLElement>('[data-live-value]')) {
    live.setAttribute('value', withOrigin(live.dataset.liveValue ?? '', origin));
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', () => void copy(button));
  }
  const opener = document.getElementById('qr-dialog-demo-open');
  opener?.addEventListener('click', () => void document.querySelector<RbQrDialog>('#qr-dialog-demo')?.show(opener));
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const source = document.getElementById(button.dataset.copy ?? '');
  const status = document.getElementById(`${button.dataset.copy}-status`);
  try {
    await navigator.clipboard.writeText(source?.textContent ?? '');
    if (status) status.textContent = 'Copied.';
  } catch {
    if (status) status.textContent = 'Could not copy: select the text and copy it yourself.';
  }
}
