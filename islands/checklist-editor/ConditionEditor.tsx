/**
 * "Show only if…" of one question (issue #33): pick an earlier question (or none: always shown), an
 * operator offered for its value type, and a value — picked from its options or choices where it has
 * them, typed otherwise. A condition that can no longer be judged (its question deleted, moved below or
 * retyped) stays as it is and is flagged here; publishing is refused until it is mended.
 */
import { useId, type Dispatch } from 'react';
import { toDatetimeAnswer } from '../../src/shared/checklists/answers.ts';
import { isConditionOp, opsOf, takesValue, type ShowIf } from '../../src/shared/checklists/conditions.ts';
import { OP_WORDS } from './condition-words.ts';
import { FIXED_OPTIONS } from '../../src/shared/checklists/value-types.ts';
import { newCondition, withOp, type ConditionTarget } from './conditions.ts';
import { localInputValue } from './datetime-input.ts';
import type { EditorAction } from './editor-state.ts';

interface Props {
  id: string;
  questionLabel: string;
  /** Every question of the checklist, in order (only those before this one are offered). */
  targets: readonly ConditionTarget[];
  index: number;
  condition: ShowIf | null | undefined;
  /** Why the condition cannot be judged, if it cannot. */
  flag: string | undefined;
  dispatch: Dispatch<EditorAction>;
}

function ValueField({ target, condition, label, onValue }: { target: ConditionTarget; condition: ShowIf; label: string; onValue: (value: unknown) => void }) {
  const inputId = useId();
  const { valueType } = target;
  let control;
  if (valueType === 'true/false' || valueType === 'pass/fail' || valueType === 'single choice' || valueType === 'multiple choice') {
    const options: { value: unknown; label: string }[] =
      valueType === 'true/false' || valueType === 'pass/fail' ? [...FIXED_OPTIONS[valueType]] : target.choices.map((c) => ({ value: c, label: c }));
    const at = options.findIndex((o) => o.value === condition.value);
    control = (
      <select id={inputId} data-condition="value" value={at === -1 ? '' : String(at)} onChange={(event) => onValue(options[Number(event.target.value)]?.value)}>
        {at === -1 && <option value="">(choose)</option>}
        {options.map((option, i) => (
          <option key={i} value={String(i)}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (valueType === 'number' || valueType === 'decimal') {
    control = (
      <input
        id={inputId}
        data-condition="value"
        type="number"
        step={valueType === 'number' ? '1' : 'any'}
        value={typeof condition.value === 'number' ? String(condition.value) : ''}
        onChange={(event) => event.target.value.trim() !== '' && Number.isFinite(Number(event.target.value)) && onValue(Number(event.target.value))}
      />
    );
  } else if (valueType === 'datetime') {
    control = (
      <input
        id={inputId}
        data-condition="value"
        type="datetime-local"
        value={localInputValue(condition.value)}
        onChange={(event) => event.target.value && onValue(toDatetimeAnswer(event.target.value))}
      />
    );
  } else {
    control = (
      <input
        id={inputId}
        data-condition="value"
        type="text"
        value={typeof condition.value === 'string' ? condition.value : ''}
        onChange={(event) => onValue(event.target.value)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {control}
    </div>
  );
}

export function ConditionEditor({ id, questionLabel, targets, index, condition, flag, dispatch }: Props) {
  const uid = useId();
  const earlier = targets.slice(0, index);
  const target = condition ? targets.find((t) => t.id === condition.question) : undefined;
  const named = condition && !earlier.some((t) => t.id === condition.question);
  const set = (showIf: ShowIf | null) => dispatch({ type: 'setCondition', id, showIf });
  if (index === 0 && !condition) return null;
  return (
    <fieldset className="condition">
      <legend>Show only if…</legend>
      <div className="condition-fields">
        <div className="field">
          <label htmlFor={`${uid}-question`}>Question</label>
          <select
            id={`${uid}-question`}
            data-condition="question"
            aria-describedby={flag ? `${uid}-flag` : undefined}
            aria-invalid={flag ? true : undefined}
            value={condition?.question ?? ''}
            onChange={(event) => {
              const chosen = earlier.find((t) => t.id === event.target.value);
              set(chosen ? newCondition(chosen) : null);
            }}
          >
            <option value="">(always shown)</option>
            {condition && named && <option value={condition.question}>{target ? `${target.label} (not before ${questionLabel})` : '(deleted question)'}</option>}
            {earlier.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        {condition && target && (
          <div className="field">
            <label htmlFor={`${uid}-op`}>Condition</label>
            <select
              id={`${uid}-op`}
              data-condition="op"
              value={condition.op}
              onChange={(event) => isConditionOp(event.target.value) && set(withOp(condition, target, event.target.value))}
            >
              {!(opsOf(target.valueType) as readonly string[]).includes(condition.op) && <option value={condition.op}>{OP_WORDS[condition.op]}</option>}
              {opsOf(target.valueType).map((op) => (
                <option key={op} value={op}>
                  {OP_WORDS[op]}
                </option>
              ))}
            </select>
          </div>
        )}
        {condition && target && takesValue(condition.op) && (
          <ValueField target={target} condition={condition} label="Value" onValue={(value) => set({ ...condition, value })} />
        )}
      </div>
      {flag && (
        <p className="error-text" id={`${uid}-flag`}>
          {flag}
        </p>
      )}
    </fieldset>
  );
}
