/**
 * THE folder tree's state, pure (./FolderTree.tsx draws it): each read folder's entries, the folders
 * open, the entry the keyboard is on; the rows a reader sees in order, and what a key does on them (the
 * WAI-ARIA tree pattern: Up/Down, Home/End, Right opens then enters, Left closes then goes to the parent,
 * Enter/Space chooses — or opens and closes a folder that may not be chosen).
 */
import { ROOT, type Doctype, type ListedItem } from '../../src/shared/api/documentation.ts';

/** One entry of a folder as the tree lists it. */
export interface TreeEntry {
  id: string;
  name: string;
  folder: boolean;
  /** Null for folders. */
  doctype: Doctype | null;
}

/** A folder's read: under way, failed, or its entries. */
export type Branch = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: readonly TreeEntry[] };

export interface TreeState {
  /** Each folder read (or being read), by id; the top is ROOT. */
  branches: Readonly<Record<string, Branch>>;
  /** The folders shown open (ROOT: the top entry, when the tree shows one). */
  open: ReadonlySet<string>;
  /** The entry the keyboard is on: the tree's one tab stop. */
  focus: string | undefined;
}

export type TreeAction =
  | { type: 'reading'; folderId: string }
  | { type: 'read'; folderId: string; entries: readonly TreeEntry[] }
  | { type: 'failed'; folderId: string }
  | { type: 'open'; ids: readonly string[] }
  | { type: 'close'; id: string }
  | { type: 'toggle'; id: string }
  | { type: 'focus'; id: string };

/** One visible row: its entry, the folder entry it is in (none at the top), its level (1 at the top). */
export interface TreeRow {
  entry: TreeEntry;
  parent: string | undefined;
  level: number;
  /** Its place among its folder's entries, from 1, and their number (aria-posinset, aria-setsize). */
  position: number;
  setSize: number;
  /** Open or not; undefined for a document. */
  expanded: boolean | undefined;
}

/** What a key does: move the focus, open, close, choose; nothing for other keys. */
export type TreeMove = { focus: string } | { open: string } | { close: string } | { toggle: string } | { choose: string } | undefined;

/** The entries a folder's listing gives the tree: its folders and documents of `doctypes`, in order. */
export function entriesOf(items: readonly ListedItem[], doctypes: readonly Doctype[]): TreeEntry[] {
  return items
    .filter((item) => item.kind === 'folder' || (item.doctype !== null && doctypes.includes(item.doctype)))
    .map((item) => ({ id: item.id, name: item.name, folder: item.kind === 'folder', doctype: item.doctype }));
}

/** A tree with the top's entries perhaps already read, and folders open at first (to show a deep choice). */
export function initialTree(options: { top?: readonly TreeEntry[]; open?: readonly string[]; focus?: string } = {}): TreeState {
  return {
    branches: options.top ? { [ROOT]: { status: 'ready', entries: options.top } } : {},
    open: new Set([ROOT, ...(options.open ?? [])]),
    focus: options.focus,
  };
}

export function treeReducer(state: TreeState, action: TreeAction): TreeState {
  switch (action.type) {
    case 'reading':
      return { ...state, branches: { ...state.branches, [action.folderId]: { status: 'loading' } } };
    case 'read':
      return { ...state, branches: { ...state.branches, [action.folderId]: { status: 'ready', entries: action.entries } } };
    case 'failed':
      return { ...state, branches: { ...state.branches, [action.folderId]: { status: 'failed' } } };
    case 'open': {
      const missing = action.ids.filter((id) => !state.open.has(id));
      return missing.length ? { ...state, open: new Set([...state.open, ...missing]) } : state;
    }
    case 'close': {
      if (!state.open.has(action.id)) return state;
      const open = new Set(state.open);
      open.delete(action.id);
      // A folder that could not be read is read again when it opens next.
      const branches = state.branches[action.id]?.status === 'failed' ? without(state.branches, action.id) : state.branches;
      return { ...state, open, branches };
    }
    case 'toggle':
      return treeReducer(state, state.open.has(action.id) ? { type: 'close', id: action.id } : { type: 'open', ids: [action.id] });
    case 'focus':
      return state.focus === action.id ? state : { ...state, focus: action.id };
  }
}

const without = (branches: TreeState['branches'], id: string) => Object.fromEntries(Object.entries(branches).filter(([key]) => key !== id));

/** The folders open with no read yet: the tree reads them (the top always). */
export function unread(state: TreeState): string[] {
  return [...state.open].filter((id) => state.branches[id] === undefined);
}

/**
 * The rows a reader sees, in order. `top`: an entry above the top-level entries standing for the whole
 * tree (its id ROOT, e.g. 'Whole organization'); without it the top-level entries are level 1.
 */
export function visibleRows(state: TreeState, top?: TreeEntry): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (folderId: string, parent: string | undefined, level: number) => {
    const branch = state.branches[folderId];
    if (branch?.status !== 'ready') return;
    branch.entries.forEach((entry, index) => {
      const expanded = entry.folder ? state.open.has(entry.id) : undefined;
      rows.push({ entry, parent, level, position: index + 1, setSize: branch.entries.length, expanded });
      if (expanded) walk(entry.id, entry.id, level + 1);
    });
  };
  if (!top) {
    walk(ROOT, undefined, 1);
    return rows;
  }
  const expanded = state.open.has(ROOT);
  rows.push({ entry: { ...top, id: ROOT, folder: true }, parent: undefined, level: 1, position: 1, setSize: 1, expanded });
  if (expanded) walk(ROOT, ROOT, 2);
  return rows;
}

/** The tab stop: the focused row if shown, else the chosen one if shown, else the first. */
export function tabStop(rows: readonly TreeRow[], focus: string | undefined, chosen: string | undefined): string | undefined {
  const shown = (id: string | undefined) => id !== undefined && rows.some((row) => row.entry.id === id);
  if (shown(focus)) return focus;
  if (shown(chosen)) return chosen;
  return rows[0]?.entry.id;
}

/** What `key` does on the row `id` (WAI-ARIA tree pattern); `choosable` says which entries may be chosen. */
export function keyMove(rows: readonly TreeRow[], id: string, key: string, choosable: (entry: TreeEntry) => boolean): TreeMove {
  const at = rows.findIndex((row) => row.entry.id === id);
  const row = rows[at];
  if (!row) return undefined;
  const focusAt = (index: number) => {
    const target = rows[index];
    return target && target.entry.id !== id ? { focus: target.entry.id } : undefined;
  };
  switch (key) {
    case 'ArrowDown':
      return focusAt(at + 1);
    case 'ArrowUp':
      return focusAt(at - 1);
    case 'Home':
      return focusAt(0);
    case 'End':
      return focusAt(rows.length - 1);
    case 'ArrowRight':
      if (row.expanded === false) return { open: id };
      // Open: into its first entry, once read.
      return row.expanded && rows[at + 1]?.parent === id ? focusAt(at + 1) : undefined;
    case 'ArrowLeft':
      if (row.expanded) return { close: id };
      return row.parent === undefined ? undefined : { focus: row.parent };
    case 'Enter':
    case ' ':
      if (choosable(row.entry)) return { choose: id };
      return row.entry.folder ? { toggle: id } : undefined;
    default:
      return undefined;
  }
}

/** The folder entries above `id` as the tree has read them, top first (none for a top-level entry or ROOT). */
export function pathTo(state: TreeState, id: string): TreeEntry[] {
  const parentOf = new Map<string, string>();
  const entryOf = new Map<string, TreeEntry>();
  for (const [folderId, branch] of Object.entries(state.branches)) {
    if (branch.status !== 'ready') continue;
    for (const entry of branch.entries) {
      parentOf.set(entry.id, folderId);
      entryOf.set(entry.id, entry);
    }
  }
  const path: TreeEntry[] = [];
  for (let parent = parentOf.get(id); parent !== undefined && parent !== ROOT && !path.some((p) => p.id === parent); parent = parentOf.get(parent)) {
    const entry = entryOf.get(parent);
    if (!entry) break;
    path.unshift(entry);
  }
  return path;
}
