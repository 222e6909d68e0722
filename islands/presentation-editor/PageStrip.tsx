/**
 * The page thumbnails (documentation §2 "page thumbnails"): one per page, in order, each with its
 * thumbnail (256×256) and the first line of its description (or its file's name); dragging reorders
 * them (./use-page-sorting.ts); files dropped on the strip become pages. A page still uploading shows
 * its progress; a failed one offers to try again.
 */
import { useRef, useState, type DragEvent } from 'react';
import { isImagePage, pageTitle, type PresentationContents } from '../../src/shared/presentations/model.ts';
import { isQueued } from './editor-state.ts';
import { usePageSorting } from './use-page-sorting.ts';
import type { LocalPreviews, UploadView } from './use-page-uploads.ts';

interface Props {
  contents: PresentationContents;
  selectedPage: string | undefined;
  uploads: Record<string, UploadView>;
  previews: LocalPreviews;
  addresses: Map<string, string>;
  onSelect: (pageID: string) => void;
  onMove: (from: number, to: number) => void;
  onDropFiles: (files: File[]) => void;
  onRetry: (pageID: string) => void;
}

const kindLabel = (type: string) => (type === 'application/pdf' ? 'PDF' : type.startsWith('video/') ? 'Video' : 'File');

export function PageStrip({ contents, selectedPage, uploads, previews, addresses, onSelect, onMove, onDropFiles, onRetry }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const [dropping, setDropping] = useState(false);
  usePageSorting(list, onMove);

  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return (
    <nav
      className="page-strip"
      aria-label="Pages"
      data-dropping={dropping ? 'true' : undefined}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDropping(false);
        onDropFiles([...event.dataTransfer.files]);
      }}
    >
      {contents.page_index.length === 0 && <p className="empty-text">--Empty--</p>}
      <ol ref={list} className="page-list">
        {contents.page_index.map((id, index) => {
          const page = contents.pages[id]!;
          const local = previews.byPage.get(id);
          const thumb = (page.media_thumb && (previews.byUpload.get(page.media_thumb) ?? addresses.get(page.media_thumb))) || local?.thumb;
          const upload = uploads[id];
          const title = pageTitle(page) || page.filename;
          return (
            <li key={id} className="page-thumb" data-page-id={id} data-queued={isQueued(page) ? 'true' : undefined}>
              <button type="button" className="thumb-button" aria-current={id === selectedPage ? 'page' : undefined} onClick={() => onSelect(id)}>
                <span className="thumb-picture">
                  {thumb ? <img src={thumb} alt="" width={256} height={256} draggable={false} /> : <span className="thumb-kind">{isImagePage(page) ? '…' : kindLabel(page.content_type)}</span>}
                </span>
                <span className="thumb-title">
                  <span className="visually-hidden">Page {index + 1}: </span>
                  {title}
                </span>
              </button>
              {upload && upload.status !== 'failed' && (
                <progress className="thumb-progress" max={100} value={upload.percent} aria-label={`Uploading ${upload.filename}`} />
              )}
              {upload?.status === 'failed' && (
                <button type="button" className="button text retry" onClick={() => onRetry(id)}>
                  Upload failed: try again
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <p className="hint drop-hint">Drop files here to add pages.</p>
    </nav>
  );
}
