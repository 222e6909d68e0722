/**
 * THE folder tree (role tree, the WAI-ARIA tree pattern; state in ./folder-tree-state.ts): the
 * organisation's folders, each read when it first opens (every page of it: allPages), with the documents
 * of the doctypes asked for; one entry chosen (aria-selected) by click, Enter or Space. Used by the sheet
 * editor's Add Checklist (folders and checklists, checklists chosen) and the webhook form (folders only,
 * any folder or the whole organisation chosen). Its look: ./folder-tree.css (imported by the area's CSS).
 */
import { useEffect, useId, useReducer, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { api } from '../../src/client/api.ts';
import { allPages } from '../../src/client/all-pages.ts';
import { ROOT, type Doctype } from '../../src/shared/api/documentation.ts';
import {
  entriesOf,
  initialTree,
  keyMove,
  pathTo,
  tabStop,
  treeReducer,
  unread,
  visibleRows,
  type TreeEntry,
  type TreeRow,
} from './folder-tree-state.ts';

export type { TreeEntry } from './folder-tree-state.ts';

export const LOADING = 'Loading…';
export const FOLDER_UNREADABLE = 'This folder could not be read.';
export const EMPTY_FOLDER = '- - Empty - -';

/**
 * A folder's entries for the tree, every page of them in the folders-first order; with no doctypes
 * (folders only), the reading stops at the first page that holds a document.
 */
export async function readFolderEntries(folderId: string, doctypes: readonly Doctype[]): Promise<TreeEntry[]> {
  const items = await allPages(
    // Its own order of parameters, not the drawer's: on an admin page the drawer reads the root too, later.
    ({ skip, limit }) => api.documentation.contents(folderId, { ordering: ['kind', 'name'], skip, limit }),
    doctypes.length === 0 ? { stopAfter: (page) => page.some((item) => item.kind !== 'folder') } : {},
  );
  return entriesOf(items, doctypes);
}

interface Props {
  /** The id of the element naming the tree. */
  labelledBy: string;
  describedBy?: string;
  /** The documents listed beside the folders ([] for folders only). */
  doctypes: readonly Doctype[];
  /** Which entries may be chosen. */
  choosable: (entry: TreeEntry) => boolean;
  /** A word shown beside an entry (e.g. 'already selected'); an entry with one may not be chosen. */
  note?: (entry: TreeEntry) => string | undefined;
  /** The chosen entry's id (ROOT for the top entry). */
  chosen: string | undefined;
  /** The path: the folders above the entry as the tree read them, top first. */
  onChoose: (entry: TreeEntry, path: readonly TreeEntry[]) => void;
  /** An entry above the top-level folders standing for all of them (chosen as ROOT), e.g. 'Whole organization'. */
  topLabel?: string;
  /** The top-level entries when the page has read them already. */
  topEntries?: readonly TreeEntry[];
  /** Folders to open (top first), to show a chosen entry deep in the tree; may arrive later. */
  reveal?: readonly string[];
}

export function FolderTree({ labelledBy, describedBy, doctypes, choosable, note, chosen, onChoose, topLabel, topEntries, reveal }: Props) {
  const [state, dispatch] = useReducer(treeReducer, undefined, () => initialTree({ top: topEntries, open: reveal, focus: chosen }));
  const base = useId();
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

  // Once the revealed choice is shown, its box scrolls to it (not the page: the choice may be far down a long tree).
  const revealed = useRef(false);
  const chosenShown = chosen !== undefined && reveal !== undefined && [ROOT, ...reveal].every((id) => state.branches[id]?.status === 'ready');
  useEffect(() => {
    if (!chosenShown || revealed.current || chosen === undefined) return;
    const row = tree.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(chosen)}"] > .folder-tree-row`);
    if (!row) return;
    revealed.current = true;
    scrollIntoBox(row);
  }, [chosenShown, chosen]);

  const top = topLabel === undefined ? undefined : { id: ROOT, name: topLabel, folder: true, doctype: null };
  const rows = visibleRows(state, top);
  const stop = tabStop(rows, state.focus, chosen);
  const mayChoose = (entry: TreeEntry) => !note?.(entry) && choosable(entry);
  const choose = (entry: TreeEntry) => onChoose(entry, pathTo(state, entry.id));

  const focusEntry = (id: string) => {
    dispatch({ type: 'focus', id });
    tree.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-entry]')?.dataset.entry;
    if (id === undefined) return;
    const move = keyMove(rows, id, event.key, mayChoose);
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    if ('focus' in move) focusEntry(move.focus);
    else if ('open' in move) dispatch({ type: 'open', ids: [move.open] });
    else if ('close' in move) dispatch({ type: 'close', id: move.close });
    else if ('toggle' in move) dispatch({ type: 'toggle', id: move.toggle });
    else {
      const row = rows.find((r) => r.entry.id === move.choose);
      if (row) choose(row.entry);
    }
  };

  const status = (folderId: string): ReactNode => {
    const branch = state.branches[folderId];
    if (!branch || branch.status === 'loading') return <p className="loading-text folder-tree-status">{LOADING}</p>;
    if (branch.status === 'failed')
      return (
        <p className="error-text folder-tree-status" role="alert">
          {FOLDER_UNREADABLE}
        </p>
      );
    return branch.entries.length === 0 ? <p className="empty-text folder-tree-status">{EMPTY_FOLDER}</p> : undefined;
  };

  // Rows come in order with their levels: each open folder's entries follow it, one level deeper.
  const renderLevel = (from: number, level: number): [ReactNode[], number] => {
    const items: ReactNode[] = [];
    let index = from;
    while (index < rows.length && rows[index]!.level === level) {
      const row = rows[index]!;
      let children: ReactNode[] = [];
      index += 1;
      if (row.expanded) [children, index] = renderLevel(index, level + 1);
      items.push(renderRow(row, children));
    }
    return [items, index];
  };

  const renderRow = (row: TreeRow, children: ReactNode[]) => {
    const { entry } = row;
    const word = note?.(entry);
    const canChoose = mayChoose(entry);
    const labelId = `${base}-${entry.id}`;
    const toggle = (event: MouseEvent) => {
      event.stopPropagation();
      focusEntry(entry.id);
      dispatch({ type: 'toggle', id: entry.id });
    };
    const onRowClick = () => {
      focusEntry(entry.id);
      if (canChoose) choose(entry);
      else if (entry.folder) dispatch({ type: 'toggle', id: entry.id });
    };
    const inner = row.expanded ? status(entry.id) : undefined;
    return (
      <li
        key={entry.id}
        role="treeitem"
        data-entry={entry.id}
        className={`folder-tree-item${word ? ' taken' : ''}`}
        tabIndex={stop === entry.id ? 0 : -1}
        aria-level={row.level}
        aria-posinset={row.position}
        aria-setsize={row.setSize}
        aria-expanded={row.expanded}
        aria-selected={canChoose || word ? chosen === entry.id : undefined}
        aria-disabled={word ? true : undefined}
        aria-labelledby={labelId}
        aria-describedby={word ? `${labelId}-note` : undefined}
        aria-busy={row.expanded && state.branches[entry.id]?.status === 'loading' ? true : undefined}
      >
        {/* The row answers the pointer; the keyboard is the tree's (onKeyDown). */}
        <span className={`folder-tree-row${entry.folder ? ' folder' : ''}${chosen === entry.id ? ' chosen' : ''}`} onClick={onRowClick}>
          <span className="folder-tree-twisty" aria-hidden="true" onClick={entry.folder ? toggle : undefined}>
            {entry.folder ? (row.expanded ? '▾' : '▸') : ''}
          </span>
          <span className="folder-tree-text">
            <span className="folder-tree-name" id={labelId}>
              {entry.name}
            </span>
            {word && (
              <span className="folder-tree-note" id={`${labelId}-note`}>
                {word}
              </span>
            )}
          </span>
        </span>
        {inner}
        {children.length > 0 && <ul role="group">{children}</ul>}
      </li>
    );
  };

  if (!top) {
    const first = status(ROOT);
    if (first) return <div className="folder-tree">{first}</div>;
  }
  return (
    <ul ref={tree} className="folder-tree" role="tree" aria-labelledby={labelledBy} aria-describedby={describedBy} onKeyDown={onKeyDown}>
      {renderLevel(0, 1)[0]}
    </ul>
  );
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
