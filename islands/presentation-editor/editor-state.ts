/**
 * The presentation editor's state and every change to it (documentation §2 "Presentation editor", §4
 * "Remove page", "Replace page", "Presentation view"): pure, so the rules are unit-tested without a browser.
 *
 * - `contents` are the pages as the author sees them, including pages whose file is still being uploaded
 *   ("queued locally": `media` is '' until the upload lands). The draft kept on the server is
 *   `savedContents(contents)`: only pages whose media are completed uploads.
 * - Undo and redo keep the last HISTORY_LIMIT contents; an upload landing is written into every kept
 *   contents (it is no edit of the author's, and undoing must not lose a finished upload).
 * - Selection: one page, and at most one shape on it; the tool goes back to select after a shape is placed.
 */
import { uuidv7 } from '../../src/shared/ids.ts';
import {
  DEFAULT_SHAPE_COLOUR,
  DEFAULT_STROKE_WIDTH,
  MAX_PAGES,
  MAX_SHAPES_PER_PAGE,
  MAX_STROKE_WIDTH,
  MIN_STROKE_WIDTH,
  type Page,
  type PresentationContents,
  type Shape,
  type ShapeKind,
} from '../../src/shared/presentations/model.ts';
import type { Box } from '../../src/shared/presentations/resize.ts';
import type { DraftState } from '../shared/document-editor/use-draft-autosave.ts';
import { startingPoint as sharedStartingPoint } from '../shared/document-editor/starting-point.ts';

export const HISTORY_LIMIT = 50;

export type Tool = 'select' | ShapeKind;

export interface EditorState extends DraftState<PresentationContents> {
  past: PresentationContents[];
  future: PresentationContents[];
  selectedPage: string | undefined;
  selectedShape: string | undefined;
  tool: Tool;
}

/** What an added or replacing file brings to its page (the upload's results come later: `uploaded`). */
export interface PageFile {
  content_type: string;
  filename: string;
  size: number;
  lastModified: number;
}

/** A finished upload of a page's file. */
export interface UploadResult extends PageFile {
  media: string;
  media_thumb: string | null;
  /** The phone-size picture (undefined: none, a picture no larger than it or no picture). */
  media_small: string | undefined;
  /** The picture's size in pixels (undefined: not a picture). */
  width: number | undefined;
  height: number | undefined;
}

export type ShapeChange = Partial<Pick<Shape, 'x' | 'y' | 'width' | 'height' | 'rotation' | 'color' | 'strokeWidth' | 'description'>>;

export type EditorAction =
  | { type: 'load'; contents: PresentationContents; changed: boolean }
  | { type: 'addPages'; pages: { pageID: string; file: PageFile }[] }
  | { type: 'replacePage'; pageID: string; file: PageFile }
  | { type: 'uploaded'; pageID: string; result: UploadResult }
  | { type: 'removePage'; pageID: string }
  | { type: 'movePage'; from: number; to: number }
  | { type: 'selectPage'; pageID: string | undefined }
  | { type: 'setDescription'; pageID: string; description: string }
  | { type: 'setTool'; tool: Tool }
  | { type: 'addShape'; pageID: string; id: string; kind: ShapeKind; box: Box }
  | { type: 'selectShape'; id: string | undefined }
  | { type: 'changeShape'; pageID: string; id: string; change: ShapeChange; /** a drag in progress: one undo step for the whole drag */ continuing?: boolean }
  | { type: 'removeShape'; pageID: string; id: string }
  | { type: 'undo' }
  | { type: 'redo' };

/** Contents as the editor works on them, from whatever the server holds (missing parts become empty). */
export function readContents(raw: unknown): PresentationContents {
  const value = (raw ?? {}) as Partial<PresentationContents>;
  const pages: Record<string, Page> = {};
  for (const [id, page] of Object.entries(value.pages ?? {})) {
    // The editing state `selected` (§3) is never kept.
    pages[id] = { ...page, pageID: id, shapes: (page.shapes ?? []).map(({ selected: _selected, ...shape }: Shape & { selected?: unknown }) => shape) };
  }
  const page_index = (value.page_index ?? []).filter((id) => id in pages);
  return { pages, page_index };
}

export const startingPoint = (doc: Parameters<typeof sharedStartingPoint>[0]) => sharedStartingPoint(doc, readContents);

export function initialState(contents: PresentationContents, changed = false): EditorState {
  return { contents, changed, revision: 0, past: [], future: [], selectedPage: contents.page_index[0], selectedShape: undefined, tool: 'select' };
}

/** Whether the page's file is still only on this device (added or never uploaded). */
export const isQueued = (page: Page) => page.media === '';

/** The contents the server may hold: without the pages still queued locally. */
export function savedContents(contents: PresentationContents): PresentationContents {
  if (!contents.page_index.some((id) => isQueued(contents.pages[id]!))) return contents;
  const page_index = contents.page_index.filter((id) => !isQueued(contents.pages[id]!));
  return { pages: Object.fromEntries(page_index.map((id) => [id, contents.pages[id]!])), page_index };
}

/** What stops publishing (shown in the publish dialog). */
export function publishProblems(contents: PresentationContents): string[] {
  return contents.page_index.length > MAX_PAGES ? [`A presentation has at most ${MAX_PAGES} pages.`] : [];
}

const clampStroke = (width: number) => Math.min(MAX_STROKE_WIDTH, Math.max(MIN_STROKE_WIDTH, Math.round(width)));

/** A change of the contents: kept for undo (unless it continues the last one), redo forgotten, counted. */
function edit(state: EditorState, contents: PresentationContents, extra: Partial<EditorState> = {}, continuing = false): EditorState {
  const past = continuing ? state.past : [...state.past, state.contents].slice(-HISTORY_LIMIT);
  return { ...state, ...extra, contents, past, future: continuing ? state.future : [], changed: true, revision: state.revision + 1 };
}

function withPage(contents: PresentationContents, pageID: string, change: (page: Page) => Page): PresentationContents {
  const page = contents.pages[pageID];
  if (!page) return contents;
  return { ...contents, pages: { ...contents.pages, [pageID]: change(page) } };
}

/** A selection that still exists in `contents` (after undo, redo or a load). */
function reselect(state: EditorState, contents: PresentationContents): Pick<EditorState, 'selectedPage' | 'selectedShape'> {
  const selectedPage = state.selectedPage && contents.pages[state.selectedPage] ? state.selectedPage : contents.page_index[0];
  const page = selectedPage ? contents.pages[selectedPage] : undefined;
  const selectedShape = page && state.selectedShape && page.shapes.some((s) => s.id === state.selectedShape) ? state.selectedShape : undefined;
  return { selectedPage, selectedShape };
}

export function editPresentation(state: EditorState, action: EditorAction): EditorState {
  const { contents } = state;
  switch (action.type) {
    case 'load':
      // What the server holds now: no undo history, and no new revision (the autosave has nothing to save).
      return { ...initialState(action.contents, action.changed), ...reselect(state, action.contents), revision: state.revision };

    case 'addPages': {
      const room = MAX_PAGES - contents.page_index.length;
      const added = action.pages.slice(0, Math.max(0, room));
      if (added.length === 0) return state;
      const pages = { ...contents.pages };
      for (const { pageID, file } of added) {
        pages[pageID] = { pageID, description: '', ...file, media: '', media_thumb: null, shapes: [] };
      }
      const next = { pages, page_index: [...contents.page_index, ...added.map((p) => p.pageID)] };
      return edit(state, next, { selectedPage: added[0]!.pageID, selectedShape: undefined });
    }

    case 'replacePage': {
      // The page keeps its media until the new file's upload lands (a queued page has none to keep).
      const next = withPage(contents, action.pageID, (page) => ({ ...page, ...action.file }));
      return next === contents ? state : edit(state, next, { selectedPage: action.pageID, selectedShape: undefined });
    }

    case 'uploaded': {
      const land = (c: PresentationContents) => withPage(c, action.pageID, (page) => ({ ...page, ...action.result }));
      const next = land(contents);
      // Not an edit of the author's: no undo step, but a revision (the draft now holds the page).
      return { ...state, contents: next, past: state.past.map(land), future: state.future.map(land), changed: true, revision: state.revision + 1 };
    }

    case 'removePage': {
      const index = contents.page_index.indexOf(action.pageID);
      if (index < 0) return state;
      const page_index = contents.page_index.filter((id) => id !== action.pageID);
      const pages = { ...contents.pages };
      delete pages[action.pageID];
      // Selection moves to the previous thumbnail (the next one when the first was removed).
      const selectedPage = state.selectedPage === action.pageID ? (page_index[index - 1] ?? page_index[0]) : state.selectedPage;
      return edit(state, { pages, page_index }, { selectedPage, selectedShape: undefined });
    }

    case 'movePage': {
      const order = [...contents.page_index];
      if (action.from === action.to || !order[action.from] || action.to < 0 || action.to >= order.length) return state;
      const [moved] = order.splice(action.from, 1);
      order.splice(action.to, 0, moved!);
      return edit(state, { ...contents, page_index: order });
    }

    case 'selectPage':
      if (action.pageID === state.selectedPage) return state;
      return { ...state, selectedPage: action.pageID, selectedShape: undefined, tool: 'select' };

    case 'setDescription': {
      const page = contents.pages[action.pageID];
      if (!page || page.description === action.description) return state;
      // Typing is one undo step per page until something else is edited.
      const continuing = state.past.length > 0 && lastEdit.get(state) === `description:${action.pageID}`;
      const next = edit(state, withPage(contents, action.pageID, (p) => ({ ...p, description: action.description })), {}, continuing);
      lastEdit.set(next, `description:${action.pageID}`);
      return next;
    }

    case 'setTool':
      // A shape is added only when none is selected (§4): choosing a shape tool clears the selection.
      return { ...state, tool: action.tool, selectedShape: action.tool === 'select' ? state.selectedShape : undefined };

    case 'addShape':
    case 'selectShape':
    case 'changeShape':
    case 'removeShape':
      return editShape(state, action);

    case 'undo':
    case 'redo':
      return travel(state, action);
  }
}

/** The shape actions of editPresentation: add, select, change and remove a shape. */
function editShape(state: EditorState, action: Extract<EditorAction, { type: 'addShape' | 'selectShape' | 'changeShape' | 'removeShape' }>): EditorState {
  const { contents } = state;
  switch (action.type) {
    case 'addShape': {
      const page = contents.pages[action.pageID];
      if (!page || state.selectedShape || page.shapes.length >= MAX_SHAPES_PER_PAGE) return { ...state, tool: 'select' };
      const shape: Shape = {
        id: action.id,
        ...action.box,
        color: DEFAULT_SHAPE_COLOUR,
        strokeWidth: DEFAULT_STROKE_WIDTH,
        shape: action.kind,
        description: '',
      };
      const next = withPage(contents, action.pageID, (p) => ({ ...p, shapes: [...p.shapes, shape] }));
      // The new shape is selected and the tool reverts to select (§4).
      return edit(state, next, { selectedShape: shape.id, tool: 'select' });
    }

    case 'selectShape':
      return { ...state, selectedShape: action.id, tool: 'select' };

    case 'changeShape': {
      const page = contents.pages[action.pageID];
      if (!page?.shapes.some((s) => s.id === action.id)) return state;
      const change = { ...action.change };
      if (change.strokeWidth !== undefined) change.strokeWidth = clampStroke(change.strokeWidth);
      const key = `shape:${action.id}:${Object.keys(change).sort().join(',')}`;
      const continuing = !!action.continuing || (change.description !== undefined && lastEdit.get(state) === key);
      const next = edit(
        state,
        withPage(contents, action.pageID, (p) => ({ ...p, shapes: p.shapes.map((s) => (s.id === action.id ? { ...s, ...change } : s)) })),
        {},
        continuing && state.past.length > 0,
      );
      lastEdit.set(next, key);
      return next;
    }

    case 'removeShape': {
      const page = contents.pages[action.pageID];
      if (!page?.shapes.some((s) => s.id === action.id)) return state;
      const next = withPage(contents, action.pageID, (p) => ({ ...p, shapes: p.shapes.filter((s) => s.id !== action.id) }));
      return edit(state, next, { selectedShape: state.selectedShape === action.id ? undefined : state.selectedShape });
    }
  }
}

/** Undo and redo: a step back or forth in the history, the selection kept where it still exists. */
function travel(state: EditorState, action: Extract<EditorAction, { type: 'undo' | 'redo' }>): EditorState {
  const { contents } = state;
  switch (action.type) {
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        ...state,
        contents: previous,
        past: state.past.slice(0, -1),
        future: [contents, ...state.future].slice(0, HISTORY_LIMIT),
        changed: true,
        revision: state.revision + 1,
        ...reselect(state, previous),
      };
    }

    case 'redo': {
      const [following, ...rest] = state.future;
      if (!following) return state;
      return {
        ...state,
        contents: following,
        past: [...state.past, contents].slice(-HISTORY_LIMIT),
        future: rest,
        changed: true,
        revision: state.revision + 1,
        ...reselect(state, following),
      };
    }
  }
}

/** Which kind of edit produced a state (typing into one description, one shape's description): coalesced into one undo step. */
const lastEdit = new WeakMap<EditorState, string>();

/** A new page id. */
export const newPageId = () => uuidv7();
