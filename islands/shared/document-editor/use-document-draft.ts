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

/** The version the editor works on, who saved the draft it started from, and a conflict's detail. */
interface Session {
  version: number;
  draftBy: string | null | undefined;
  conflict: string | undefined;
}

/** Publishes `contents` over `version`, its progress from 25 (or 70 after a preparation) to 100; answers what the server now holds. */
async function sendPublished(documentId: string, version: number, contents: unknown, changelog: string, progress: PublishProgress, prepared: boolean): Promise<Document> {
  progress(prepared ? 70 : 25);
  const request = api.documentation.updateDocument(documentId, {
    version,
    contents: contents as DocumentContents,
    ...(changelog ? { changelog } : {}),
  });
  progress(prepared ? 85 : 60);
  const saved = await request;
  progress(100);
  return saved;
}

/** After a conflict: reads the latest version and takes it (`take`); a failure says so. */
async function afterConflict(documentId: string, take: (fresh: Document) => void): Promise<void> {
  try {
    take(await api.documentation.document(documentId));
  } catch (err) {
    showAlert('warning', problemText(err, messages.saveFailed));
  }
}

export function useDocumentDraft<C>({ document: doc, state, restart, readContents, prepare }: Options<C>): DocumentDraft {
  const latest = useRef(state);
  latest.current = state;
  const [{ version, draftBy, conflict }, setSession] = useState<Session>(() => ({
    version: doc.version,
    draftBy: doc.draft_contents ? doc.draft_user_id : undefined,
    conflict: undefined,
  }));

  const onConflict = useCallback((detail: string) => {
    setSession((session) => ({ ...session, conflict: detail }));
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
    setSession({ version: saved.version, draftBy: undefined, conflict: undefined });
  };
  /** A refused publish or discard: a 409 is someone else's publishing. */
  const refused = (err: unknown, otherwise: string) => {
    if (err instanceof ApiError && err.status === 409) onConflict(err.detail);
    else showAlert('warning', otherwise);
    autosave.release();
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
    try {
      settle(await sendPublished(doc.id, version, contents, changelog, progress, prepare !== undefined));
      autosave.release(revision);
      await pause(300); // let 100 % be seen
      showAlert('success', messages.publishSuccessful);
    } catch (err) {
      refused(err, messages.publishFailed);
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
      refused(err, messages.saveFailed);
    }
  }

  const loadLatest = () =>
    afterConflict(doc.id, (fresh) => {
      const next = startingPoint(fresh, readContents);
      restart(next.contents, next.fromDraft);
      setSession({ version: fresh.version, draftBy: next.fromDraft ? fresh.draft_user_id : undefined, conflict: undefined });
      autosave.release(latest.current.revision);
    });
  const keepMine = () =>
    afterConflict(doc.id, (fresh) => {
      setSession((session) => ({ ...session, version: fresh.version, conflict: undefined }));
      autosave.release(undefined, true);
    });

  return { autosave, version, draftBy, conflict, publish, discard, loadLatest, keepMine };
}
