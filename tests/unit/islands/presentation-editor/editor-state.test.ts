import { describe, expect, it } from 'vitest';
import {
  editPresentation,
  initialState,
  readContents,
  savedContents,
  type EditorAction,
  type EditorState,
} from '../../../../islands/presentation-editor/editor-state.ts';
import type { Page, PresentationContents } from '../../../../src/shared/presentations/model.ts';

const page = (pageID: string, media = `up-${pageID}`): Page => ({
  pageID,
  description: '',
  content_type: 'image/jpeg',
  media,
  media_thumb: media ? `${media}-thumb` : null,
  filename: `${pageID}.jpg`,
  size: 10,
  lastModified: 1,
  shapes: [],
});
const contentsOf = (...pages: Page[]): PresentationContents => ({
  pages: Object.fromEntries(pages.map((p) => [p.pageID, p])),
  page_index: pages.map((p) => p.pageID),
});
const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editPresentation, state);
const file = { content_type: 'image/jpeg', filename: 'new.jpg', size: 5, lastModified: 2 };
const box = { x: 10, y: 10, width: 60, height: 60, rotation: 0 };

describe('presentation editor state (documentation §4)', () => {
  it('reads contents, dropping the editing state `selected` and index entries without a page', () => {
    const raw = { pages: { a: { ...page('a'), shapes: [{ id: 's', ...box, color: 'red', strokeWidth: 1, shape: 'arrow', description: '', selected: true }] } }, page_index: ['a', 'gone'] };
    const contents = readContents(raw);
    expect(contents.page_index).toEqual(['a']);
    expect(contents.pages.a!.shapes[0]).not.toHaveProperty('selected');
    expect(readContents(null)).toEqual({ pages: {}, page_index: [] });
  });

  it('adds pages queued locally (no media until uploaded), selects the first, and keeps them out of the draft until their upload lands', () => {
    let state = run(initialState(contentsOf(page('a'))), { type: 'addPages', pages: [{ pageID: 'b', file }, { pageID: 'c', file }] });
    expect(state.contents.page_index).toEqual(['a', 'b', 'c']);
    expect(state.selectedPage).toBe('b');
    expect(state.changed).toBe(true);
    expect(savedContents(state.contents).page_index).toEqual(['a']);
    state = run(state, { type: 'uploaded', pageID: 'b', result: { ...file, media: 'up-b', media_thumb: 'th-b', media_small: 'sm-b', width: 1440, height: 2560 } });
    expect(savedContents(state.contents).page_index).toEqual(['a', 'b']);
    expect(state.contents.pages.b!.media_thumb).toBe('th-b');
    expect(state.contents.pages.b).toMatchObject({ width: 1440, height: 2560, media_small: 'sm-b' });
  });

  it('removing a page moves the selection to the previous thumbnail (the next one for the first page)', () => {
    const start = { ...initialState(contentsOf(page('a'), page('b'), page('c'))), selectedPage: 'b' };
    const removed = run(start, { type: 'removePage', pageID: 'b' });
    expect(removed.contents.page_index).toEqual(['a', 'c']);
    expect(removed.contents.pages).not.toHaveProperty('b');
    expect(removed.selectedPage).toBe('a');
    const first = run({ ...start, selectedPage: 'a' }, { type: 'removePage', pageID: 'a' });
    expect(first.selectedPage).toBe('b');
    expect(run(first, { type: 'removePage', pageID: 'b' }, { type: 'removePage', pageID: 'c' }).selectedPage).toBeUndefined();
  });

  it('replacing a page keeps its media until the new upload lands, then takes the new file', () => {
    let state = run(initialState(contentsOf({ ...page('a'), width: 2560, height: 1440, media_small: 'up-a-small' })), { type: 'replacePage', pageID: 'a', file: { ...file, content_type: 'application/pdf', filename: 'n.pdf' } });
    expect(state.contents.pages.a!.media).toBe('up-a');
    expect(state.contents.pages.a!.filename).toBe('n.pdf');
    state = run(state, { type: 'uploaded', pageID: 'a', result: { ...file, content_type: 'application/pdf', filename: 'n.pdf', media: 'up-n', media_thumb: null, media_small: undefined, width: undefined, height: undefined } });
    expect(state.contents.pages.a).toMatchObject({ media: 'up-n', media_thumb: null, content_type: 'application/pdf' });
    // The picture's size and its phone-size picture went with it (a PDF has neither).
    const stored = JSON.parse(JSON.stringify(state.contents.pages.a));
    expect(stored).not.toHaveProperty('width');
    expect(stored).not.toHaveProperty('media_small');
  });

  it('reorders pages', () => {
    const state = run(initialState(contentsOf(page('a'), page('b'), page('c'))), { type: 'movePage', from: 0, to: 2 });
    expect(state.contents.page_index).toEqual(['b', 'c', 'a']);
    expect(run(state, { type: 'movePage', from: 0, to: 7 })).toBe(state);
  });

  it('adds a shape only when none is selected; the new one is selected and the tool reverts to select', () => {
    let state = run(initialState(contentsOf(page('a'))), { type: 'setTool', tool: 'ellipse' }, { type: 'addShape', pageID: 'a', id: 's1', kind: 'ellipse', box });
    expect(state.contents.pages.a!.shapes).toEqual([{ id: 's1', ...box, color: 'red', strokeWidth: 1, shape: 'ellipse', description: '' }]);
    expect(state.selectedShape).toBe('s1');
    expect(state.tool).toBe('select');
    // With s1 selected, another shape is not added.
    const refused = run(state, { type: 'addShape', pageID: 'a', id: 's2', kind: 'arrow', box });
    expect(refused.contents.pages.a!.shapes).toHaveLength(1);
    // Choosing a tool clears the selection, so the next one is added.
    state = run(state, { type: 'setTool', tool: 'arrow' }, { type: 'addShape', pageID: 'a', id: 's2', kind: 'arrow', box });
    expect(state.contents.pages.a!.shapes.map((s) => s.id)).toEqual(['s1', 's2']);
  });

  it('changes a shape (stroke width kept within 1–5), removes it, and undoes and redoes the last edits', () => {
    let state = run(initialState(contentsOf(page('a'))), { type: 'addShape', pageID: 'a', id: 's', kind: 'rectangle', box });
    state = run(state, { type: 'changeShape', pageID: 'a', id: 's', change: { color: 'blue', strokeWidth: 9 } });
    expect(state.contents.pages.a!.shapes[0]).toMatchObject({ color: 'blue', strokeWidth: 5 });
    state = run(state, { type: 'changeShape', pageID: 'a', id: 's', change: { strokeWidth: 0 } });
    expect(state.contents.pages.a!.shapes[0]!.strokeWidth).toBe(1);
    // A drag is one undo step.
    state = run(
      state,
      { type: 'changeShape', pageID: 'a', id: 's', change: { x: 20 } },
      { type: 'changeShape', pageID: 'a', id: 's', change: { x: 30 }, continuing: true },
      { type: 'changeShape', pageID: 'a', id: 's', change: { x: 40 }, continuing: true },
    );
    expect(state.contents.pages.a!.shapes[0]!.x).toBe(40);
    state = run(state, { type: 'undo' });
    expect(state.contents.pages.a!.shapes[0]!.x).toBe(10);
    state = run(state, { type: 'redo' });
    expect(state.contents.pages.a!.shapes[0]!.x).toBe(40);
    state = run(state, { type: 'removeShape', pageID: 'a', id: 's' });
    expect(state.contents.pages.a!.shapes).toEqual([]);
    expect(state.selectedShape).toBeUndefined();
    state = run(state, { type: 'undo' });
    expect(state.contents.pages.a!.shapes).toHaveLength(1);
    // A new edit forgets what could be redone.
    state = run(state, { type: 'undo' }, { type: 'setDescription', pageID: 'a', description: 'x' });
    expect(state.future).toEqual([]);
  });

  it('typing a description is one undo step; an upload landing is no undo step and survives undo', () => {
    let state = run(initialState(contentsOf(page('a'))), { type: 'addPages', pages: [{ pageID: 'b', file }] });
    state = run(
      state,
      { type: 'setDescription', pageID: 'a', description: 'H' },
      { type: 'setDescription', pageID: 'a', description: 'He' },
      { type: 'setDescription', pageID: 'a', description: 'Hello' },
      { type: 'uploaded', pageID: 'b', result: { ...file, media: 'up-b', media_thumb: null, media_small: undefined, width: undefined, height: undefined } },
    );
    const revision = state.revision;
    state = run(state, { type: 'undo' });
    expect(state.contents.pages.a!.description).toBe('');
    expect(state.contents.pages.b!.media).toBe('up-b');
    expect(state.revision).toBeGreaterThan(revision);
  });

  it('counts every change (the draft autosave saves the newest revision)', () => {
    const start = initialState(contentsOf(page('a')));
    const next = run(start, { type: 'setDescription', pageID: 'a', description: 'x' });
    expect(next.revision).toBe(start.revision + 1);
    expect(run(next, { type: 'selectPage', pageID: 'a' }).revision).toBe(next.revision);
    // What the server holds after publishing is no change to save again as a draft.
    const loaded = run(next, { type: 'load', contents: next.contents, changed: false });
    expect(loaded.revision).toBe(next.revision);
    expect(loaded.changed).toBe(false);
    expect(loaded.past).toEqual([]);
  });
});
