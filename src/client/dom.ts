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
 * THE way to open a light page's dialog (src/components/Dialog.astro) as a modal, so every one behaves
 * like the islands' Shoelace dialogs: Escape (natively), the X and any `[data-close]` button, and a click
 * on the backdrop close it; the field marked `autofocus` takes the focus, else the dialog box itself
 * (as Shoelace focuses its panel), and on closing the focus goes back to `opener` (default: what had it).
 */
export function openModal(dialog: HTMLDialogElement, opener: HTMLElement | null = null): void {
  wire(dialog);
  const returnTo = opener ?? (document.activeElement as HTMLElement | null);
  dialog.addEventListener('close', () => returnTo?.focus(), { once: true });
  dialog.showModal();
  const field = dialog.querySelector<HTMLElement>('[autofocus]');
  if (field) field.focus();
  else {
    dialog.tabIndex = -1;
    dialog.focus();
  }
}

const wired = new WeakSet<HTMLDialogElement>();

function wire(dialog: HTMLDialogElement): void {
  if (wired.has(dialog)) return;
  wired.add(dialog);
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-close]')) return dialog.close();
    if (target !== dialog) return; // a click inside the box lands on a descendant
    const box = dialog.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) dialog.close();
  });
}

const added = new Set<string>();

function addOnce(css: string, place: (style: HTMLStyleElement) => void): void {
  if (added.has(css)) return;
  added.add(css);
  const style = document.createElement('style');
  style.textContent = css;
  place(style);
}

/**
 * Resolves once the browser has painted what the page shows now (the frame after this one has begun), so
 * work that is not part of the first view (a document's body, the chrome's menus) does not hold back the
 * paint of what is ready: on a phone at 4× CPU each such task costs tens of ms before the heading shows.
 * A hidden page paints no frames: a timer resolves it all the same.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });
}

/**
 * Adds stylesheets to the page once each, after the page's own (`import css from './x.css?inline'`).
 * For code loaded at run time (the doctype registry's viewers and editors): a plain `import './x.css'`
 * there would be inlined by Astro into every page that can reach the module, loaded or not
 * (withastro/astro#9495), so the view page would carry every editor's styles.
 */
export function addStyles(...sheets: string[]): void {
  for (const css of sheets) addOnce(css, (style) => document.head.append(style));
}

/**
 * Adds a library's base stylesheet (Shoelace's light theme) BEFORE the page's own styles, so that the
 * house theme (theme.css: colours, buttons, dialogs mapped onto Shoelace's tokens) keeps the last word.
 */
export function addBaseStyles(...sheets: string[]): void {
  for (const css of sheets) {
    addOnce(css, (style) => {
      const first = document.head.querySelector('style, link[rel="stylesheet"]');
      if (first) first.before(style);
      else document.head.append(style);
    });
  }
}

/**
 * Saves a file read through the transport (with the bearer token: an export, a page's media) as a
 * download named `name`. The download has its own copy once started; the address is let go a minute later.
 */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name || 'download';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
