/**
 * The drawer's Documentation section (spec accounts §2 "Side drawer": an expandable Browse Documents
 * list of the root folders): the Browse Documents link, and below it a link to each folder of the
 * root, by name. The button beside the link folds the list away and back.
 *
 * The list follows the current organisation ($organisationId): it is loaded when there is one, again
 * whenever it changes (the home page's picker, creating one — without a page reload), and emptied when
 * there is none. It is loaded again too whenever `rb:folders-changed` is dispatched on document — the
 * folder browser dispatches it (`announceFoldersChanged()`) after creating, renaming, deleting,
 * restoring or moving folders.
 */
import type { ListedItem } from '../../shared/api/documentation.ts';
import type { PageReadName } from '../../shared/page-data.ts';
import { api } from '../../client/api.ts';
import { ROOT } from '../../shared/api/documentation.ts';
import { browsePath } from '../../shared/page-addresses.ts';
import { allPages } from '../../client/all-pages.ts';
import { FOLDERS_CHANGED } from '../../client/folders-changed.ts';
import { $organisationId } from '../../client/stores/session.ts';

/**
 * The folders of the root, by name: folders come first in the root's contents, so paging stops at the first
 * document. `pageRead`: the page's first read of them (its page data names it `drawer`), for the first page.
 */
export async function rootFolders(pageRead?: PageReadName): Promise<ListedItem[]> {
  const items = await allPages((page) => api.documentation.contents(ROOT, { ...page, ordering: ['kind', 'name'] }, page.skip === 0 ? pageRead : undefined), {
    stopAfter: (page) => page.some((item) => item.kind !== 'folder'),
  });
  return items.filter((item) => item.kind === 'folder');
}

function folderLink(folder: ListedItem, here: string): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.className = 'drawer-link drawer-folder';
  link.href = browsePath(folder.id);
  link.textContent = folder.name;
  link.title = folder.name;
  if (new URL(link.href).pathname === here) link.setAttribute('aria-current', 'page');
  item.append(link);
  return item;
}

/**
 * `first`: the root's folders asked for beside auth/me (the chrome starts it with the page's reads), used
 * for the first showing; undefined when they could not be read (e.g. no organisation yet). Call it once
 * the user is loaded.
 */
export function mountDrawerDocumentation(first?: Promise<ListedItem[] | undefined>): void {
  const list = document.getElementById('drawer-folders');
  const toggle = document.getElementById('drawer-folders-toggle');
  if (!list || !toggle) return;
  toggle.addEventListener('click', () => {
    const expanded = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(expanded));
    list.hidden = !expanded || list.childElementCount === 0;
  });

  let loading = 0;
  async function load(read: () => Promise<ListedItem[] | undefined> = () => rootFolders()): Promise<void> {
    const run = ++loading;
    const folders = await read().catch(() => undefined);
    if (!folders) return; // the link to the browser stays; the browser itself shows what went wrong
    if (run !== loading) return; // a later load (or another organisation) has started
    const here = location.pathname.replace(/\/+$/, '');
    list!.replaceChildren(...folders.map((folder) => folderLink(folder, here)));
    list!.hidden = folders.length === 0 || toggle!.getAttribute('aria-expanded') !== 'true';
  }
  function clear(): void {
    loading++;
    list!.replaceChildren();
    list!.hidden = true;
  }

  document.addEventListener(FOLDERS_CHANGED, () => {
    if ($organisationId.get()) void load();
  });
  let firstRead = first;
  // Without a current organisation there is no tree (the home page asks to choose one).
  $organisationId.subscribe((orgId) => {
    const read = firstRead;
    firstRead = undefined; // the early read belongs to the organisation of the first showing only
    if (!orgId) clear();
    else void load(read ? () => read : () => rootFolders());
  });
}
