/**
 * A signed-in shell whose page the server has drawn (./folder.ts, ./home.ts, ./document-view.ts) is served
 * shown: the skeleton that stands in for the page until the chrome's module knows the user
 * (SignedInLayout.astro, src/screens/chrome/signed-in-chrome.ts `reveal`) is left out, and the page's
 * content is not hidden nor the main region busy — what the chrome's `reveal` does when it runs, done in the
 * HTML (it then finds nothing to change). Only for a page drawn from its answers: auth/me said who it is for.
 */
import type { ShellEdits } from './shell-edits.ts';

export const REVEAL_PAGE: ShellEdits = {
  '#page-skeleton': { remove: true },
  '#page-content': { attributes: { hidden: null } },
  '#main': { attributes: { 'aria-busy': null } },
};
