/** The demo page's script (demo.html, built to demo.js): the fields fill the dialog; the button opens it. */
import type { RbQrDialog } from './rb-qr-dialog.element.ts';

const dialog = document.querySelector<RbQrDialog>('rb-qr-dialog')!;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const status = document.querySelector<HTMLElement>('#status')!;
const show = document.querySelector<HTMLButtonElement>('#show')!;

show.addEventListener('click', () => {
  dialog.name = field('name').value;
  dialog.value = field('address').value.trim();
  status.textContent = '';
  void dialog.show(show);
});
dialog.addEventListener('rb-close', () => {
  status.textContent = 'Closed';
});
