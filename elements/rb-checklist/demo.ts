/** The demo page's script (demo.html, built to demo.js): connects the element to an API and shows its events. */
import type { RbChecklist } from './rb-checklist.element.ts';

const checklist = document.querySelector<RbChecklist>('rb-checklist')!;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const log = document.querySelector<HTMLElement>('#event')!;

document.querySelector<HTMLFormElement>('#connect')!.addEventListener('submit', (event) => {
  event.preventDefault();
  checklist.token = field('token').value.trim();
  checklist.kiosk = field('kiosk').checked;
  checklist.setAttribute('api-base', field('api-base').value.trim());
  checklist.setAttribute('document-id', field('document-id').value.trim());
});

const show = (name: string, detail: unknown) => {
  log.textContent = `${name}\n${JSON.stringify(detail, null, 2)}`;
};
checklist.addEventListener('rb-submitted', (event) => show('rb-submitted', event.detail));
checklist.addEventListener('rb-submit-failed', (event) => show('rb-submit-failed', event.detail));
checklist.addEventListener('rb-unauthorized', (event) => show('rb-unauthorized', event.detail));
