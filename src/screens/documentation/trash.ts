/**
 * The trash (documentation §2 "Trash"): `/documentation/trash/{folderId}`, for org admins (the route's
 * org-admin guard sends anyone else home with the alert; issue #32). `1` (the spec's form) or `root` is the whole
 * trash; a folder id lists what was deleted from that folder. Breadcrumbs Home > Documentation >
 * ancestors > Trash; a grid of the deleted items, every page of them (100 per call), each with
 * Restore ('{name} successfully restored', and the tile leaves the grid); '- - Empty - -' when none.
 */
import type { Folder, TrashedItem } from '../../shared/api/documentation.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { announceFoldersChanged } from '../../client/folders-changed.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { ROOT } from '../../shared/api/documentation.ts';
import { trashPath } from '../../shared/page-addresses.ts';
import { pathSegment, trashFolderOf } from '../../client/addresses.ts';
import { allPages } from '../../client/all-pages.ts';
import { folderCrumbs, renderBreadcrumbs, type Crumb } from './breadcrumbs.ts';
import { failureText } from './failure.ts';
import { ITEM_KIND_LABELS, itemKindKey } from '../../shared/item-kinds.ts';
import { itemKindIcon } from './item-kind-icon.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { element } from '../../client/dom.ts';

export const restoredMessage = (name: string): string => `${name} successfully restored`;

/**
 * The folder (with the root's id: the page's first read, `folder`) and its trash, settled. The whole
 * trash's page reads the root for its id only, so it shows the trash all the same when it cannot.
 */
export const trashReads = (folderId: string) =>
  Promise.allSettled([
    folderId === ROOT ? api.documentation.folder(ROOT, 'folder').catch(() => undefined) : api.documentation.folder(folderId, 'folder'),
    allPages((page) => api.documentation.trash(folderId, page)),
  ]);

export async function mountTrash(): Promise<void> {
  const folderId = trashFolderOf(pathSegment(2)); // /documentation/trash/{folderId}
  // The folder and its trash leave together with auth/me (one API level).
  const {
    data: [folder, items],
  } = await signedInPage(() => trashReads(folderId));
  element('trash-status').textContent = '';
  const root = folder.status === 'fulfilled' ? (folder.value?.root_id ?? null) : null;
  renderBreadcrumbs(element('breadcrumbs'), trashCrumbs(folder.status === 'fulfilled' ? folder.value : undefined, root, folderId));
  const failed = folder.status === 'rejected' ? folder : items.status === 'rejected' ? items : undefined;
  if (failed) {
    element('trash-error').replaceChildren(failureText(failed.reason));
    return;
  }
  if (items.status === 'fulfilled') renderItems(items.value, root);
}

/** Home > Documentation > the folder's ancestors and the folder itself (not the root) > Trash. */
export function trashCrumbs(folder: Folder | undefined, rootId: string | null, folderId: string): Crumb[] {
  const folders = folder ? [...folder.ancestors, { id: folder.id, name: folder.name }] : [];
  return [...folderCrumbs(folders, rootId), { label: 'Trash', href: trashPath(folderId), current: true }];
}

/** The folder an item was in, as the breadcrumbs name it: the root is 'Documentation'. */
export function placeName(item: Pick<TrashedItem, 'folder_id' | 'folder_name'>, rootId: string | null): string | null {
  return item.folder_id !== null && item.folder_id === rootId ? 'Documentation' : item.folder_name;
}

/** A tile's Restore button, named for its item. */
function restoreButton(name: string): HTMLButtonElement {
  const restore = document.createElement('button');
  restore.type = 'button';
  restore.className = 'button secondary item-restore';
  restore.textContent = 'Restore';
  restore.setAttribute('aria-label', `Restore ${name}`);
  return restore;
}

function renderItems(items: TrashedItem[], rootId: string | null): void {
  const grid = element('trash-items');
  const empty = element('trash-empty');
  const showEmpty = () => {
    empty.hidden = grid.childElementCount > 0;
  };

  function tile(item: TrashedItem): HTMLLIElement {
    const kind = itemKindKey(item);
    const nameId = `trash-item-${item.id}`;
    const li = document.createElement('li');
    li.className = 'item-tile';
    const article = document.createElement('article');
    article.setAttribute('aria-labelledby', nameId);

    const head = document.createElement('div');
    head.className = 'item-tile-head';
    const titles = document.createElement('div');
    const name = document.createElement('h2');
    name.className = 'item-name';
    name.id = nameId;
    name.textContent = item.name;
    const kindText = document.createElement('p');
    kindText.className = 'item-kind';
    kindText.textContent = ITEM_KIND_LABELS[kind];
    titles.append(name, kindText);
    head.append(itemKindIcon(kind), titles);
    article.append(head);

    if (item.description.trim() !== '') {
      const description = document.createElement('p');
      description.className = 'item-description';
      description.textContent = item.description;
      article.append(description);
    }

    const facts = document.createElement('dl');
    facts.className = 'item-facts';
    const fact = (term: string, ...value: (string | Node)[]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.append(...value);
      facts.append(dt, dd);
    };
    fact('Deleted', timeElement(item.deleted_at, formatDateTime(item.deleted_at)), ...(item.deleted_by_username ? [` by ${item.deleted_by_username}`] : []));
    const place = placeName(item, rootId);
    if (place !== null) fact('Was in', place);
    article.append(facts);

    const restore = restoreButton(item.name);
    restore.addEventListener('click', () => void restoreItem(item, li, restore));
    article.append(restore);
    li.append(article);
    return li;
  }

  async function restoreItem(item: TrashedItem, li: HTMLLIElement, button: HTMLButtonElement): Promise<void> {
    button.disabled = true;
    try {
      await (item.kind === 'folder' ? api.documentation.restoreFolder(item.id) : api.documentation.restoreDocument(item.id));
    } catch (err) {
      button.disabled = false;
      showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
      return;
    }
    showAlert('success', restoredMessage(item.name));
    if (item.kind === 'folder') announceFoldersChanged();
    // Focus moves on to the next tile's Restore (or the previous one's, or the heading).
    const next = (li.nextElementSibling ?? li.previousElementSibling)?.querySelector<HTMLElement>('.item-restore');
    li.remove();
    showEmpty();
    (next ?? element('trash-heading')).focus();
  }

  grid.replaceChildren(...items.map(tile));
  showEmpty();
}
