/**
 * THE folder tree's state and reading (./FolderTree.tsx; the pure part in ./folder-tree-state.ts): each folder read
 * when it first opens, the folders to reveal opened, and the revealed choice scrolled into its box once shown.
 */
import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { api } from '../../src/client/api.ts';
import { allPages } from '../../src/client/all-pages.ts';
import { ROOT, type Doctype } from '../../src/shared/api/documentation.ts';
import type { PageReadName } from '../../src/shared/page-data.ts';
import { entriesOf, initialTree, treeReducer, unread, type TreeEntry, type TreeState } from './folder-tree-state.ts';

/**
 * A folder's entries for the tree, every page of them in the folders-first order; with no doctypes
 * (folders only), the reading stops at the first page that holds a document.
 */
export async function readFolderEntries(folderId: string, doctypes: readonly Doctype[], pageRead?: PageReadName): Promise<TreeEntry[]> {
  const items = await allPages(
    // `pageRead`: the first page is the page's first read of that name (a webhook's folder choices).
    ({ skip, limit }) => api.documentation.contents(folderId, { ordering: ['kind', 'name'], skip, limit }, skip === 0 ? pageRead : undefined),
    doctypes.length === 0 ? { stopAfter: (page) => page.some((item) => item.kind !== 'folder') } : {},
  );
  return entriesOf(items, doctypes);
}

interface Options {
  doctypes: readonly Doctype[];
  chosen: string | undefined;
  topEntries?: readonly TreeEntry[];
  reveal?: readonly string[];
}

export function useFolderTree({ doctypes, chosen, topEntries, reveal }: Options) {
  const [state, dispatch] = useReducer(treeReducer, undefined, () => initialTree({ top: topEntries, open: reveal, focus: chosen }));
  const tree = useRef<HTMLUListElement>(null);
  const live = useRef(true);
  // What the tree lists is fixed for its life.
  const listed = useRef(doctypes).current;

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  useEffect(() => {
    if (reveal?.length) dispatch({ type: 'open', ids: reveal });
  }, [reveal]);

  useEffect(() => {
    for (const folderId of unread(state)) {
      dispatch({ type: 'reading', folderId });
      readFolderEntries(folderId, listed).then(
        (entries) => live.current && dispatch({ type: 'read', folderId, entries }),
        () => live.current && dispatch({ type: 'failed', folderId }),
      );
    }
  }, [state, listed]);

  useRevealScroll(tree, state, chosen, reveal);
  return { state, dispatch, tree };
}

/** Once the revealed choice is shown, its box scrolls to it (not the page: the choice may be far down a long tree). */
function useRevealScroll(tree: RefObject<HTMLUListElement | null>, state: TreeState, chosen: string | undefined, reveal: readonly string[] | undefined) {
  const revealed = useRef(false);
  const chosenShown = chosen !== undefined && reveal !== undefined && [ROOT, ...reveal].every((id) => state.branches[id]?.status === 'ready');
  useEffect(() => {
    if (!chosenShown || revealed.current || chosen === undefined) return;
    const row = tree.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(chosen)}"] > .folder-tree-row`);
    if (!row) return;
    revealed.current = true;
    scrollIntoBox(row);
  }, [tree, chosenShown, chosen]);
}

/** Scrolls the nearest scrolling box around `element` so that it shows, leaving the page where it is. */
function scrollIntoBox(element: HTMLElement) {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY !== 'auto' && overflowY !== 'scroll') || box.scrollHeight <= box.clientHeight) continue;
    const inBox = element.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (inBox < box.scrollTop || inBox + element.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = inBox - (box.clientHeight - element.offsetHeight) / 2;
    return;
  }
}
