/**
 * The subscription preferences dialog of a document page (src/components/SubscriptionDialog.astro):
 * Subscribe in the toolbar menu opens it with both options off (accounts §9); its Subscribe button
 * subscribes with the options chosen through the store ($subscriptions), which says how it went and reads
 * both lists again. 'Validation errors only' is offered where it means something: checklists, and folders
 * (which hold them).
 */
import { openModal } from '../../client/dom.ts';
import { subscribe, type FollowedItem } from '../../client/stores/favourites.ts';
import type { Doctype } from '../../shared/api/documentation.ts';

export interface SubscribedItem extends FollowedItem {
  doctype: Doctype | null;
}

/** Whether 'Validation errors only' means anything for the item: only checklists are submitted. */
export const offersValidationErrorsOnly = (item: Pick<SubscribedItem, 'kind' | 'doctype'>): boolean =>
  item.kind === 'folder' || item.doctype === 'form';

let current: SubscribedItem | undefined;

function parts() {
  const dialog = document.getElementById('subscription-dialog') as HTMLDialogElement | null;
  if (!dialog) throw new Error('The subscription dialog is not on this page.');
  const form = dialog.querySelector<HTMLFormElement>('#subscription-form')!;
  return {
    dialog,
    form,
    name: dialog.querySelector<HTMLElement>('#subscription-item')!,
    validationField: dialog.querySelector<HTMLElement>('#subscription-validation-field')!,
    validation: form.querySelector<HTMLInputElement>('#subscription-validation')!,
    email: form.querySelector<HTMLInputElement>('#subscription-email')!,
    submit: form.querySelector<HTMLButtonElement>('#subscription-submit')!,
  };
}

const wired = new WeakSet<HTMLFormElement>();

export function openSubscriptionDialog(item: SubscribedItem, opener: HTMLElement | null): void {
  const p = parts();
  current = item;
  p.name.textContent = item.name;
  p.validationField.hidden = !offersValidationErrorsOnly(item);
  p.validation.checked = false;
  p.email.checked = false;
  p.submit.disabled = false;
  p.submit.textContent = 'Subscribe';
  if (!wired.has(p.form)) {
    wired.add(p.form);
    p.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send();
    });
  }
  openModal(p.dialog, opener);
}

async function send(): Promise<void> {
  const p = parts();
  const item = current;
  if (!item || p.submit.disabled) return;
  p.submit.disabled = true;
  p.submit.textContent = 'Subscribing…';
  const done = await subscribe(item, {
    validation_errors_only: offersValidationErrorsOnly(item) && p.validation.checked,
    email_notifications: p.email.checked,
  });
  p.submit.disabled = false;
  p.submit.textContent = 'Subscribe';
  if (done && current === item) p.dialog.close();
}
