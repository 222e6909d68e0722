/**
 * The choices of a single or multiple choice question (documentation §4): added with Enter or the Add
 * button (empty text ignored, repeats refused with a reason), removed, moved up and down.
 */
import { useId, useState, type Dispatch } from 'react';
import { MAX_CHOICE_LENGTH, type Question } from '../../src/shared/checklists/question.ts';
import { choiceProblem, type EditorAction } from './editor-state.ts';

interface Props {
  id: string;
  /** "Question 3": names the buttons for screen readers. */
  questionLabel: string;
  question: Question;
  dispatch: Dispatch<EditorAction>;
}

export function ChoicesEditor({ id, questionLabel, question, dispatch }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const inputId = useId();
  const problemId = useId();
  const headingId = useId();

  function add() {
    const why = choiceProblem(question, text);
    if (why) return setProblem(why);
    setProblem('');
    if (text.trim() === '') return;
    dispatch({ type: 'addChoice', id, text });
    setText('');
  }

  return (
    <fieldset className="choices" aria-labelledby={headingId}>
      <legend id={headingId}>Choices</legend>
      {question.choices.length === 0 ? (
        <p className="hint">No choices yet.</p>
      ) : (
        <ChoiceList id={id} choices={question.choices} dispatch={dispatch} />
      )}
      <div className="choice-add">
        <label htmlFor={inputId} className="visually-hidden">
          New choice for {questionLabel}
        </label>
        <input
          id={inputId}
          type="text"
          placeholder="New choice"
          value={text}
          maxLength={MAX_CHOICE_LENGTH}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem('');
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <button type="button" className="button secondary" onClick={add}>
          Add choice
        </button>
      </div>
      {problem && (
        <p className="error-text" id={problemId} role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/** The choices in order, each with Move up, Move down and Remove. */
function ChoiceList({ id, choices, dispatch }: { id: string; choices: readonly string[]; dispatch: Dispatch<EditorAction> }) {
  return (
    <ol className="choice-list">
      {choices.map((choice, index) => (
        <li key={choice} className="choice-item">
          <span className="choice-text">{choice}</span>
          <span className="choice-actions">
            <button
              type="button"
              className="icon-button"
              aria-label={`Move choice ${choice} up`}
              title="Move up"
              disabled={index === 0}
              onClick={() => dispatch({ type: 'shiftChoice', id, index, by: -1 })}
            >
              ↑
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={`Move choice ${choice} down`}
              title="Move down"
              disabled={index === choices.length - 1}
              onClick={() => dispatch({ type: 'shiftChoice', id, index, by: 1 })}
            >
              ↓
            </button>
            <button
              type="button"
              className="icon-button danger"
              aria-label={`Remove choice ${choice}`}
              title="Remove"
              onClick={() => dispatch({ type: 'removeChoice', id, index })}
            >
              ×
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
