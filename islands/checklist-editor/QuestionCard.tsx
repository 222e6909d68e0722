/**
 * One question of the checklist editor (documentation §3 "Question", §4 "Checklist editor"): its
 * heading, drag handle and move/delete buttons; title and description; value type and the widgets
 * paired with it; choices for the choice types; required, comments and photo verification; validation;
 * the question's picture.
 */
import { memo, useId, type Dispatch } from 'react';
import { formatDateTime } from '../../src/client/time-format.ts';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import { MAX_QUESTION_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, type Question } from '../../src/shared/checklists/question.ts';
import { hasChoices, isValueType, isWidget, VALUE_TYPES, widgetsOf } from '../../src/shared/checklists/value-types.ts';
import { conditionInWords } from './condition-words.ts';
import { ChoicesEditor } from './ChoicesEditor.tsx';
import { ConditionEditor } from './ConditionEditor.tsx';
import type { ConditionTarget } from './conditions.ts';
import type { EditorAction, QuestionFlag } from './editor-state.ts';
import { QuestionMedia } from './QuestionMedia.tsx';
import { DRAG_HANDLE_CLASS } from './use-question-sorting.ts';
import { ValidationSettings } from './ValidationSettings.tsx';

interface Props {
  documentId: string;
  id: string;
  /** Position in the list, from 0. */
  index: number;
  count: number;
  question: Question;
  subjects: AclSubject[] | 'loading' | 'failed';
  /** Every question as a condition may name it (issue #33), and why this question's condition is broken, if it is. */
  targets: readonly ConditionTarget[];
  conditionFlag: string | undefined;
  dispatch: Dispatch<EditorAction>;
  onShift: (id: string, by: -1 | 1) => void;
  onDelete: (id: string, index: number) => void;
}

const FLAGS: { flag: QuestionFlag; label: string }[] = [
  { flag: 'required', label: 'Required' },
  { flag: 'allowComments', label: 'Allow comments' },
  { flag: 'photoVerification', label: 'Photo verification' },
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Shown when Door locked? is False" — the condition in words (none while it is broken: the card flags it instead). */
function conditionWords(question: Question, targets: readonly ConditionTarget[], flag: string | undefined): string | undefined {
  const target = question.show_if && !flag ? targets.find((t) => t.id === question.show_if!.question) : undefined;
  if (!target || !question.show_if) return undefined;
  return conditionInWords(target.label, target.valueType, question.show_if, formatDateTime);
}

/** The handle a question is dragged by (./use-question-sorting.ts). */
function DragHandle() {
  return (
    <span className={DRAG_HANDLE_CLASS} title="Drag to reorder" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
        <path d="M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z" fill="currentColor" />
      </svg>
    </span>
  );
}

function QuestionCardView({ documentId, id, index, count, question, subjects, targets, conditionFlag, dispatch, onShift, onDelete }: Props) {
  const words = conditionWords(question, targets, conditionFlag);
  const uid = useId();
  const label = `Question ${index + 1}`;
  const headingId = `${uid}-heading`;
  return (
    <li className="question-item" data-question-id={id}>
      <section className="question-card" aria-labelledby={headingId}>
        <QuestionHead id={id} index={index} count={count} title={question.title} headingId={headingId} onShift={onShift} onDelete={onDelete} />
        {words && <p className="condition-words">{words}</p>}
        <QuestionFields uid={uid} id={id} question={question} dispatch={dispatch} />

        {hasChoices(question.valueType) && <ChoicesEditor id={id} questionLabel={label} question={question} dispatch={dispatch} />}

        <fieldset className="question-flags">
          <legend className="visually-hidden">Answer rules of {label}</legend>
          {FLAGS.map(({ flag, label: text }) => (
            <label key={flag} className="check">
              <input type="checkbox" checked={question[flag]} onChange={(event) => dispatch({ type: 'setFlag', id, flag, on: event.target.checked })} />
              {text}
            </label>
          ))}
        </fieldset>

        <ConditionEditor id={id} questionLabel={label} targets={targets} index={index} condition={question.show_if} flag={conditionFlag} dispatch={dispatch} />
        <ValidationSettings id={id} questionLabel={label} question={question} subjects={subjects} dispatch={dispatch} />
        <QuestionMedia documentId={documentId} id={id} questionLabel={label} question={question} dispatch={dispatch} />
      </section>
    </li>
  );
}

interface HeadProps extends Pick<Props, 'id' | 'index' | 'count' | 'onShift' | 'onDelete'> {
  title: string;
  headingId: string;
}

/** The question's heading ('Question 2: its title'), drag handle, Move up, Move down and Delete. */
function QuestionHead({ id, index, count, title, headingId, onShift, onDelete }: HeadProps) {
  const label = `Question ${index + 1}`;
  return (
    <header className="question-head">
      <DragHandle />
      <h2 className="question-heading" id={headingId} tabIndex={-1}>
        {label}
        {title.trim() && <span className="question-heading-title">: {title}</span>}
      </h2>
      <span className="question-actions">
        <button
          type="button"
          className="icon-button"
          data-action="up"
          aria-label={`Move ${label} up`}
          title="Move up"
          disabled={index === 0}
          onClick={() => onShift(id, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          data-action="down"
          aria-label={`Move ${label} down`}
          title="Move down"
          disabled={index === count - 1}
          onClick={() => onShift(id, 1)}
        >
          ↓
        </button>
        <button type="button" className="icon-button danger" aria-label={`Delete ${label}`} title="Delete" onClick={() => onDelete(id, index)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d="M6 7h12l-1 13H7L6 7zm3-3h6l1 2h4v2H4V6h4l1-2z" fill="currentColor" />
          </svg>
        </button>
      </span>
    </header>
  );
}

/** Title, description, value type and widget (ids from the card's `uid`). */
function QuestionFields({ uid, id, question, dispatch }: { uid: string; id: string; question: Question; dispatch: Dispatch<EditorAction> }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${uid}-title`}>Title</label>
        <input
          id={`${uid}-title`}
          type="text"
          data-field="title"
          value={question.title}
          maxLength={MAX_TITLE_LENGTH}
          onChange={(event) => dispatch({ type: 'setTitle', id, title: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${uid}-description`}>Description</label>
        <textarea
          id={`${uid}-description`}
          rows={2}
          value={question.description}
          maxLength={MAX_QUESTION_DESCRIPTION_LENGTH}
          onChange={(event) => dispatch({ type: 'setDescription', id, description: event.target.value })}
        />
      </div>

      <div className="question-types">
        <div className="field">
          <label htmlFor={`${uid}-type`}>Value type</label>
          <select
            id={`${uid}-type`}
            value={question.valueType}
            onChange={(event) => isValueType(event.target.value) && dispatch({ type: 'setValueType', id, valueType: event.target.value })}
          >
            {VALUE_TYPES.map((type) => (
              <option key={type} value={type}>
                {capitalised(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${uid}-widget`}>Widget</label>
          <select
            id={`${uid}-widget`}
            value={question.widget}
            onChange={(event) => isWidget(event.target.value) && dispatch({ type: 'setWidget', id, widget: event.target.value })}
          >
            {widgetsOf(question.valueType).map((widget) => (
              <option key={widget} value={widget}>
                {capitalised(widget)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </>
  );
}

/** Re-rendered only when its own question, place or the subjects change: typing in one question leaves the others alone. */
export const QuestionCard = memo(QuestionCardView);
