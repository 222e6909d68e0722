/**
 * The open folder and ALL its contents: the folder and its first page arrive together (./folder-open.ts),
 * then pages of 100 are fetched one after another until `total` is reached (documentation §7, §9), so a
 * folder of any size shows every item. A later load (another sort, a refresh) cancels the pages of an
 * earlier one still arriving.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../src/client/api.ts';
import { DEFAULT_PAGE_SIZE, type Folder, type ListedItem } from '../../src/shared/api/documentation.ts';
import { folderLoads, type OpenedFolder } from './folder-open.ts';

export type FolderState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; folder: Folder; rootId: string; items: ListedItem[]; complete: boolean };

/** The state of a folder opened already: its first page, and whether that is all of it. */
const readyState = ({ folder, rootId, first }: OpenedFolder): FolderState => ({ status: 'ready', folder, rootId, items: first.results, complete: first.results.length >= first.total });

/** `drawn`: the opening the server drew the page from (./BrowseFolder.tsx hydrates it): the first state, and the first load's start. */
export function useFolder(folderId: string, ordering: readonly string[], drawn?: OpenedFolder): { state: FolderState; reload: () => void } {
  const [state, setState] = useState<FolderState>(() => (drawn ? readyState(drawn) : { status: 'loading' }));
  const loads = useRef<ReturnType<typeof folderLoads>>(undefined);
  loads.current ??= folderLoads(drawn);
  const [generation, setGeneration] = useState(0);
  const loadCount = useRef(0);

  useEffect(() => {
    const load = ++loadCount.current;
    const current = () => load === loadCount.current;
    (async () => {
      // The first load takes over the opening the page was drawn from, or the one it started beside auth/me;
      // the re-sort right after a drawn one takes the contents the page sent early in this browser's sort.
      const opening = loads.current!(folderId, ordering);
      const { folder, first: page, rootId } = await opening.opened;
      if (!current()) return;
      let items = page.results;
      if (!opening.drawn) setState(readyState({ folder, rootId, first: page }));
      while (items.length < page.total) {
        const next = await api.documentation.contents(folderId, { ordering, skip: items.length, limit: DEFAULT_PAGE_SIZE });
        if (!current()) return;
        if (next.results.length === 0) break;
        items = [...items, ...next.results];
        setState({ status: 'ready', folder, rootId, items, complete: items.length >= next.total });
      }
      setState({ status: 'ready', folder, rootId, items, complete: true });
    })().catch((err: unknown) => {
      if (current()) setState({ status: 'failed', error: err });
    });
  }, [folderId, ordering, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
