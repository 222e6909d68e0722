/**
 * The presentation editor (documentation §2 "Presentation editor: page thumbnails, annotation canvas,
 * description editor"; §4 "Remove page", "Replace page", "Presentation view", "Editing"): pages added
 * from files (compressed, thumbnailed and uploaded: ./use-page-uploads.ts), reordered, replaced and
 * removed; shapes drawn on THE presentation canvas; the page description in Tiptap; and THE editing
 * session every document editor shares (islands/shared/document-editor: draft on the server, leave
 * guard, publish after the uploads, discard). The state and its rules are the pure ./editor-state.ts.
 */
import { lazy, Suspense, useCallback, useMemo, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { api, problemText } from '../../src/client/api.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import type { Document, DocumentContents } from '../../src/shared/api/documentation.ts';
import { isImagePage, pageTitle, SHAPE_KINDS, type PresentationContents } from '../../src/shared/presentations/model.ts';
import { DraftBar } from '../shared/document-editor/DraftBar.tsx';
import { messages } from '../shared/document-editor/messages.ts';
import { useDocumentDraft, type PublishProgress } from '../shared/document-editor/use-document-draft.ts';
import {
  editPresentation,
  initialState,
  isQueued,
  publishProblems,
  readContents,
  savedContents,
  startingPoint,
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

export function PresentationEditor({ document: doc, user }: Props) {
  const start = useMemo(() => startingPoint(doc), [doc]);
  const [state, dispatch] = useReducer(editPresentation, undefined, () => initialState(start.contents, start.fromDraft));
  const latest = useRef(state);
  latest.current = state;
  const [dialog, setDialog] = useState<'remove' | 'replace' | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

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
      let contents = latest.current.contents;
      for (const [pageID, result] of landed) {
        const page = contents.pages[pageID];
        if (page && isQueued(page)) contents = { ...contents, pages: { ...contents.pages, [pageID]: { ...page, ...result } } };
      }
      return savedContents(contents);
    },
  });

  const { contents, selectedPage, selectedShape, tool } = state;
  const page = selectedPage ? contents.pages[selectedPage] : undefined;
  const pageNumber = selectedPage ? contents.page_index.indexOf(selectedPage) + 1 : 0;
  const title = page ? pageTitle(page) || page.filename : '';
  const imagePage = !!page && isImagePage(page);

  const wanted = useMemo(() => {
    const ids = contents.page_index.map((id) => contents.pages[id]!.media_thumb).filter((id): id is string => !!id && !uploads.previews.byUpload.has(id));
    if (page?.media && !uploads.previews.byPage.get(page.pageID)?.image && !uploads.previews.byUpload.has(page.media)) ids.push(page.media);
    return ids;
  }, [contents, page, uploads.previews]);
  const addresses = useMediaAddresses(doc.id, wanted);
  // A page waiting for its new file shows nothing from the old one (a replaced PDF is no picture to draw).
  const waiting = page ? uploads.views[page.pageID] : undefined;
  const local = page ? uploads.previews.byPage.get(page.pageID)?.image : undefined;
  const mediaUrl = page ? (local ?? (waiting ? undefined : (uploads.previews.byUpload.get(page.media) ?? addresses.get(page.media)))) : undefined;

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    uploads.addFiles(files);
    setAnnouncement(`${files.length} ${files.length === 1 ? 'file' : 'files'} added.`);
  };

  /** Remove page (§4): a page only queued locally is dropped locally; otherwise the draft is saved without it first. */
  const removePage = async (pageID: string): Promise<string | undefined> => {
    const target = latest.current.contents.pages[pageID];
    if (!target) return undefined;
    if (!isQueued(target)) {
      const next = editPresentation(latest.current, { type: 'removePage', pageID }).contents;
      await draft.autosave.hold();
      try {
        await api.documentation.updateDocument(doc.id, { version: draft.version, draft_contents: savedContents(next) as unknown as DocumentContents });
      } catch (err) {
        return problemText(err, messages.saveFailed);
      } finally {
        draft.autosave.release();
      }
    }
    uploads.forget(pageID);
    dispatch({ type: 'removePage', pageID });
    setAnnouncement(`Page ${pageNumber} removed.`);
    return undefined;
  };

  const movePage = (by: -1 | 1) => {
    if (!selectedPage) return;
    const from = contents.page_index.indexOf(selectedPage);
    dispatch({ type: 'movePage', from, to: from + by });
    setAnnouncement(`Page ${from + 1} moved to position ${from + 1 + by}.`);
  };

  const onKeyDown = (event: KeyboardEvent) => {
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
  };

  return (
    <div className="presentation-editor" onKeyDown={onKeyDown}>
      <DraftBar draft={draft} changed={state.changed} problems={() => publishProblems(contents)} noun="presentation" userId={user.id} />

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
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <button type="button" className="tool-button" onClick={() => fileInput.current?.click()}>
            Add pages
          </button>
          <button type="button" className="tool-button" disabled={!page} onClick={() => setDialog('replace')}>
            Replace page
          </button>
          <button type="button" className="tool-button" disabled={!page} onClick={() => setDialog('remove')}>
            Remove page
          </button>
          <button type="button" className="tool-button" disabled={!page || pageNumber <= 1} onClick={() => movePage(-1)}>
            Move page earlier
          </button>
          <button type="button" className="tool-button" disabled={!page || pageNumber >= contents.page_index.length} onClick={() => movePage(1)}>
            Move page later
          </button>
        </div>
        <div className="tool-group" role="group" aria-label="Drawing tool">
          {(['select', ...SHAPE_KINDS] as Tool[]).map((t) => (
            <button
              key={t}
              type="button"
              className="tool-button"
              aria-pressed={tool === t ? 'true' : 'false'}
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

      <div className="pres-body">
        <PageStrip
          contents={contents}
          selectedPage={selectedPage}
          uploads={uploads.views}
          previews={uploads.previews}
          addresses={addresses}
          onSelect={(id) => dispatch({ type: 'selectPage', pageID: id })}
          onMove={(from, to) => {
            dispatch({ type: 'movePage', from, to });
            setAnnouncement(`Page ${from + 1} moved to position ${to + 1}.`);
          }}
          onDropFiles={addFiles}
          onRetry={uploads.retry}
        />

        {page ? (
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
      {dialog === 'remove' && page && (
        <RemovePageDialog pageNumber={pageNumber} title={title} onRemove={() => removePage(page.pageID)} onClosed={() => setDialog(undefined)} />
      )}
      {dialog === 'replace' && page && (
        <ReplacePageDialog
          pageNumber={pageNumber}
          title={title}
          onReplace={(file) => {
            const refused = uploads.replaceFile(page.pageID, file);
            if (!refused) setAnnouncement(`Page ${pageNumber} replaced by ${file.name}.`);
            return refused;
          }}
          onClosed={() => setDialog(undefined)}
        />
      )}
      </Suspense>
    </div>
  );
}
