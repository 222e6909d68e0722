/**
 * A folder's parts as the browse island draws them (islands/browse/FolderPage.tsx, on the server and in
 * the browser): its name, its breadcrumbs, the attributes of its items' `<rb-item-tile>` and the sort's words.
 */
import type { Folder, ListedItem } from '../api/documentation.ts';
import { browsePath, itemPath } from '../page-addresses.ts';
import type { Crumb } from './breadcrumbs.ts';

/** The root folder's name, wherever a folder is named (its breadcrumb, its heading). */
export const DOCUMENTATION = 'Documentation';
/** What an empty folder shows (documentation §2). */
export const EMPTY_FOLDER = '- - Empty - -';

/** The name a folder is shown by: the root is 'Documentation'. */
export const folderLabel = (folder: { parent_id: string | null; name: string }) => (folder.parent_id === null ? DOCUMENTATION : folder.name);

/**
 * Home › Documentation › ancestor folders › the folder (documentation §2). Every folder crumb is a drop
 * target; the folder itself is the page (no link).
 */
export function folderCrumbs(folder: Folder, rootId: string): Crumb[] {
  const atRoot = folder.parent_id === null;
  return [
    { label: 'Home', href: '/' },
    atRoot ? { label: DOCUMENTATION, current: true, folderId: rootId } : { label: DOCUMENTATION, href: browsePath(), folderId: rootId },
    // Ancestors come root first (when readable); the root is the 'Documentation' crumb itself.
    ...folder.ancestors.filter((a) => a.id !== rootId).map((a) => ({ label: a.name, href: browsePath(a.id), folderId: a.id })),
    ...(atRoot ? [] : [{ label: folder.name, current: true, folderId: folder.id }]),
  ];
}

/** A date in words, as the page writes dates (THE date and time: src/shared/date-time.ts, formatDateTime in the browser). */
export type DateText = (iso: string) => string;

/** The attributes of the item's `<rb-item-tile>` (elements/rb-item-tile/). */
export function tileAttributes(item: ListedItem, dateText: DateText): Record<string, string> {
  const modified = item.modified_at !== item.created_at;
  const date = modified ? item.modified_at : item.created_at;
  return {
    name: item.name,
    href: itemPath(item),
    kind: item.doctype ?? 'folder',
    ...(item.description ? { description: item.description } : {}),
    date,
    'date-text': dateText(date),
    ...(modified ? { modified: '' } : {}),
  };
}

/** The sort fields as the sort menu names them (documentation §2). */
const SORT_FIELD_NAMES: Readonly<Record<string, string>> = { name: 'Name', kind: 'Kind', created_at: 'Created', modified_at: 'Modified' };

/** A sort choice's label ('-created_at' → 'Created descending'): the sort button's and the sort menu's. */
export function sortLabel(key: string): string {
  const field = key.replace(/^-/, '');
  return `${SORT_FIELD_NAMES[field] ?? field} ${key.startsWith('-') ? 'descending' : 'ascending'}`;
}
