/**
 * The presentation editor (documentation §2 "Presentation editor: page thumbnails, annotation canvas,
 * description editor"; §4 "Remove page", "Replace page", "Presentation view", "Editing"): pages added
 * from files (compressed, thumbnailed and uploaded: ./use-page-uploads.ts), reordered, replaced and
 * removed; shapes drawn on THE presentation canvas; the page description in Tiptap; and THE editing
 * session every document editor shares (islands/shared/document-editor: draft on the server, leave
 * guard, publish after the uploads, discard). The state and its rules are the pure ./editor-state.ts.
 */
import { lazy, Suspense, useCallback, useMemo, useReducer, useRef, useState, type Dispatch, type KeyboardEvent } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import type { Document, DocumentContents } from '../../src/shared/api/documentation.ts';
import { isImagePage, pageTitle, SHAPE_KINDS, type Page, type PresentationContents } from '../../src/shared/presentations/model.ts';
import { DraftBar } from '../shared/document-editor/DraftBar.tsx';
import { messages } from '../shared/document-editor/messages.ts';
import { useDocumentDraft, type DocumentDraft, type PublishProgress } from '../shared/document-editor/use-document-draft.ts';
import {
  editPresentation,
  initialState,
  isQueued,
  publishProblems,
  readContents,
  savedContents,
  startingPoint,
  type EditorAction,
  type EditorState,
  type Tool,
} from './editor-state.ts';
import { ACCEPTED_FILES } from './file-intake.ts';
import { PageCanvas } from './PageCanvas.tsx';
import { PageStrip } from './PageStrip.tsx';
import { ShapePanel } from './ShapePanel.tsx';
import { useMediaAddresses } from './use-media-addresses.ts';
import { usePageUploads } from './use-page-uploads.ts';

// Tiptap (the largest part of the editor) loads beside the rest, not before it paints; the page dialogs
// (and Shoelace's dialog) when first opened.
const DescriptionEditor = lazy(() => import('./DescriptionEditor.tsx').then((m) => ({ default: m.DescriptionEditor })));
const RemovePageDialog = lazy(() => import('./PageDialogs.tsx').then((m) => ({ default: m.RemovePageDialog })));
const ReplacePageDialog = lazy(() => import('./PageDialogs.tsx').then((m) => ({ default: m.ReplacePageDialog })));

interface Props {
  document: Document;
  user: CurrentUser;
}

const TOOL_NAMES: Record<Tool, string> = { select: 'Select', rectangle: 'Rectangle', ellipse: 'Ellipse', arrow: 'Arrow' };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

type PageUploads = ReturnType<typeof usePageUploads>;

/** Saves the draft without a saved page (Remove page, §4), the autosave held meanwhile: the problem's words, or none. */
async function saveWithout(documentId: string, draft: DocumentDraft, state: EditorState, pageID: string): Promise<string | undefined> {
  const next = editPresentation(state, { type: 'removePage', pageID }).contents;
  await draft.autosave.hold();
  try {
    await api.documentation.updateDocument(documentId, { version: draft.version, draft_contents: savedContents(next) as unknown as DocumentContents });
    return undefined;
  } catch (err) {
    return problemText(err, messages.saveFailed);
  } finally {
    draft.autosave.release();
  }
}

/** The contents with each landed upload's result on its page, if that page still waits for it. */
function withLanded(contents: PresentationContents, landed: Awaited<ReturnType<PageUploads['settleAll']>>): PresentationContents {
  let next = contents;
  for (const [pageID, result] of landed) {
    const page = next.pages[pageID];
    if (page && isQueued(page)) next = { ...next, pages: { ...next.pages, [pageID]: { ...page, ...result } } };
  }
  return next;
}

/**
 * The addresses of the thumbnails and of the selected page's file that no local preview stands for, and
 * the address the selected page shows: a page waiting for its new file shows nothing from the old one (a
 * replaced PDF is no picture to draw).
 */
function usePageMedia(documentId: string, contents: PresentationContents, page: Page | undefined, uploads: PageUploads) {
  const wanted = useMemo(() => {
    const ids = contents.page_index.map((id) => contents.pages[id]!.media_thumb).filter((id): id is string => !!id && !uploads.previews.byUpload.has(id));
    if (page?.media && !uploads.previews.byPage.get(page.pageID)?.image && !uploads.previews.byUpload.has(page.media)) ids.push(page.media);
    return ids;
  }, [contents, page, uploads.previews]);
  const addresses = useMediaAddresses(documentId, wanted);
  const waiting = page ? uploads.views[page.pageID] : undefined;
  const local = page ? uploads.previews.byPage.get(page.pageID)?.image : undefined;
  const mediaUrl = page ? (local ?? (waiting ? undefined : (uploads.previews.byUpload.get(page.media) ?? addresses.get(page.media)))) : undefined;
  return { addresses, mediaUrl };
}

/** The editor's state, the page uploads and THE editing session (the draft; publishing waits for the uploads). */
function usePresentationSession(doc: Document) {
  const start = useMemo(() => startingPoint(doc), [doc]);
  const [state, dispatch] = useReducer(editPresentation, undefined, () => initialState(start.contents, start.fromDraft));
  const latest = useRef(state);
  latest.current = state;

  const uploads = usePageUploads(doc.id, dispatch, useCallback(() => latest.current.contents.page_index.length, []));
  const saved = useMemo(() => savedContents(state.contents), [state.contents]);

  const draft = useDocumentDraft<PresentationContents>({
    document: doc,
    state: { contents: saved, changed: state.changed, revision: state.revision },
    readContents,
    restart: useCallback((contents: PresentationContents, changed: boolean) => dispatch({ type: 'load', contents, changed }), []),
    // Publishing waits for the uploads (5 → 60 %), then publishes every page.
    prepare: async (_contents: PresentationContents, progress: PublishProgress) => {
      const landed = await uploads.settleAll(progress);
      await tick(); // the landed uploads reach the state
      return savedContents(withLanded(latest.current.contents, landed));
    },
  });
  return { state, dispatch, latest, uploads, draft };
}

type PresentationSession = ReturnType<typeof usePresentationSession>;

/** Adding, removing, moving and replacing pages, each said in the live region (`announce`). */
function pageActions(documentId: string, session: PresentationSession, pageNumber: number, announce: (words: string) => void) {
  const { latest, uploads, draft, dispatch } = session;
  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    uploads.addFiles(files);
    announce(`${files.length} ${files.length === 1 ? 'file' : 'files'} added.`);
  };

  /** Remove page (§4): a page only queued locally is dropped locally; otherwise the draft is saved without it first. */
  const removePage = async (pageID: string): Promise<string | undefined> => {
    const target = latest.current.contents.pages[pageID];
    if (!target) return undefined;
    const refused = isQueued(target) ? undefined : await saveWithout(documentId, draft, latest.current, pageID);
    if (refused) return refused;
    uploads.forget(pageID);
    dispatch({ type: 'removePage', pageID });
    announce(`Page ${pageNumber} removed.`);
    return undefined;
  };

  const moveTo = (from: number, to: number) => {
    dispatch({ type: 'movePage', from, to });
    announce(`Page ${from + 1} moved to position ${to + 1}.`);
  };

  const replacePage = (pageID: string, file: File) => {
    const refused = uploads.replaceFile(pageID, file);
    if (!refused) announce(`Page ${pageNumber} replaced by ${file.name}.`);
    return refused;
  };
  return { addFiles, removePage, moveTo, replacePage };
}

export function PresentationEditor({ document: doc, user }: Props) {
  const session = usePresentationSession(doc);
  const { state, dispatch, uploads } = session;
  const [dialog, setDialog] = useState<'remove' | 'replace' | undefined>();
  const [announcement, setAnnouncement] = useState('');

  const { contents, selectedPage, selectedShape, tool } = state;
  const page = selectedPage ? contents.pages[selectedPage] : undefined;
  const pageNumber = selectedPage ? contents.page_index.indexOf(selectedPage) + 1 : 0;
  const title = page ? pageTitle(page) || page.filename : '';

  const { addresses, mediaUrl } = usePageMedia(doc.id, contents, page, uploads);
  const actions = pageActions(doc.id, session, pageNumber, setAnnouncement);

  const movePage = (by: -1 | 1) => {
    if (!selectedPage) return;
    const from = contents.page_index.indexOf(selectedPage);
    actions.moveTo(from, from + by);
  };

  return (
    <div className="presentation-editor" onKeyDown={(event) => undoKeys(event, dispatch)}>
      <DraftBar draft={session.draft} changed={state.changed} problems={() => publishProblems(contents)} noun="presentation" userId={user.id} />

      <PresentationToolbar
        state={state}
        page={!!page}
        pageNumber={pageNumber}
        imagePage={!!page && isImagePage(page)}
        dispatch={dispatch}
        onAddFiles={actions.addFiles}
        onDialog={setDialog}
        onMovePage={movePage}
      />

      <div className="pres-body">
        <PageStrip
          contents={contents}
          selectedPage={selectedPage}
          uploads={uploads.views}
          previews={uploads.previews}
          addresses={addresses}
          onSelect={(id) => dispatch({ type: 'selectPage', pageID: id })}
          onMove={actions.moveTo}
          onDropFiles={actions.addFiles}
          onRetry={uploads.retry}
        />

        {page ? (
          <PageView page={page} pageNumber={pageNumber} mediaUrl={mediaUrl} tool={tool} selectedShape={selectedShape} dispatch={dispatch} />
        ) : (
          <section className="pres-page empty">
            <p className="empty-text">Add pages from pictures, PDF documents or videos: Add pages, or drop files on the page list.</p>
          </section>
        )}
      </div>

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      <Suspense fallback={null}>
        {dialog && page && (
          <OpenPageDialog
            dialog={dialog}
            pageNumber={pageNumber}
            title={title}
            onRemove={() => actions.removePage(page.pageID)}
            onReplace={(file) => actions.replacePage(page.pageID, file)}
            onClosed={() => setDialog(undefined)}
          />
        )}
      </Suspense>
    </div>
  );
}

/** Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo, outside the fields. */
function undoKeys(event: KeyboardEvent, dispatch: Dispatch<EditorAction>) {
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const mod = event.ctrlKey || event.metaKey;
  if (mod && event.key.toLowerCase() === 'z') {
    event.preventDefault();
    dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
  } else if (mod && event.key.toLowerCase() === 'y') {
    event.preventDefault();
    dispatch({ type: 'redo' });
  }
}

interface ToolbarProps {
  state: EditorState;
  /** Whether a page is selected. */
  page: boolean;
  pageNumber: number;
  imagePage: boolean;
  dispatch: Dispatch<EditorAction>;
  onAddFiles: (files: File[]) => void;
  onDialog: (dialog: 'remove' | 'replace') => void;
  onMovePage: (by: -1 | 1) => void;
}

/** The tools: pages (add, replace, remove, move), the drawing tool, undo and redo. */
function PresentationToolbar({ state, page, pageNumber, imagePage, dispatch, onAddFiles, onDialog, onMovePage }: ToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="pres-toolbar" role="toolbar" aria-label="Presentation tools">
      <div className="tool-group">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_FILES}
          data-page-input
          onChange={(event) => {
            onAddFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <button type="button" className="tool-button" onClick={() => fileInput.current?.click()}>
          Add pages
        </button>
        <button type="button" className="tool-button" disabled={!page} onClick={() => onDialog('replace')}>
          Replace page
        </button>
        <button type="button" className="tool-button" disabled={!page} onClick={() => onDialog('remove')}>
          Remove page
        </button>
        <button type="button" className="tool-button" disabled={!page || pageNumber <= 1} onClick={() => onMovePage(-1)}>
          Move page earlier
        </button>
        <button type="button" className="tool-button" disabled={!page || pageNumber >= state.contents.page_index.length} onClick={() => onMovePage(1)}>
          Move page later
        </button>
      </div>
      <div className="tool-group" role="group" aria-label="Drawing tool">
        {(['select', ...SHAPE_KINDS] as Tool[]).map((t) => (
          <button
            key={t}
            type="button"
            className="tool-button"
            aria-pressed={state.tool === t ? 'true' : 'false'}
            disabled={!imagePage}
            onClick={() => dispatch({ type: 'setTool', tool: t })}
          >
            {TOOL_NAMES[t]}
          </button>
        ))}
      </div>
      <div className="tool-group">
        <button type="button" className="tool-button" disabled={state.past.length === 0} onClick={() => dispatch({ type: 'undo' })} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" className="tool-button" disabled={state.future.length === 0} onClick={() => dispatch({ type: 'redo' })} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
      </div>
    </div>
  );
}

interface PageViewProps {
  page: Page;
  pageNumber: number;
  mediaUrl: string | undefined;
  tool: Tool;
  selectedShape: EditorState['selectedShape'];
  dispatch: Dispatch<EditorAction>;
}

/** The selected page: its canvas and shapes (a picture) or its file, and its description. */
function PageView({ page, pageNumber, mediaUrl, tool, selectedShape, dispatch }: PageViewProps) {
  const imagePage = isImagePage(page);
  return (
    <section className="pres-page" aria-label={`Page ${pageNumber}`} data-page-id={page.pageID}>
      {imagePage ? (
        <div className="canvas-and-shapes">
          <PageCanvas page={page} imageUrl={mediaUrl} tool={tool} selectedShape={selectedShape} dispatch={dispatch} />
          <ShapePanel page={page} selectedShape={selectedShape} dispatch={dispatch} />
        </div>
      ) : (
        <div className="media-page">
          {page.content_type.startsWith('video/') && mediaUrl ? (
            <video src={mediaUrl} controls preload="metadata" aria-label={page.filename} />
          ) : (
            <p>
              {page.content_type === 'application/pdf' ? 'PDF document' : 'File'}: <strong>{page.filename}</strong>
              {mediaUrl && (
                <>
                  {' '}
                  <a href={mediaUrl} target="_blank" rel="noopener" download={page.filename}>
                    Open
                  </a>
                </>
              )}
            </p>
          )}
        </div>
      )}
      <Suspense fallback={<p className="hint">Loading the description editor…</p>}>
        <DescriptionEditor
          pageID={page.pageID}
          description={page.description}
          onChange={(markdown) => dispatch({ type: 'setDescription', pageID: page.pageID, description: markdown })}
        />
      </Suspense>
    </section>
  );
}

interface PageDialogProps {
  dialog: 'remove' | 'replace';
  pageNumber: number;
  title: string;
  onRemove: () => Promise<string | undefined>;
  onReplace: (file: File) => string | undefined;
  onClosed: () => void;
}

/** The open page dialog: Remove page or Replace page. */
function OpenPageDialog({ dialog, pageNumber, title, onRemove, onReplace, onClosed }: PageDialogProps) {
  return dialog === 'remove' ? (
    <RemovePageDialog pageNumber={pageNumber} title={title} onRemove={onRemove} onClosed={onClosed} />
  ) : (
    <ReplacePageDialog pageNumber={pageNumber} title={title} onReplace={onReplace} onClosed={onClosed} />
  );
}
