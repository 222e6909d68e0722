/**
 * THE folder tree (role tree, the WAI-ARIA tree pattern; state in ./folder-tree-state.ts): the
 * organisation's folders, each read when it first opens (every page of it: allPages), with the documents
 * of the doctypes asked for; one entry chosen (aria-selected) by click, Enter or Space. Used by the sheet
 * editor's Add Checklist (folders and checklists, checklists chosen) and the webhook form (folders only,
 * any folder or the whole organisation chosen). Its look: ./folder-tree.css (imported by the area's CSS).
 */
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { ROOT, type Doctype } from '../../src/shared/api/documentation.ts';
import { keyMove, pathTo, tabStop, visibleRows, type Branch, type TreeAction, type TreeEntry, type TreeRow } from './folder-tree-state.ts';
import { FolderTreeItem } from './FolderTreeItem.tsx';
import { useFolderTree } from './use-folder-tree.ts';

export type { TreeEntry } from './folder-tree-state.ts';
export { readFolderEntries } from './use-folder-tree.ts';

export const LOADING = 'Loading…';
export const FOLDER_UNREADABLE = 'This folder could not be read.';
export const EMPTY_FOLDER = '- - Empty - -';

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
  const { state, dispatch, tree } = useFolderTree({ doctypes, chosen, topEntries, reveal });
  const base = useId();
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
    else if ('choose' in move) {
      const row = rows.find((r) => r.entry.id === move.choose);
      if (row) choose(row.entry);
    } else dispatch(moveAction(move));
  };

  const renderRow = (row: TreeRow, children: ReactNode[]) => {
    const { entry } = row;
    return (
      <FolderTreeItem
        key={entry.id}
        row={row}
        labelId={`${base}-${entry.id}`}
        note={note?.(entry)}
        canChoose={mayChoose(entry)}
        chosen={chosen === entry.id}
        tabStop={stop === entry.id}
        loading={state.branches[entry.id]?.status === 'loading'}
        status={row.expanded ? branchStatus(state.branches[entry.id]) : undefined}
        onFocus={() => focusEntry(entry.id)}
        onChoose={() => choose(entry)}
        onToggle={() => dispatch({ type: 'toggle', id: entry.id })}
      >
        {children}
      </FolderTreeItem>
    );
  };

  if (!top) {
    const first = branchStatus(state.branches[ROOT]);
    if (first) return <div className="folder-tree">{first}</div>;
  }
  return (
    <ul ref={tree} className="folder-tree" role="tree" aria-labelledby={labelledBy} aria-describedby={describedBy} onKeyDown={onKeyDown}>
      {renderLevel(rows, 0, 1, renderRow)[0]}
    </ul>
  );
}

/** A key's move that changes what is open (focus and choose are the tree's own). */
function moveAction(move: { open: string } | { close: string } | { toggle: string }): TreeAction {
  if ('open' in move) return { type: 'open', ids: [move.open] };
  if ('close' in move) return { type: 'close', id: move.close };
  return { type: 'toggle', id: move.toggle };
}

/** What an open folder says instead of (or before) its entries: loading, unreadable, empty; nothing once it has entries. */
function branchStatus(branch: Branch | undefined): ReactNode {
  if (!branch || branch.status === 'loading') return <p className="loading-text folder-tree-status">{LOADING}</p>;
  if (branch.status === 'failed')
    return (
      <p className="error-text folder-tree-status" role="alert">
        {FOLDER_UNREADABLE}
      </p>
    );
  return branch.entries.length === 0 ? <p className="empty-text folder-tree-status">{EMPTY_FOLDER}</p> : undefined;
}

/** Rows come in order with their levels: each open folder's entries follow it, one level deeper. */
function renderLevel(rows: readonly TreeRow[], from: number, level: number, renderRow: (row: TreeRow, children: ReactNode[]) => ReactNode): [ReactNode[], number] {
  const items: ReactNode[] = [];
  let index = from;
  while (index < rows.length && rows[index]!.level === level) {
    const row = rows[index]!;
    let children: ReactNode[] = [];
    index += 1;
    if (row.expanded) [children, index] = renderLevel(rows, index, level + 1, renderRow);
    items.push(renderRow(row, children));
  }
  return [items, index];
}
