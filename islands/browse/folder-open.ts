/**
 * Opening a folder in one round trip: the folder (with its ancestors and the root's id, which ancestor the
 * breadcrumbs call 'Documentation': GET documentation/folders/{id}) and the first page of its contents
 * are asked for together. The browse page's own script starts the folder of the address at once,
 * together with auth/me (`openAddressedFolder`), long before React has loaded; the island takes that
 * opening over (./mount.ts). When the server drew the folder into the page, the opening is in the default
 * sort it drew, answered from the page data block: the island hydrates the drawing from it, and its next
 * load, in the sort this browser remembers, takes the contents the bootstrap sent in it (`folderLoads`).
 */
import { api } from '../../src/client/api.ts';
import { signedInPage } from '../../src/client/signed-in-user.ts';
import { DEFAULT_PAGE_SIZE, ROOT, type Folder, type ListedItem } from '../../src/shared/api/documentation.ts';
import type { List } from '../../src/shared/api/list.ts';
import type { SortOrder } from './sort-orders.ts';

export interface OpenedFolder {
  folder: Folder;
  /** The root folder's id (the 'Documentation' crumb); ROOT when the caller may not Read the root. */
  rootId: string;
  /** The first page of the contents, in `ordering`. */
  first: List<ListedItem>;
}

/** The folder id in the address (/documentation/browse/{folderId}); the root when there is none. */
export function folderIdFromAddress(path: string = location.pathname): string {
  const match = /^\/documentation\/browse\/([^/]+)\/?$/.exec(path);
  if (!match) return ROOT;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/**
 * The folder, its ancestors and the first page of its contents: every request at once, one round trip.
 * `named`: the reads are the page's first (its page data's `folder` and `contents`), taken from it when it has them.
 */
export async function openFolder(folderId: string, ordering: readonly string[], named = false): Promise<OpenedFolder> {
  const [folder, first] = await Promise.all([
    api.documentation.folder(folderId, named ? 'folder' : undefined),
    api.documentation.contents(folderId, { ordering, limit: DEFAULT_PAGE_SIZE }, named ? 'contents' : undefined),
  ]);
  return { folder, first, rootId: folder.root_id ?? ROOT };
}

interface Opening {
  folderId: string;
  ordering: readonly string[];
  opened: Promise<OpenedFolder>;
}
let started = false;
let addressed: Opening | undefined;

/** Starts opening the folder of the address in `sort`, beside auth/me (the page script's first call). */
export function openAddressedFolder({ ordering }: SortOrder): void {
  if (started) return;
  started = true;
  const folderId = folderIdFromAddress();
  let opened!: Promise<OpenedFolder>;
  void signedInPage(() => (opened = openFolder(folderId, ordering, true))).catch(() => undefined);
  if (opened) {
    opened.catch(() => undefined); // the island reads the failure when it takes the opening over
    addressed = { folderId, ordering, opened };
  }
}

/**
 * The loads of a folder browser (./use-folder.ts), each a folder and sort: the first is the opening the
 * server drew the page from (`drawn`, taken over in place) or else the one the page started; the one right
 * after a drawn opening — the re-sort to the sort this browser remembers, once the drawing is taken over —
 * names its reads, so it takes the `contents` the bootstrap sent in that sort (src/client/page-data-bootstrap.js)
 * instead of a round trip. Every later load asks the network.
 */
export function folderLoads(drawn?: OpenedFolder): (folderId: string, ordering: readonly string[]) => { drawn: boolean; opened: Promise<OpenedFolder> } {
  let loads = 0;
  return (folderId, ordering) => {
    loads += 1;
    if (loads === 1 && drawn) return { drawn: true, opened: Promise.resolve(drawn) };
    return { drawn: false, opened: takeAddressedOpening(folderId, ordering) ?? openFolder(folderId, ordering, loads === 2 && drawn !== undefined) };
  };
}

/** The opening started by the page for this folder and sort, once (a later load asks afresh). */
export function takeAddressedOpening(folderId: string, ordering: readonly string[]): Promise<OpenedFolder> | undefined {
  const opening = addressed;
  addressed = undefined;
  if (!opening || opening.folderId !== folderId || opening.ordering.join() !== ordering.join()) return undefined;
  return opening.opened;
}
