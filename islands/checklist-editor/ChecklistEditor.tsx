/**
 * The checklist editor (documentation §2 "Editors", §4 "Checklist editor" and "Editing"): the questions
 * list of a form document, its draft kept on the server while the author works, navigation blocked
 * while there are unpublished changes, and the publish dialog (publish with a change log, or discard).
 * The state and every change to it are the pure reducer of ./editor-state.ts.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type Dispatch, type RefObject } from 'react';
import { api } from '../../src/client/api.ts';
import type { CurrentUser } from '../../src/shared/api/accounts.ts';
import type { AclSubject, Document } from '../../src/shared/api/documentation.ts';
import { MAX_QUESTIONS } from '../../src/shared/checklists/question.ts';
import { uuidv7 } from '../../src/shared/ids.ts';
import { DraftBar } from '../shared/document-editor/DraftBar.tsx';
import { useDocumentDraft } from '../shared/document-editor/use-document-draft.ts';
import { conditionFlag, conditionTargets, type ConditionTarget } from './conditions.ts';
import {
  editChecklist,
  initialState,
  publishProblems,
  readContents,
  startingPoint,
  type ChecklistContents,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import { messages } from './messages.ts';
import { QuestionCard } from './QuestionCard.tsx';
import { useQuestionSorting } from './use-question-sorting.ts';

interface Props {
  document: Document;
  user: CurrentUser;
}

/** Where the focus goes after the next render: a question's title, heading or move button, or the Add button. */
type FocusTarget = { id: string; part: 'title' | 'heading' | 'up' | 'down' } | { part: 'add' };

/** The people, roles and organisation a question's assignment may name: read once. */
function useAclSubjects() {
  const [subjects, setSubjects] = useState<AclSubject[] | 'loading' | 'failed'>('loading');
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
  return subjects;
}

/** The condition targets, keeping their identity while no title, type or choice changes (the cards are memoised). */
function useConditionTargets(contents: ChecklistContents): ConditionTarget[] {
  const targetsRef = useRef<{ key: string; targets: ConditionTarget[] }>({ key: '', targets: [] });
  const targets = conditionTargets(contents);
  const targetsKey = JSON.stringify(targets);
  if (targetsRef.current.key !== targetsKey) targetsRef.current = { key: targetsKey, targets };
  return targetsRef.current.targets;
}

/** Where the focus goes after the next render (`focusNext`): put there after adds, deletes and moves. */
function useQuestionFocus(list: RefObject<HTMLOListElement | null>, addButton: RefObject<HTMLButtonElement | null>) {
  const focusNext = useRef<FocusTarget | undefined>(undefined);
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
  return focusNext;
}

/** Add question, Move up/down and Delete: each changes the state, says so in the live region and places the focus. */
function useQuestionActions(
  latest: RefObject<EditorState>,
  dispatch: Dispatch<EditorAction>,
  focusNext: RefObject<FocusTarget | undefined>,
  announce: (words: string) => void,
) {
  const addQuestion = () => {
    const id = uuidv7();
    dispatch({ type: 'addQuestion', id, now: new Date() });
    focusNext.current = { id, part: 'title' };
    announce(`Question ${latest.current.contents.question_index.length + 1} added.`);
  };

  const onShift = useCallback((id: string, by: -1 | 1) => {
    const from = latest.current.contents.question_index.indexOf(id);
    dispatch({ type: 'shiftQuestion', id, by });
    focusNext.current = { id, part: by < 0 ? 'up' : 'down' };
    announce(`Question ${from + 1} moved to position ${from + 1 + by}.`);
  }, []);

  const onDelete = useCallback((id: string, index: number) => {
    const order = latest.current.contents.question_index;
    const neighbour = order[index + 1] ?? order[index - 1];
    dispatch({ type: 'deleteQuestion', id });
    focusNext.current = neighbour ? { id: neighbour, part: 'heading' } : { part: 'add' };
    announce(`Question ${index + 1} deleted.`);
  }, []);
  return { addQuestion, onShift, onDelete };
}

export function ChecklistEditor({ document: doc, user }: Props) {
  const start = useMemo(() => startingPoint(doc), [doc]);
  const [state, dispatch] = useReducer(editChecklist, undefined, () => initialState(start.contents, start.fromDraft));
  const latest = useRef(state);
  latest.current = state;
  const subjects = useAclSubjects();
  const [announcement, setAnnouncement] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const draft = useDocumentDraft({
    document: doc,
    state,
    readContents,
    restart: useCallback((contents: ChecklistContents, changed: boolean) => dispatch({ type: 'load', contents, changed }), []),
  });

  useQuestionSorting(
    list,
    useCallback((from: number, to: number) => {
      dispatch({ type: 'moveQuestion', from, to });
      setAnnouncement(`Question ${from + 1} moved to position ${to + 1}.`);
    }, []),
  );
  const focusNext = useQuestionFocus(list, addButton);
  const { addQuestion, onShift, onDelete } = useQuestionActions(latest, dispatch, focusNext, setAnnouncement);

  const { contents, changed } = state;
  const count = contents.question_index.length;
  const targets = useConditionTargets(contents);
  return (
    <div className="checklist-editor">
      <DraftBar
        draft={draft}
        changed={changed}
        problems={() => publishProblems(contents)}
        noun="checklist"
        userId={user.id}
        nameOf={(id) => (Array.isArray(subjects) ? subjects.find((s) => s.id === id)?.name : undefined)}
      />

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
            targets={targets}
            conditionFlag={conditionFlag(contents, id)}
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
    </div>
  );
}
