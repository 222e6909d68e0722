/**
 * A question's validation settings (documentation §5 "Validation config by type"), offered only where
 * they apply: the switch for true/false, single and multiple choice, number, decimal and datetime; the
 * passing value of pass/fail (always judged); then who hears of validation errors (roles and users
 * toggled in and out).
 */
import { useEffect, useId, useState, type Dispatch } from 'react';
import { toDatetimeAnswer } from '../../src/shared/checklists/answers.ts';
import type { Question } from '../../src/shared/checklists/question.ts';
import { allowsValidation } from '../../src/shared/checklists/value-types.ts';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import { localInputValue } from './datetime-input.ts';
import type { EditorAction, ValidationPatch } from './editor-state.ts';
import { ValidationRecipients } from './ValidationRecipients.tsx';

interface Props {
  id: string;
  questionLabel: string;
  question: Question;
  subjects: AclSubject[] | 'loading' | 'failed';
  dispatch: Dispatch<EditorAction>;
}

/** A number setting typed as text: kept while it is half-typed ('-', '1e'), sent when it is a number or empty (no bound). */
function NumberSetting({ label, value, step, onValue }: { label: string; value: unknown; step: string; onValue: (value: number | null) => void }) {
  const inputId = useId();
  const shown = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(shown);
  useEffect(() => {
    // Follow changes from elsewhere (a value-type change resets the bounds).
    setText((current) => (current.trim() === '' ? null : Number(current)) === (typeof value === 'number' ? value : null) ? current : shown);
  }, [value, shown]);
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="number"
        inputMode="decimal"
        step={step}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === '') onValue(null);
          else if (Number.isFinite(Number(next))) onValue(Number(next));
        }}
      />
    </div>
  );
}

function DatetimeSetting({ label, value, onValue }: { label: string; value: unknown; onValue: (iso: string | null) => void }) {
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} type="datetime-local" value={localInputValue(value)} onChange={(event) => onValue(toDatetimeAnswer(event.target.value) || null)} />
    </div>
  );
}

function SelectSetting({ label, value, options, onValue }: { label: string; value: string; options: { value: string; label: string }[]; onValue: (value: string) => void }) {
  const selectId = useId();
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} value={value} onChange={(event) => onValue(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TypeSettings({ question, set }: { question: Question; set: (patch: ValidationPatch) => void }) {
  const { validation: v, valueType } = question;
  const legendId = useId();
  switch (valueType) {
    case 'true/false':
      return (
        <SelectSetting
          label="Correct answer"
          value={v.value === false ? 'false' : 'true'}
          options={[
            { value: 'true', label: 'True' },
            { value: 'false', label: 'False' },
          ]}
          onValue={(value) => set({ value: value === 'true' })}
        />
      );
    case 'pass/fail':
      return (
        <SelectSetting
          label="Passing answer"
          value={v.value === 'fail' ? 'fail' : 'pass'}
          options={[
            { value: 'pass', label: 'Pass' },
            { value: 'fail', label: 'Fail' },
          ]}
          onValue={(value) => set({ value })}
        />
      );
    case 'single choice':
      return (
        <SelectSetting
          label="Correct choice"
          value={typeof v.value === 'string' ? v.value : ''}
          options={[{ value: '', label: '(none chosen)' }, ...question.choices.map((choice) => ({ value: choice, label: choice }))]}
          onValue={(value) => set({ value: value === '' ? null : value })}
        />
      );
    case 'multiple choice': {
      const correct = v.values ?? [];
      return (
        <fieldset className="correct-choices" aria-labelledby={legendId}>
          <legend id={legendId}>Correct choices</legend>
          {question.choices.length === 0 && <p className="hint">Add choices first.</p>}
          {question.choices.map((choice) => (
            <label key={choice} className="check">
              <input
                type="checkbox"
                checked={correct.includes(choice)}
                onChange={(event) => set({ values: event.target.checked ? [...correct, choice] : correct.filter((c) => c !== choice) })}
              />
              {choice}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'number':
    case 'decimal': {
      const step = valueType === 'number' ? '1' : 'any';
      return (
        <div className="bounds">
          <NumberSetting label="Minimum" value={v.min} step={step} onValue={(min) => set({ min })} />
          <NumberSetting label="Maximum" value={v.max} step={step} onValue={(max) => set({ max })} />
        </div>
      );
    }
    case 'datetime':
      return (
        <div className="bounds">
          <DatetimeSetting label="Earliest" value={v.min} onValue={(min) => set({ min })} />
          <DatetimeSetting label="Latest" value={v.max} onValue={(max) => set({ max })} />
        </div>
      );
    default:
      return null;
  }
}

export function ValidationSettings({ id, questionLabel, question, subjects, dispatch }: Props) {
  const headingId = useId();
  const switchable = allowsValidation(question.valueType);
  const judged = question.valueType === 'pass/fail' || (switchable && question.validation.enabled);
  if (!switchable && question.valueType !== 'pass/fail') return null;
  const set = (patch: ValidationPatch) => dispatch({ type: 'setValidation', id, patch });
  return (
    <section className="validation" aria-labelledby={headingId}>
      <h3 id={headingId} className="sub-heading">
        Validation
      </h3>
      {switchable && (
        <label className="check">
          <input type="checkbox" checked={question.validation.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
          Validate answers
        </label>
      )}
      {judged && (
        <>
          <TypeSettings question={question} set={set} />
          <ValidationRecipients id={id} questionLabel={questionLabel} validation={question.validation} subjects={subjects} dispatch={dispatch} />
        </>
      )}
    </section>
  );
}
