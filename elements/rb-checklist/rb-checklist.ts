/** Registers `<rb-checklist>` once (a second copy of the bundle on the same page is harmless). */
import { RbChecklist } from './rb-checklist.element.ts';

export { RbChecklist };

if (!customElements.get('rb-checklist')) customElements.define('rb-checklist', RbChecklist);

declare global {
  interface HTMLElementTagNameMap {
    'rb-checklist': RbChecklist;
  }
}
