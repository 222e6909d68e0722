/**
 * The value types of a checklist question, the widgets each may use, and each type's defaults
 * (documentation §3 "Question", §5 "Validation config by type"). Pure data and small functions: the
 * editor, the filler and the server all read them.
 */

export const VALUE_TYPES = [
  'true/false',
  'pass/fail',
  'number',
  'decimal',
  'single choice',
  'multiple choice',
  'datetime',
  'text',
  'url',
  'email',
  'duration',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export const WIDGETS = ['radio buttons', 'dropdown', 'checkboxes', 'number', 'datetime', 'text', 'qr code'] as const;
export type Widget = (typeof WIDGETS)[number];

/**
 * The widgets of each value type, the default first (§3 "Pairings"). The spec names them in this order;
 * the one exception is multiple choice, whose default is checkboxes: its answer is a list, and radio
 * buttons read as "pick one" (they stay allowed, shown as a group of toggles).
 */
export const WIDGETS_BY_VALUE_TYPE = {
  'true/false': ['radio buttons'],
  'pass/fail': ['radio buttons'],
  'single choice': ['radio buttons', 'dropdown'],
  'multiple choice': ['checkboxes', 'radio buttons'],
  number: ['number', 'qr code'],
  decimal: ['number', 'qr code'],
  datetime: ['datetime'],
  text: ['text', 'qr code'],
  url: ['text', 'qr code'],
  email: ['text', 'qr code'],
  duration: ['text', 'qr code'],
} as const satisfies Record<ValueType, readonly [Widget, ...Widget[]]>;

export function isValueType(value: unknown): value is ValueType {
  return typeof value === 'string' && (VALUE_TYPES as readonly string[]).includes(value);
}

export function isWidget(value: unknown): value is Widget {
  return typeof value === 'string' && (WIDGETS as readonly string[]).includes(value);
}

export function widgetsOf(type: ValueType): readonly Widget[] {
  return WIDGETS_BY_VALUE_TYPE[type];
}

export function defaultWidget(type: ValueType): Widget {
  return WIDGETS_BY_VALUE_TYPE[type][0];
}

export function allowsWidget(type: ValueType, widget: Widget): boolean {
  return widgetsOf(type).includes(widget);
}

/** The types whose choices the editor lets the author write (added, removed, moved). */
export const CHOICE_TYPES = ['single choice', 'multiple choice'] as const satisfies readonly ValueType[];

export function hasChoices(type: ValueType): boolean {
  return (CHOICE_TYPES as readonly ValueType[]).includes(type);
}

/**
 * A new question's choices for a value type: always none. Single and multiple choice start empty and
 * the author adds them; true/false and pass/fail have fixed options (`FIXED_OPTIONS`), not choices.
 */
export function defaultChoices(_type: ValueType): string[] {
  return [];
}

/** One option a radio-button, dropdown or checkbox widget shows: the answer value and its label. */
export interface AnswerOption<V = boolean | string> {
  value: V;
  label: string;
}

/** The options of the two value types whose answers are fixed: true/false answers a boolean, pass/fail a word. */
export const FIXED_OPTIONS = {
  'true/false': [
    { value: true, label: 'True' },
    { value: false, label: 'False' },
  ],
  'pass/fail': [
    { value: 'pass', label: 'Pass' },
    { value: 'fail', label: 'Fail' },
  ],
} as const satisfies Record<'true/false' | 'pass/fail', readonly AnswerOption[]>;

/**
 * The types on which validation can be switched on (§5). Pass/fail has a validation value too but no
 * switch: its answers are always judged against it (a 'fail' is what makes a pass/fail answer invalid).
 */
export const VALIDATABLE_TYPES = [
  'true/false',
  'single choice',
  'multiple choice',
  'number',
  'decimal',
  'datetime',
] as const satisfies readonly ValueType[];

export function allowsValidation(type: ValueType): boolean {
  return (VALIDATABLE_TYPES as readonly ValueType[]).includes(type);
}

/**
 * A question's validation settings. Which of `value`, `values`, `min`, `max` apply depends on the value
 * type (see `defaultValidation`); `roles` and `users` are who hears of validation errors.
 */
export interface Validation {
  enabled: boolean;
  /** true/false: the correct value; pass/fail: the passing value; single choice: the correct choice (null: none chosen yet). */
  value?: boolean | string | null;
  /** multiple choice: the correct choices (the answer must be exactly these, in any order). */
  values?: string[];
  /** number and decimal: numbers; datetime: ISO 8601 date-times. Null: no bound. */
  min?: number | string | null;
  max?: number | string | null;
  /** Role ids and user ids toggled in the editor. */
  roles: string[];
  users: string[];
}

/**
 * A value type's default validation settings (§5): true/false correct value true; pass/fail value
 * 'pass'; single choice no correct choice yet; multiple choice no correct values yet; number and
 * decimal min 0, max 1; datetime min and max now. Switched off.
 */
export function defaultValidation(type: ValueType, now: Date = new Date()): Validation {
  const base = { enabled: false, roles: [], users: [] };
  switch (type) {
    case 'true/false':
      return { ...base, value: true };
    case 'pass/fail':
      return { ...base, value: 'pass' };
    case 'single choice':
      return { ...base, value: null };
    case 'multiple choice':
      return { ...base, values: [] };
    case 'number':
    case 'decimal':
      return { ...base, min: 0, max: 1 };
    case 'datetime':
      return { ...base, min: now.toISOString(), max: now.toISOString() };
    case 'text':
    case 'url':
    case 'email':
    case 'duration':
      return base;
  }
}
