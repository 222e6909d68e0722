/**
 * Work in progress kept on the server (documentation §4 "Editing"; §7 PUT with `draft_contents`): each
 * change is saved as the document's draft one second after the last one, at once when the page is
 * hidden or left, so that a reload loses nothing. Publishing and discarding pause it (`hold`) and tell
 * it what the server now holds (`settle`).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { api, ApiError } from '../../../src/client/api.ts';
import { showAlert } from '../../../src/client/stores/alerts.ts';
import type { DocumentContents } from '../../../src/shared/api/documentation.ts';
import { messages } from './messages.ts';

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 1000;

export type DraftStatus = 'saved' | 'pending' | 'saving' | 'failed';

/** What every document editor keeps: its contents, whether they differ from the published version, and a change counter. */
export interface DraftState<C> {
  contents: C;
  /** Something differs from the published version (documentation §4 "Editing": changed blocks navigation). */
  changed: boolean;
  /** Counts the changes made in this editor; the autosave saves the newest one. */
  revision: number;
}

interface Options<C> {
  documentId: string;
  /** The published version the draft belongs to (a draft changes no version). */
  version: number;
  state: DraftState<C>;
  /** A 409: someone else published meanwhile; saving stops until the author decides. */
  onConflict: (detail: string) => void;
}

export interface DraftAutosave {
  status: DraftStatus;
  /** Saves the newest change now, if it is not saved yet; answers when the server has it (or the save failed). */
  flush: () => Promise<void>;
  /** Stops saving (while publishing or discarding) and waits for a save under way. */
  hold: () => Promise<void>;
  /**
   * Starts saving again (also after a conflict); `settledRevision`: the server already holds this
   * revision (it was published or discarded), so only later changes are saved; `resave`: the server
   * lost the draft (someone else published), so the current state is saved again.
   */
  release: (settledRevision?: number, resave?: boolean) => void;
}

/** A failed save says so once per run of failures: the next change tries again. */
function warnOnce(warned: RefObject<boolean>) {
  if (warned.current) return;
  warned.current = true;
  showAlert('warning', messages.saveFailed);
}

/** Leaving or hiding the page: save at once (best effort; the page may be gone before it answers). */
function useSaveOnLeave(unsaved: () => boolean, save: () => Promise<void>, timer: RefObject<ReturnType<typeof setTimeout> | undefined>) {
  const pending = useRef(unsaved);
  pending.current = unsaved;
  useEffect(() => {
    const now = () => {
      if (pending.current()) void save();
    };
    const onVisibility = () => document.visibilityState === 'hidden' && now();
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
    };
  }, [save, timer]);
}

export function useDraftAutosave<C>({ documentId, version, state, onConflict }: Options<C>): DraftAutosave {
  const [status, setStatus] = useState<DraftStatus>('saved');
  const latest = useRef({ contents: state.contents, revision: state.revision, version });
  latest.current = { contents: state.contents, revision: state.revision, version };
  const saved = useRef(state.revision);
  const running = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const held = useRef(false);
  const stopped = useRef(false);
  const warned = useRef(false);
  const conflict = useRef(onConflict);
  conflict.current = onConflict;

  const save = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (running.current) await running.current;
    const { contents, revision, version: edited } = latest.current;
    if (held.current || stopped.current || revision <= saved.current) return;
    const attempt = (async () => {
      setStatus('saving');
      try {
        await api.documentation.updateDocument(documentId, { version: edited, draft_contents: contents as DocumentContents });
        saved.current = Math.max(saved.current, revision);
        warned.current = false;
        setStatus(latest.current.revision > saved.current ? 'pending' : 'saved');
      } catch (err) {
        setStatus('failed');
        if (err instanceof ApiError && err.status === 409) {
          stopped.current = true;
          conflict.current(err.detail);
        } else warnOnce(warned);
      }
    })();
    running.current = attempt;
    await attempt;
    running.current = undefined;
  }, [documentId]);

  // A change: save it a second after the last one.
  useEffect(() => {
    if (state.revision <= saved.current || held.current || stopped.current) return;
    setStatus('pending');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
  }, [state.revision, save]);

  useSaveOnLeave(() => latest.current.revision > saved.current, save, timer);

  const hold = useCallback(async () => {
    held.current = true;
    clearTimeout(timer.current);
    if (running.current) await running.current;
  }, []);

  const release = useCallback(
    (settledRevision?: number, resave = false) => {
      held.current = false;
      stopped.current = false;
      if (resave) saved.current = -1;
      if (settledRevision !== undefined) {
        saved.current = Math.max(saved.current, settledRevision);
        warned.current = false;
      }
      if (latest.current.revision > saved.current) {
        setStatus('pending');
        timer.current = setTimeout(() => void save(), DRAFT_SAVE_DELAY_MS);
      } else {
        setStatus('saved');
      }
    },
    [save],
  );

  return { status, flush: save, hold, release };
}
