/**
 * A signed-in shell whose page the server has drawn (./folder.ts, ./home.ts) is served shown: the
 * skeleton that stands in for the page until the chrome's module knows the user (SignedInLayout.astro,
 * src/screens/chrome/signed-in-chrome.ts `reveal`) is left out, and the page's content is not hidden
 * nor the main region busy — what the chrome's `reveal` does when it runs, done in the HTML (it then
 * finds nothing to change). Only for a page drawn from its answers: auth/me said who it is for.
 */
const SKELETON = /<div class="page-skeleton" id="page-skeleton"[^>]*>(?:\s*<div[^>]*><\/div>)*\s*<\/div>/;
const CONTENT = /(<div class="page-content" id="page-content"[^>]*?)\shidden(?=[\s>])/;
const MAIN_BUSY = /(<main class="chrome-main" id="main"[^>]*?)\saria-busy="true"/;

export function revealPage(html: string): string {
  if (!SKELETON.test(html) || !CONTENT.test(html)) return html;
  return html.replace(SKELETON, '').replace(CONTENT, '$1').replace(MAIN_BUSY, '$1');
}
