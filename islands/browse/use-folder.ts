/**
 * The open folder and ALL its contents: the folder and its first page arrive together (./folder-open.ts),
 * then pages of 100 are fetched one after another until `total` is reached (documentation §7, §9), so a
 * folder of any size shows every item. A later load (another sort, a refresh) cancels the pages of an
 * earlier one still arriving.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../src/client/api.ts';
import { DEFAULT_PAGE_SIZE, type Folder, type ListedItem } from '../../src/shared/api/documentation.ts';
import { openFolder, takeAddressedOpening } from './folder-open.ts';

export type FolderState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; folder: Folder; rootId: string; items: ListedItem[]; complete: boolean };

export function useFolder(folderId: string, ordering: readonly string[]): { state: FolderState; reload: () => void } {
  const [state, setState] = useState<FolderState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadCount = useRef(0);

  useEffect(() => {
    const load = ++loadCount.current;
    const current = () => load === loadCount.current;
    (async () => {
      // The first load takes over the opening the page started beside auth/me.
      const { folder, first, rootId } = await (takeAddressedOpening(folderId, ordering) ?? openFolder(folderId, ordering));
      if (!current()) return;
      let items = first.results;
      setState({ status: 'ready', folder, rootId, items, complete: items.length >= first.total });
      while (items.length < first.total) {
        const page = await api.documentation.contents(folderId, { ordering, skip: items.length, limit: DEFAULT_PAGE_SIZE });
        if (!current()) return;
        if (page.results.length === 0) break;
        items = [...items, ...page.results];
        setState({ status: 'ready', folder, rootId, items, complete: items.length >= page.total });
      }
      setState({ status: 'ready', folder, rootId, items, complete: true });
    })().catch((err: unknown) => {
      if (current()) setState({ status: 'failed', error: err });
    });
  }, [folderId, ordering, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { state, reload };
}
