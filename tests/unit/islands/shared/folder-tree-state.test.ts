import { describe, expect, it } from 'vitest';
import {
  entriesOf,
  initialTree,
  keyMove,
  pathTo,
  tabStop,
  treeReducer,
  unread,
  visibleRows,
  type TreeAction,
  type TreeEntry,
  type TreeState,
} from '../../../../islands/shared/folder-tree-state.ts';
import { ROOT, type ListedItem } from '../../../../src/shared/api/documentation.ts';

const folder = (id: string): TreeEntry => ({ id, name: `Folder ${id}`, folder: true, doctype: null });
const checklist = (id: string): TreeEntry => ({ id, name: `Checklist ${id}`, folder: false, doctype: 'form' });
const apply = (state: TreeState, ...actions: TreeAction[]) => actions.reduce(treeReducer, state);
const ids = (state: TreeState, top?: TreeEntry) => visibleRows(state, top).map((row) => row.entry.id);
const any = () => true;
const documentsOnly = (entry: TreeEntry) => !entry.folder;
const WHOLE = { id: ROOT, name: 'Whole organization', folder: true, doctype: null };

/** Top: a (b (c), d), x; a and b open, everything read. */
function deepTree(): TreeState {
  return apply(
    initialTree({ top: [folder('a'), checklist('x')], open: ['a', 'b'] }),
    { type: 'read', folderId: 'a', entries: [folder('b'), folder('d')] },
    { type: 'read', folderId: 'b', entries: [checklist('c')] },
  );
}

describe('entriesOf', () => {
  const item = (id: string, kind: 'folder' | 'document', doctype: ListedItem['doctype']) => ({ id, name: id, kind, doctype }) as ListedItem;
  const listing = [item('f', 'folder', null), item('c', 'document', 'form'), item('s', 'document', 'sheet')];

  it('keeps the folders and the documents of the doctypes asked for, in order', () => {
    expect(entriesOf(listing, ['form'])).toEqual([
      { id: 'f', name: 'f', folder: true, doctype: null },
      { id: 'c', name: 'c', folder: false, doctype: 'form' },
    ]);
  });

  it('folders only with no doctypes', () => {
    expect(entriesOf(listing, []).map((e) => e.id)).toEqual(['f']);
  });
});

describe('treeReducer and unread', () => {
  it('reads the top first, then each folder as it opens, once', () => {
    let state = initialTree();
    expect(unread(state)).toEqual([ROOT]);
    state = apply(state, { type: 'reading', folderId: ROOT });
    expect(unread(state)).toEqual([]);
    expect(ids(state)).toEqual([]);
    state = apply(state, { type: 'read', folderId: ROOT, entries: [folder('a')] }, { type: 'toggle', id: 'a' });
    expect(unread(state)).toEqual(['a']);
    state = apply(state, { type: 'read', folderId: 'a', entries: [] }, { type: 'toggle', id: 'a' }, { type: 'toggle', id: 'a' });
    expect(unread(state)).toEqual([]);
  });

  it('the top given by the page is not read again; revealed folders are read together', () => {
    const state = initialTree({ top: [folder('a')], open: ['a', 'b'] });
    expect(unread(state)).toEqual(['a', 'b']);
  });

  it('a folder that failed is read again when it opens next', () => {
    let state = apply(initialTree({ top: [folder('a')], open: ['a'] }), { type: 'failed', folderId: 'a' });
    expect(unread(state)).toEqual([]);
    state = apply(state, { type: 'close', id: 'a' }, { type: 'open', ids: ['a'] });
    expect(unread(state)).toEqual(['a']);
  });

  it('opening what is open and focusing what has the focus change nothing', () => {
    const state = deepTree();
    expect(treeReducer(state, { type: 'open', ids: ['a'] })).toBe(state);
    const focused = treeReducer(state, { type: 'focus', id: 'a' });
    expect(treeReducer(focused, { type: 'focus', id: 'a' })).toBe(focused);
  });
});

describe('visibleRows', () => {
  it('each open folder is followed by its entries, one level deeper, with their place and number', () => {
    const rows = visibleRows(deepTree());
    expect(rows.map((r) => [r.entry.id, r.level, r.parent, r.position, r.setSize, r.expanded])).toEqual([
      ['a', 1, undefined, 1, 2, true],
      ['b', 2, 'a', 1, 2, true],
      ['c', 3, 'b', 1, 1, undefined],
      ['d', 2, 'a', 2, 2, false],
      ['x', 1, undefined, 2, 2, undefined],
    ]);
  });

  it('a closed folder hides its subtree, and keeps what was open below it', () => {
    const state = apply(deepTree(), { type: 'close', id: 'a' });
    expect(ids(state)).toEqual(['a', 'x']);
    expect(ids(apply(state, { type: 'open', ids: ['a'] }))).toEqual(['a', 'b', 'c', 'd', 'x']);
  });

  it('a top entry stands above the top-level entries (ROOT), one level up', () => {
    const rows = visibleRows(deepTree(), WHOLE);
    expect(rows.map((r) => [r.entry.id, r.level, r.parent])).toEqual([
      [ROOT, 1, undefined],
      ['a', 2, ROOT],
      ['b', 3, 'a'],
      ['c', 4, 'b'],
      ['d', 3, 'a'],
      ['x', 2, ROOT],
    ]);
    expect(ids(apply(deepTree(), { type: 'close', id: ROOT }), WHOLE)).toEqual([ROOT]);
  });
});

describe('keyMove (the WAI-ARIA tree pattern)', () => {
  const rows = visibleRows(deepTree());

  it('Down and Up move through the visible rows and stop at the ends; Home and End', () => {
    expect(keyMove(rows, 'a', 'ArrowDown', any)).toEqual({ focus: 'b' });
    expect(keyMove(rows, 'c', 'ArrowDown', any)).toEqual({ focus: 'd' });
    expect(keyMove(rows, 'x', 'ArrowDown', any)).toBeUndefined();
    expect(keyMove(rows, 'd', 'ArrowUp', any)).toEqual({ focus: 'c' });
    expect(keyMove(rows, 'a', 'ArrowUp', any)).toBeUndefined();
    expect(keyMove(rows, 'c', 'Home', any)).toEqual({ focus: 'a' });
    expect(keyMove(rows, 'c', 'End', any)).toEqual({ focus: 'x' });
  });

  it('Right opens a closed folder, enters an open one, does nothing on a document', () => {
    expect(keyMove(rows, 'd', 'ArrowRight', any)).toEqual({ open: 'd' });
    expect(keyMove(rows, 'a', 'ArrowRight', any)).toEqual({ focus: 'b' });
    expect(keyMove(rows, 'c', 'ArrowRight', any)).toBeUndefined();
  });

  it('Right on an open folder not read yet, or empty, stays', () => {
    const state = apply(initialTree({ top: [folder('a'), folder('e')], open: ['a'] }), { type: 'reading', folderId: 'a' });
    expect(keyMove(visibleRows(state), 'a', 'ArrowRight', any)).toBeUndefined();
    const empty = apply(state, { type: 'read', folderId: 'a', entries: [] });
    expect(keyMove(visibleRows(empty), 'a', 'ArrowRight', any)).toBeUndefined();
  });

  it('Left closes an open folder, else goes to the parent; at the top it stays', () => {
    expect(keyMove(rows, 'b', 'ArrowLeft', any)).toEqual({ close: 'b' });
    expect(keyMove(rows, 'c', 'ArrowLeft', any)).toEqual({ focus: 'b' });
    expect(keyMove(rows, 'd', 'ArrowLeft', any)).toEqual({ focus: 'a' });
    expect(keyMove(rows, 'x', 'ArrowLeft', any)).toBeUndefined();
    const withTop = visibleRows(deepTree(), WHOLE);
    expect(keyMove(withTop, 'x', 'ArrowLeft', any)).toEqual({ focus: ROOT });
  });

  it('Enter and Space choose what may be chosen; on a folder that may not, they open or close it', () => {
    expect(keyMove(rows, 'c', 'Enter', documentsOnly)).toEqual({ choose: 'c' });
    expect(keyMove(rows, 'c', ' ', documentsOnly)).toEqual({ choose: 'c' });
    expect(keyMove(rows, 'a', 'Enter', documentsOnly)).toEqual({ toggle: 'a' });
    expect(keyMove(rows, 'a', ' ', any)).toEqual({ choose: 'a' });
    expect(keyMove(rows, 'c', 'Enter', () => false)).toBeUndefined();
  });

  it('other keys and unknown rows do nothing', () => {
    expect(keyMove(rows, 'a', 'Tab', any)).toBeUndefined();
    expect(keyMove(rows, 'gone', 'ArrowDown', any)).toBeUndefined();
  });
});

describe('tabStop', () => {
  const rows = visibleRows(deepTree());
  it('the focused row, else the chosen one, else the first — only among the rows shown', () => {
    expect(tabStop(rows, 'd', 'c')).toBe('d');
    expect(tabStop(rows, 'hidden', 'c')).toBe('c');
    expect(tabStop(rows, undefined, 'hidden')).toBe('a');
    expect(tabStop([], undefined, undefined)).toBeUndefined();
  });
});

describe('pathTo', () => {
  it('the folders above an entry as read, top first', () => {
    const state = deepTree();
    expect(pathTo(state, 'c').map((e) => e.id)).toEqual(['a', 'b']);
    expect(pathTo(state, 'd').map((e) => e.name)).toEqual(['Folder a']);
    expect(pathTo(state, 'a')).toEqual([]);
    expect(pathTo(state, ROOT)).toEqual([]);
    expect(pathTo(state, 'unknown')).toEqual([]);
  });
});
