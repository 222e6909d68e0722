/**
 * THE editing session of a document (documentation §4 "Editing"), shared by every editor (checklist,
 * result sheet and report, presentation): where the editor starts (the draft, when there is one), the
 * draft kept on the server while the author works, navigation guarded while there are unpublished
 * changes, publishing (after the editor's own preparation, such as uploads) and discarding, and what
 * happens when someone else published meanwhile. The editor keeps its contents in its own state and
 * hands them in as `state`; the session tells it to `restart` from what the server holds.
 */
import { useCallback, useRef, useState } from 'react';
import { api, ApiError, problemText } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { Document, DocumentContents } from '../../../src/shared/api/documentation.ts';
import { messages } from './messages.ts';
import { startingPoint } from './starting-point.ts';
import type { PublishProgress } from './PublishDialog.tsx';
import { useDraftAutosave, type DraftAutosave, type DraftState } from './use-draft-autosave.ts';
import { useLeaveGuard } from './use-leave-guard.ts';

export type { PublishProgress } from './PublishDialog.tsx';

interface Options<C> {
  document: Document;
  /** The editor's contents as it holds them now. */
  state: DraftState<C>;
  /** Shows `contents` as the editor's state; `changed`: they differ from the published version. */
  restart: (contents: C, changed: boolean) => void;
  /** Contents as the editor works on them, read from what the server answers. */
  readContents: (raw: unknown) => C;
  /**
   * Work before the contents can be published (e.g. uploading new media), reporting its progress
   * between 5 and 60 percent; answers the contents to publish. A throw ends publishing with the
   * thrown ApiError's detail or 'Upload failed, something went wrong.'.
   */
  prepare?: (contents: C, progress: PublishProgress) => Promise<C>;
}

export interface DocumentDraft {
  autosave: DraftAutosave;
  /** The published version the editor works on. */
  version: number;
  /** Who saved the draft the editor started from: a user id, null (unknown), undefined (not from a draft). */
  draftBy: string | null | undefined;
  /** Someone else published while this editor had changes: the server's detail. */
  conflict: string | undefined;
  publish: (changelog: string, progress: PublishProgress) => Promise<void>;
  discard: () => Promise<void>;
  /** After a conflict: take the latest version (and its draft, if any) and drop the local changes. */
  loadLatest: () => Promise<void>;
  /** After a conflict: keep the local changes as the draft of the latest version (to publish over it). */
  keepMine: () => Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useDocumentDraft<C>({ document: doc, state, restart, readContents, prepare }: Options<C>): DocumentDraft {
  const latest = useRef(state);
  latest.current = state;
  const [version, setVersion] = useState(doc.version);
  const [draftBy, setDraftBy] = useState<string | null | undefined>(() => (doc.draft_contents ? doc.draft_user_id : undefined));
  const [conflict, setConflict] = useState<string | undefined>();

  const onConflict = useCallback((detail: string) => {
    setConflict(detail);
    showAlert('warning', messages.conflict(detail));
  }, []);
  const autosave = useDraftAutosave({ documentId: doc.id, version, state, onConflict });

  useLeaveGuard(() => {
    if (!latest.current.changed) return undefined;
    return autosave.status === 'saved' && !conflict ? messages.leaveWithDraft : messages.leaveUnsaved;
  });

  /** The server now holds `saved`: the editor shows it, with no change counted. */
  const settle = (saved: Document) => {
    restart(readContents(saved.contents), false);
    setVersion(saved.version);
    setDraftBy(undefined);
    setConflict(undefined);
  };

  async function publish(changelog: string, progress: PublishProgress): Promise<void> {
    await autosave.hold();
    const { revision } = latest.current;
    let contents = latest.current.contents;
    try {
      if (prepare) contents = await prepare(contents, progress);
    } catch (err) {
      showAlert('warning', problemText(err, messages.uploadFailed));
      autosave.release();
      return;
    }
    progress(prepare ? 70 : 25);
    try {
      const request = api.documentation.updateDocument(doc.id, {
        version,
        contents: contents as DocumentContents,
        ...(changelog ? { changelog } : {}),
      });
      progress(prepare ? 85 : 60);
      const saved = await request;
      progress(100);
      settle(saved);
      autosave.release(revision);
      await pause(300); // let 100 % be seen
      showAlert('success', messages.publishSuccessful);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onConflict(err.detail);
      else showAlert('warning', messages.publishFailed);
      autosave.release();
    }
  }

  async function discard(): Promise<void> {
    await autosave.hold();
    const { revision } = latest.current;
    try {
      settle(await api.documentation.updateDocument(doc.id, { version, draft_contents: null, draft_user_id: null }));
      autosave.release(revision);
      showAlert('success', messages.discarded);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onConflict(err.detail);
      else showAlert('warning', messages.saveFailed);
      autosave.release();
    }
  }

  async function loadLatest(): Promise<void> {
    try {
      const fresh = await api.documentation.document(doc.id);
      const next = startingPoint(fresh, readContents);
      restart(next.contents, next.fromDraft);
      setVersion(fresh.version);
      setDraftBy(next.fromDraft ? fresh.draft_user_id : undefined);
      setConflict(undefined);
      autosave.release(latest.current.revision);
    } catch (err) {
      showAlert('warning', problemText(err, messages.saveFailed));
    }
  }

  async function keepMine(): Promise<void> {
    try {
      const fresh = await api.documentation.document(doc.id);
      setVersion(fresh.version);
      setConflict(undefined);
      autosave.release(undefined, true);
    } catch (err) {
      showAlert('warning', problemText(err, messages.saveFailed));
    }
  }

  return { autosave, version, draftBy, conflict, publish, discard, loadLatest, keepMine };
}
