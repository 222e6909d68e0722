/**
 * THE bar above every document editor: the draft's status, Publish… (which opens the publish dialog),
 * the notice when someone else published meanwhile (load theirs or keep mine), and the notice that the
 * editor started from an unpublished draft. What it shows comes from the editing session
 * (./use-document-draft.ts); the editor places it above its own body, and its mount adds
 * ./document-editor.css (`?inline` + addStyles: see src/client/dom.ts).
 */
import { lazy, Suspense, useState } from 'react';
import { messages } from './messages.ts';
import type { DraftStatus } from './use-draft-autosave.ts';
import type { DocumentDraft } from './use-document-draft.ts';

// The dialog (and the Shoelace dialog and progress bar) load when it is first opened.
const PublishDialog = lazy(() => import('./PublishDialog.tsx').then((m) => ({ default: m.PublishDialog })));

interface Props {
  draft: DocumentDraft;
  /** The contents differ from the published version. */
  changed: boolean;
  /** What stops publishing (shown in the dialog; publishing is offered only without them). */
  problems: () => string[];
  /** The document in the dialog's sentences: 'checklist', 'result sheet', 'presentation'. */
  noun: string;
  /** The signed-in user's id, and a name for another user's id when the editor knows one. */
  userId: string;
  nameOf?: (userId: string) => string | undefined;
}

function statusText(status: DraftStatus, changed: boolean, conflict: boolean): string {
  if (conflict) return 'Draft not saved';
  switch (status) {
    case 'pending':
      return 'Unsaved changes';
    case 'saving':
      return 'Saving draft…';
    case 'failed':
      return 'Draft not saved';
    case 'saved':
      return changed ? 'Draft saved' : 'No unpublished changes';
  }
}

export function DraftBar({ draft, changed, problems, noun, userId, nameOf }: Props) {
  const [publishing, setPublishing] = useState(false);
  const { autosave, conflict, draftBy, version } = draft;
  const draftOwner =
    draftBy === undefined ? undefined : draftBy === userId || draftBy === null ? 'you' : nameOf?.(draftBy) || 'another editor';

  return (
    <>
      <div className="editor-bar">
        <p className="draft-status" role="status" data-status={conflict ? 'failed' : autosave.status}>
          {statusText(autosave.status, changed, !!conflict)}
        </p>
        <button type="button" className="button accent" disabled={!changed || !!conflict} onClick={() => setPublishing(true)}>
          Publish…
        </button>
      </div>

      {conflict && (
        <div className="editor-notice warning" role="alert">
          <p>{messages.conflict(conflict)}</p>
          <div className="notice-actions">
            <button type="button" className="button secondary" onClick={() => void draft.loadLatest()}>
              Load the latest version
            </button>
            <button type="button" className="button secondary" onClick={() => void draft.keepMine()}>
              Keep my changes
            </button>
          </div>
        </div>
      )}

      {draftOwner && changed && (
        <p className="editor-notice draft-notice">
          Unpublished draft{draftOwner === 'you' ? '' : ` saved by ${draftOwner}`}: publish it, or discard it to go back to version {version}.
        </p>
      )}

      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog
            noun={noun}
            version={version}
            problems={problems()}
            onPublish={draft.publish}
            onDiscard={draft.discard}
            onClosed={() => setPublishing(false)}
          />
        </Suspense>
      )}
    </>
  );
}
