/**
 * The controls of one question, per widget (documentation §3 "Pairings"): radio buttons, dropdown,
 * checkboxes (and multiple choice shown as radio buttons: a group of toggles), number, datetime, text,
 * and the QR-code widget (a text field with a 'Scan QR code' button). Lit templates only; the element
 * owns the state and hands each template the question, its answer and what to call on a change.
 */
import { html, isServer, noChange, nothing, type TemplateResult } from 'lit';
import { NOT_CHECKED } from '../../src/shared/checklists/answers.ts';
import type { Question } from '../../src/shared/checklists/question.ts';
import { FIXED_OPTIONS, type AnswerOption } from '../../src/shared/checklists/value-types.ts';
import { localInputValue, toggledChoice } from './answer-state.ts';

export interface FieldContext {
  /** Unique per question in the element: ids and radio-group names derive from it. */
  key: string;
  question: Question;
  value: unknown;
  /** The id of the question's title (the legend), which names single controls. */
  titleId: string;
  describedBy: string;
  disabled: boolean;
  change: (value: unknown) => void;
  scan: () => void;
}

/** The options a radio-button or dropdown widget offers for the question's value type. */
export function optionsOf(question: Question): readonly AnswerOption[] {
  if (question.valueType === 'true/false') return FIXED_OPTIONS['true/false'];
  if (question.valueType === 'pass/fail') return FIXED_OPTIONS['pass/fail'];
  return question.choices.map((choice) => ({ value: choice, label: choice }));
}

const textValue = (value: unknown): string => (typeof value === 'string' && value !== NOT_CHECKED ? value : '');
const inputText = (event: Event): string => (event.target as HTMLInputElement).value;

/**
 * A box's or a radio button's checked state, bound as a property (the live state, which an attribute stops
 * setting once the person has clicked). Lit SSR writes such a binding as the attribute with the value's
 * text, and HTML reads `checked="false"` as checked: on the server an unchecked one writes nothing.
 */
const checkedState = (checked: boolean): boolean | typeof noChange => (checked || !isServer ? checked : noChange);

function radios(f: FieldContext): TemplateResult {
  return html`<div class="options">
    ${optionsOf(f.question).map(
      (option, i) =>
        html`<label class="option"
          ><input
            type="radio"
            name=${f.key}
            id=${`${f.key}-o${i}`}
            .checked=${checkedState(f.value === option.value)}
            ?disabled=${f.disabled}
            @change=${() => f.change(option.value)}
          />
          <span>${option.label}</span></label
        >`,
    )}
  </div>`;
}

function dropdown(f: FieldContext): TemplateResult {
  const options = optionsOf(f.question);
  return html`<select
    id=${`${f.key}-input`}
    aria-labelledby=${f.titleId}
    aria-describedby=${f.describedBy}
    ?disabled=${f.disabled}
    @change=${(event: Event) => {
      const index = (event.target as HTMLSelectElement).selectedIndex - 1;
      f.change(index >= 0 ? options[index]?.value : NOT_CHECKED);
    }}
  >
    <option value="" ?selected=${!options.some((o) => o.value === f.value)}>Not checked</option>
    ${options.map((option) => html`<option ?selected=${option.value === f.value}>${option.label}</option>`)}
  </select>`;
}

function checkboxes(f: FieldContext): TemplateResult {
  const chosen = Array.isArray(f.value) ? f.value : [];
  return html`<div class="options">
    ${f.question.choices.map(
      (choice) =>
        html`<label class="option"
          ><input
            type="checkbox"
            .checked=${checkedState(chosen.includes(choice))}
            ?disabled=${f.disabled}
            @change=${(event: Event) => f.change(toggledChoice(f.question, f.value, choice, (event.target as HTMLInputElement).checked))}
          />
          <span>${choice}</span></label
        >`,
    )}
  </div>`;
}

/** Multiple choice with the radio-button widget: buttons that stay pressed, any number of them. */
function toggles(f: FieldContext): TemplateResult {
  const chosen = Array.isArray(f.value) ? f.value : [];
  return html`<div class="options toggles">
    ${f.question.choices.map(
      (choice) =>
        html`<button
          type="button"
          class="toggle"
          aria-pressed=${chosen.includes(choice) ? 'true' : 'false'}
          ?disabled=${f.disabled}
          @click=${() => f.change(toggledChoice(f.question, f.value, choice, !chosen.includes(choice)))}
        >
          ${choice}
        </button>`,
    )}
  </div>`;
}

function numberField(f: FieldContext): TemplateResult {
  const whole = f.question.valueType === 'number';
  return html`<input
    type="number"
    id=${`${f.key}-input`}
    inputmode=${whole ? 'numeric' : 'decimal'}
    step=${whole ? '1' : 'any'}
    aria-labelledby=${f.titleId}
    aria-describedby=${f.describedBy}
    .value=${textValue(f.value)}
    ?disabled=${f.disabled}
    @input=${(event: Event) => f.change(inputText(event))}
  />`;
}

function datetimeField(f: FieldContext): TemplateResult {
  return html`<input
    type="datetime-local"
    id=${`${f.key}-input`}
    aria-labelledby=${f.titleId}
    aria-describedby=${f.describedBy}
    .value=${localInputValue(f.value)}
    ?disabled=${f.disabled}
    @change=${(event: Event) => {
      const local = inputText(event);
      if (local === '') f.change(NOT_CHECKED);
      else {
        const at = new Date(local);
        f.change(Number.isFinite(at.getTime()) ? at.toISOString() : local);
      }
    }}
  />`;
}

const INPUT_MODES: Partial<Record<Question['valueType'], string>> = { email: 'email', url: 'url', number: 'numeric', decimal: 'decimal' };

function textField(f: FieldContext): TemplateResult {
  return html`<input
    type="text"
    id=${`${f.key}-input`}
    inputmode=${INPUT_MODES[f.question.valueType] ?? 'text'}
    autocomplete="off"
    autocapitalize=${f.question.valueType === 'text' ? 'sentences' : 'off'}
    spellcheck=${f.question.valueType === 'text' ? 'true' : 'false'}
    aria-labelledby=${f.titleId}
    aria-describedby=${f.describedBy}
    .value=${textValue(f.value)}
    ?disabled=${f.disabled}
    @input=${(event: Event) => f.change(inputText(event))}
  />`;
}

function qrField(f: FieldContext): TemplateResult {
  return html`<div class="qr-field">
    ${textField(f)}
    <button type="button" class="secondary" ?disabled=${f.disabled} @click=${f.scan}>Scan QR code</button>
  </div>`;
}

/** The control(s) of the question's widget. */
export function fieldOf(f: FieldContext): TemplateResult | typeof nothing {
  const { valueType, widget } = f.question;
  switch (widget) {
    case 'radio buttons':
      return valueType === 'multiple choice' ? toggles(f) : radios(f);
    case 'dropdown':
      return dropdown(f);
    case 'checkboxes':
      return checkboxes(f);
    case 'number':
      return numberField(f);
    case 'datetime':
      return datetimeField(f);
    case 'text':
      return textField(f);
    case 'qr code':
      return qrField(f);
  }
}
