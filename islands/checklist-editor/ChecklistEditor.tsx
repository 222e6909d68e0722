/**
 * The checklist editor (documentation §2 "Editors", §4 "Checklist editor" and "Editing"): the questions
 * list of a form document, its draft kept on the server while the author works, navigation blocked
 * while there are unpublished changes, and the publish dialog (publish with a change log, or discard).
 * The state and every change to it are the pure reducer of ./editor-state.ts.
 */
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { api, ApiError } from '../../src/client/api.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import type { AclSubject, Document } from '../../src/shared/api/documentation.ts';
import { MAX_QUESTIONS } from '../../src/shared/checklists/question.ts';
import { uuidv7 } from '../../src/shared/ids.ts';
import { editChecklist, initialState, publishProblems, readContents, startingPoint, type ChecklistContents } from './editor-state.ts';
import { messages } from './messages.ts';
import type { PublishProgress } from './PublishDialog.tsx';
import { QuestionCard } from './QuestionCard.tsx';
import { useDraftAutosave, type DraftStatus } from './use-draft-autosave.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useQuestionSorting } from './use-question-sorting.ts';

// The dialog (and the Shoelace dialog and progress bar) load when it is first opened.
const PublishDialog = lazy(() => import('./PublishDialog.tsx').then((m) => ({ default: m.PublishDialog })));

interface Props {
  document: Document;
  user: CurrentUser;
}

/** Where the focus goes after the next render: a question's title, heading or move button, or the Add button. */
type FocusTarget = { id: string; part: 'title' | 'heading' | 'up' | 'down' } | { part: 'add' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

export function ChecklistEditor({ document: doc, user }: Props) {
  const start = useMemo(() => startingPoint(doc), [doc]);
  const [state, dispatch] = useReducer(editChecklist, undefined, () => initialState(start.contents, start.fromDraft));
  const latest = useRef(state);
  latest.current = state;
  const [version, setVersion] = useState(doc.version);
  /** Who saved the draft the editor started from; undefined when it did not start from a draft. */
  const [draftBy, setDraftBy] = useState<string | null | undefined>(start.fromDraft ? doc.draft_user_id : undefined);
  const [subjects, setSubjects] = useState<AclSubject[] | 'loading' | 'failed'>('loading');
  const [conflict, setConflict] = useState<string | undefined>();
  const [publishing, setPublishing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<FocusTarget | undefined>(undefined);

  const onConflict = useCallback((detail: string) => {
    setConflict(detail);
    showAlert('warning', messages.conflict(detail));
  }, []);
  const autosave = useDraftAutosave({ documentId: doc.id, version, state, onConflict });

  useLeaveGuard(() => {
    if (!latest.current.changed) return undefined;
    return autosave.status === 'saved' && !conflict ? messages.leaveWithDraft : messages.leaveUnsaved;
  });

  useEffect(() => {
    let live = true;
    api.documentation
      .aclSubjects()
      .then((answer) => live && setSubjects(answer.results))
      .catch(() => live && setSubjects('failed'));
    return () => {
      live = false;
    };
  }, []);

  useQuestionSorting(
    list,
    useCallback((from: number, to: number) => {
      dispatch({ type: 'moveQuestion', from, to });
      setAnnouncement(`Question ${from + 1} moved to position ${to + 1}.`);
    }, []),
  );

  // Focus after adds, deletes and moves (the moved question's button; the other one at either end).
  useLayoutEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = undefined;
    if (target.part === 'add') return addButton.current?.focus();
    const item = list.current?.querySelector<HTMLElement>(`[data-question-id="${CSS.escape(target.id)}"]`);
    if (!item) return;
    const selector = { title: '[data-field="title"]', heading: '.question-heading', up: '[data-action="up"]', down: '[data-action="down"]' }[target.part];
    const element = item.querySelector<HTMLButtonElement>(selector);
    if (element && !element.disabled) return element.focus();
    item.querySelector<HTMLButtonElement>(target.part === 'up' ? '[data-action="down"]' : '[data-action="up"]')?.focus();
  });

  const addQuestion = () => {
    const id = uuidv7();
    dispatch({ type: 'addQuestion', id, now: new Date() });
    focusNext.current = { id, part: 'title' };
    setAnnouncement(`Question ${latest.current.contents.question_index.length + 1} added.`);
  };

  const onShift = useCallback((id: string, by: -1 | 1) => {
    const from = latest.current.contents.question_index.indexOf(id);
    dispatch({ type: 'shiftQuestion', id, by });
    focusNext.current = { id, part: by < 0 ? 'up' : 'down' };
    setAnnouncement(`Question ${from + 1} moved to position ${from + 1 + by}.`);
  }, []);

  const onDelete = useCallback((id: string, index: number) => {
    const order = latest.current.contents.question_index;
    const neighbour = order[index + 1] ?? order[index - 1];
    dispatch({ type: 'deleteQuestion', id });
    focusNext.current = neighbour ? { id: neighbour, part: 'heading' } : { part: 'add' };
    setAnnouncement(`Question ${index + 1} deleted.`);
  }, []);

  /** The editor shows `contents` as published (or the latest draft) and counts no change. */
  const restart = (contents: ChecklistContents, changed: boolean) => {
    dispatch({ type: 'load', contents, changed });
  };

  async function publish(changelog: string, progress: PublishProgress): Promise<void> {
    await autosave.hold();
    progress(25);
    const { contents, revision } = latest.current;
    try {
      const request = api.documentation.updateDocument(doc.id, { version, contents, ...(changelog ? { changelog } : {}) });
      progress(60);
      const saved = await request;
      progress(100);
      restart(readContents(saved.contents), false);
      setVersion(saved.version);
      setDraftBy(undefined);
      setConflict(undefined);
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
      const saved = await api.documentation.updateDocument(doc.id, { version, draft_contents: null, draft_user_id: null });
      restart(readContents(saved.contents), false);
      setVersion(saved.version);
      setDraftBy(undefined);
      setConflict(undefined);
      autosave.release(revision);
      showAlert('success', messages.discarded);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) onConflict(err.detail);
      else showAlert('warning', messages.saveFailed);
      autosave.release();
    }
  }

  /** After a conflict: take the latest version (and its draft, if any) and drop the local changes. */
  async function loadLatest(): Promise<void> {
    try {
      const fresh = await api.documentation.document(doc.id);
      const next = startingPoint(fresh);
      restart(next.contents, next.fromDraft);
      setVersion(fresh.version);
      setDraftBy(next.fromDraft ? fresh.draft_user_id : undefined);
      setConflict(undefined);
      autosave.release(latest.current.revision);
    } catch (err) {
      showAlert('warning', err instanceof ApiError && err.status > 0 ? err.detail : messages.saveFailed);
    }
  }

  /** After a conflict: keep the local changes as the draft of the latest version (to publish over it). */
  async function keepMine(): Promise<void> {
    try {
      const fresh = await api.documentation.document(doc.id);
      setVersion(fresh.version);
      setConflict(undefined);
      autosave.release(undefined, true);
    } catch (err) {
      showAlert('warning', err instanceof ApiError && err.status > 0 ? err.detail : messages.saveFailed);
    }
  }

  const { contents, changed } = state;
  const count = contents.question_index.length;
  const draftOwner =
    draftBy === undefined
      ? undefined
      : draftBy === user.id || draftBy === null
        ? 'you'
        : (Array.isArray(subjects) && subjects.find((s) => s.id === draftBy)?.name) || 'another editor';

  return (
    <div className="checklist-editor">
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
            <button type="button" className="button secondary" onClick={() => void loadLatest()}>
              Load the latest version
            </button>
            <button type="button" className="button secondary" onClick={() => void keepMine()}>
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

      {count === 0 && <p className="empty-text">{messages.noQuestions}</p>}
      <ol className="question-list" ref={list} aria-label="Questions">
        {contents.question_index.map((id, index) => (
          <QuestionCard
            key={id}
            documentId={doc.id}
            id={id}
            index={index}
            count={count}
            question={contents.questions[id]!}
            subjects={subjects}
            dispatch={dispatch}
            onShift={onShift}
            onDelete={onDelete}
          />
        ))}
      </ol>

      <div className="editor-foot">
        <button type="button" className="button" ref={addButton} disabled={count >= MAX_QUESTIONS} onClick={addQuestion}>
          Add question
        </button>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {publishing && (
        <Suspense fallback={null}>
          <PublishDialog
            version={version}
            problems={publishProblems(contents)}
            onPublish={publish}
            onDiscard={discard}
            onClosed={() => setPublishing(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
