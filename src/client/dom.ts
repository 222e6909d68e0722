/** Small DOM plumbing shared by the public page modules (sign-in, registration, reset, invitation). */

/** The element with this id; the shells are prerendered, so a missing id is a programming error. */
export function element<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the page`);
  return found as T;
}

/**
 * Puts a message into a live region (role=alert or role=status). The region stays in the page while
 * empty, so assistive technology announces every new text; the same text twice is announced twice.
 */
export function announce(region: HTMLElement, message: string): void {
  region.textContent = '';
  if (message === '') return;
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}

/** Shows exactly one of several prerendered views and hides the others. */
export function showOnly(views: readonly HTMLElement[], visible: HTMLElement | null): void {
  for (const view of views) view.hidden = view !== visible;
}

/**
 * Opens a native <dialog> as a modal: Escape closes it (natively), so do a click on the backdrop,
 * and focus goes back to the element that opened it.
 */
export function openModal(dialog: HTMLDialogElement, opener: HTMLElement | null = null): void {
  const returnTo = opener ?? (document.activeElement as HTMLElement | null);
  dialog.addEventListener('close', () => returnTo?.focus(), { once: true });
  dialog.showModal();
}

/** Clicking outside the dialog box (on its backdrop) closes it. Call once per dialog. */
export function closeOnBackdropClick(dialog: HTMLDialogElement): void {
  dialog.addEventListener('click', (event) => {
    if (event.target !== dialog) return; // a click inside the box lands on a descendant
    const box = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close();
  });
}
