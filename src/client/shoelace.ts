/**
 * Shoelace for the islands: where its assets (icons) are served, and where its own `system` icons come
 * from. Import this module once, before any Shoelace component renders an icon; components themselves
 * are imported one by one where they are used.
 *
 * The `system` library (a dialog's close X, a checkbox's tick, chevrons, the select's caret) hands out
 * `data:` addresses that <sl-icon> fetch()es, which the Content-Security-Policy (connect-src 'self')
 * refuses. It is registered again here to answer files of our origin instead, written at build time
 * from the installed Shoelace's own icons (scripts/copy-shoelace-assets.mjs) and precached by the
 * service worker for offline use.
 */
import { setBasePath } from '@shoelace-style/shoelace/dist/utilities/base-path.js';
import { registerIconLibrary } from '@shoelace-style/shoelace/dist/utilities/icon-library.js';

export const SHOELACE_BASE = '/shoelace';

/** The address of one of Shoelace's system icons (e.g. 'x-lg' → /shoelace/assets/system-icons/x-lg.svg). */
export const systemIconAddress = (name: string): string => `${SHOELACE_BASE}/assets/system-icons/${encodeURIComponent(name)}.svg`;

setBasePath(SHOELACE_BASE);
registerIconLibrary('system', { resolver: systemIconAddress });
