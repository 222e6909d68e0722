/**
 * One entry of THE folder tree (./FolderTree.tsx): a treeitem with its row (twisty, name, note), what its open
 * folder says (loading, unreadable, empty) and its open folder's entries. The row answers the pointer; the
 * keyboard is the tree's.
 */
import type { MouseEvent, ReactNode } from 'react';
import type { TreeRow } from './folder-tree-state.ts';

interface Props {
  row: TreeRow;
  /** The id its name is given, and its note `${labelId}-note`. */
  labelId: string;
  /** A word shown beside it (then it may not be chosen). */
  note: string | undefined;
  canChoose: boolean;
  chosen: boolean;
  tabStop: boolean;
  loading: boolean;
  /** What its open folder says instead of (or before) entries. */
  status: ReactNode;
  children: ReactNode[];
  onFocus: () => void;
  onChoose: () => void;
  onToggle: () => void;
}

export function FolderTreeItem({ row, labelId, note, canChoose, chosen, tabStop, loading, status, children, onFocus, onChoose, onToggle }: Props) {
  const { entry } = row;
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onFocus();
    onToggle();
  };
  const onRowClick = () => {
    onFocus();
    if (canChoose) onChoose();
    else if (entry.folder) onToggle();
  };
  return (
    <li
      role="treeitem"
      data-entry={entry.id}
      className={`folder-tree-item${note ? ' taken' : ''}`}
      tabIndex={tabStop ? 0 : -1}
      aria-level={row.level}
      aria-posinset={row.position}
      aria-setsize={row.setSize}
      aria-expanded={row.expanded}
      aria-selected={canChoose || note ? chosen : undefined}
      aria-disabled={note ? true : undefined}
      aria-labelledby={labelId}
      aria-describedby={note ? `${labelId}-note` : undefined}
      aria-busy={row.expanded && loading ? true : undefined}
    >
      {/* The row answers the pointer; the keyboard is the tree's (onKeyDown). */}
      <span className={`folder-tree-row${entry.folder ? ' folder' : ''}${chosen ? ' chosen' : ''}`} onClick={onRowClick}>
        <span className="folder-tree-twisty" aria-hidden="true" onClick={entry.folder ? toggle : undefined}>
          {entry.folder ? (row.expanded ? '▾' : '▸') : ''}
        </span>
        <span className="folder-tree-text">
          <span className="folder-tree-name" id={labelId}>
            {entry.name}
          </span>
          {note && (
            <span className="folder-tree-note" id={`${labelId}-note`}>
              {note}
            </span>
          )}
        </span>
      </span>
      {status}
      {children.length > 0 && <ul role="group">{children}</ul>}
    </li>
  );
}
