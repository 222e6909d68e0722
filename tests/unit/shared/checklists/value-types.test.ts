/** Value types, their widgets and defaults (documentation §3 "Question", §5 "Validation config by type"). */
import { describe, expect, it } from 'vitest';
import {
  allowsValidation,
  allowsWidget,
  defaultChoices,
  defaultValidation,
  defaultWidget,
  FIXED_OPTIONS,
  hasChoices,
  VALUE_TYPES,
  WIDGETS,
  widgetsOf,
  type ValueType,
  type Widget,
} from '../../../../src/shared/checklists/index.ts';

/** §3 "Pairings", the default (first) as decided in docs/checklists.md. */
const PAIRINGS: [ValueType, Widget[]][] = [
  ['true/false', ['radio buttons']],
  ['pass/fail', ['radio buttons']],
  ['single choice', ['radio buttons', 'dropdown']],
  ['multiple choice', ['checkboxes', 'radio buttons']],
  ['number', ['number', 'qr code']],
  ['decimal', ['number', 'qr code']],
  ['datetime', ['datetime']],
  ['text', ['text', 'qr code']],
  ['url', ['text', 'qr code']],
  ['email', ['text', 'qr code']],
  ['duration', ['text', 'qr code']],
];

describe('value types and widgets', () => {
  it('has the eleven value types and seven widgets of §3', () => {
    expect([...VALUE_TYPES].sort()).toEqual(PAIRINGS.map(([type]) => type).sort());
    expect(VALUE_TYPES).toHaveLength(11);
    expect([...WIDGETS].sort()).toEqual(['checkboxes', 'datetime', 'dropdown', 'number', 'qr code', 'radio buttons', 'text']);
  });

  it.each(PAIRINGS)('%s shows exactly %j, the first by default', (type, widgets) => {
    expect([...widgetsOf(type)]).toEqual(widgets);
    expect(defaultWidget(type)).toBe(widgets[0]);
    for (const widget of WIDGETS) expect(allowsWidget(type, widget), widget).toBe(widgets.includes(widget));
  });

  it('every widget serves some value type', () => {
    for (const widget of WIDGETS) expect(PAIRINGS.some(([, widgets]) => widgets.includes(widget)), widget).toBe(true);
  });
});

describe('choices', () => {
  it.each(VALUE_TYPES.map((t) => [t]))('%s starts with no choices', (type) => {
    expect(defaultChoices(type)).toEqual([]);
  });

  it('only single and multiple choice take written choices; true/false and pass/fail have fixed options', () => {
    expect(VALUE_TYPES.filter(hasChoices)).toEqual(['single choice', 'multiple choice']);
    expect(FIXED_OPTIONS['true/false']).toEqual([
      { value: true, label: 'True' },
      { value: false, label: 'False' },
    ]);
    expect(FIXED_OPTIONS['pass/fail']).toEqual([
      { value: 'pass', label: 'Pass' },
      { value: 'fail', label: 'Fail' },
    ]);
  });
});

describe('validation defaults (§5)', () => {
  const now = new Date('2026-03-04T05:06:07.000Z');
  const off = { enabled: false, roles: [], users: [] };
  it.each<[ValueType, boolean, object]>([
    ['true/false', true, { ...off, value: true }],
    ['pass/fail', false, { ...off, value: 'pass' }],
    ['single choice', true, { ...off, value: null }],
    ['multiple choice', true, { ...off, values: [] }],
    ['number', true, { ...off, min: 0, max: 1 }],
    ['decimal', true, { ...off, min: 0, max: 1 }],
    ['datetime', true, { ...off, min: now.toISOString(), max: now.toISOString() }],
    ['text', false, off],
    ['url', false, off],
    ['email', false, off],
    ['duration', false, off],
  ])('%s: can be switched on %s; defaults %j', (type, switchable, defaults) => {
    expect(allowsValidation(type)).toBe(switchable);
    expect(defaultValidation(type, now)).toEqual(defaults);
  });

  it('datetime bounds default to now', () => {
    const before = Date.now();
    const { min, max } = defaultValidation('datetime');
    expect(Date.parse(min as string)).toBeGreaterThanOrEqual(before);
    expect(max).toBe(min);
  });
});
