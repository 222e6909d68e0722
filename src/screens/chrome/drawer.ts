/**
 * The side drawer. On wide screens (theme breakpoint md, 960 px) it is pinned open beside the content
 * and the menu button folds it away; on narrow screens it is a modal overlay: the rest of the page is
 * inert while it is open, Escape or the backdrop closes it, and focus returns to the menu button.
 * State lives on <body data-drawer="open|closed">, which the styles read. Its Favorites list is
 * ./drawer-favourites.ts.
 */
import { mountDrawerFavourites } from './drawer-favourites.ts';

const WIDE_QUERY = '(min-width: 960px)';

export function mountDrawer(): void {
  const toggle = document.getElementById('drawer-toggle') as HTMLButtonElement | null;
  const drawer = document.getElementById('drawer');
  const backdrop = document.getElementById('drawer-backdrop');
  const close = document.getElementById('drawer-close');
  if (!toggle || !drawer || !backdrop) return;
  mountDrawerFavourites();
  const wide = matchMedia(WIDE_QUERY);
  const outside = [document.querySelector<HTMLElement>('.topbar'), document.getElementById('main')].filter(
    (el): el is HTMLElement => el !== null,
  );

  const isOpen = () => document.body.dataset.drawer === 'open';
  const isModal = () => isOpen() && !wide.matches;

  function set(open: boolean, options: { focus?: boolean } = {}): void {
    document.body.dataset.drawer = open ? 'open' : 'closed';
    toggle!.setAttribute('aria-expanded', String(open));
    const modal = isModal();
    for (const el of outside) el.inert = modal;
    backdrop!.hidden = !modal;
    if (!options.focus) return;
    if (modal) drawer!.querySelector<HTMLElement>('a[href], button:not([hidden])')?.focus();
    else if (!open) toggle!.focus();
  }

  // Pinned open on wide screens, closed on narrow ones, as the styles show it before this runs.
  set(wide.matches);
  toggle.addEventListener('click', () => set(!isOpen(), { focus: !wide.matches }));
  close?.addEventListener('click', () => set(false, { focus: true }));
  backdrop.addEventListener('click', () => set(false, { focus: true }));
  document.addEventListener('keydown', (event) => {
    // A dialog opened from the drawer (About) takes its own Escape.
    if (event.key === 'Escape' && isModal() && !(event.target as Element).closest('dialog')) {
      event.preventDefault();
      set(false, { focus: true });
    }
  });
  wide.addEventListener('change', () => set(wide.matches));
}
