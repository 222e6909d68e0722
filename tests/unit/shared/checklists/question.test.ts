/** A new question, a value-type change, a stored question read with defaults (documentation §3, §4). */
import { describe, expect, it } from 'vitest';
import {
  defaultValidation,
  newQuestion,
  orderedQuestions,
  readQuestion,
  VALUE_TYPES,
  withValueType,
  type Question,
} from '../../../../src/shared/checklists/index.ts';

const now = new Date('2026-01-02T03:04:05.000Z');

describe('newQuestion', () => {
  it('is true/false with radio buttons, required, nothing else switched on', () => {
    expect(newQuestion(now)).toEqual({
      title: '',
      description: '',
      valueType: 'true/false',
      widget: 'radio buttons',
      choices: [],
      required: true,
      allowComments: false,
      photoVerification: false,
      validation: { enabled: false, value: true, roles: [], users: [] },
    });
  });
});

describe('withValueType', () => {
  const edited: Question = {
    ...newQuestion(now),
    title: 'Door locked?',
    description: 'Check both doors',
    valueType: 'single choice',
    widget: 'dropdown',
    choices: ['Yes', 'No'],
    required: false,
    allowComments: true,
    photoVerification: true,
    validation: { enabled: true, value: 'Yes', roles: ['r'], users: ['u'] },
    media: 'upload-1',
  };

  it.each(VALUE_TYPES.map((t) => [t]))('to %s: choices, widget and validation reset to its defaults, the rest kept', (type) => {
    const changed = withValueType(edited, type, now);
    expect(changed).toEqual({
      ...edited,
      valueType: type,
      widget: changed.widget,
      choices: [],
      validation: defaultValidation(type, now),
    });
    expect(changed.widget).toBe(
      { 'multiple choice': 'checkboxes', 'single choice': 'radio buttons', 'true/false': 'radio buttons', 'pass/fail': 'radio buttons', number: 'number', decimal: 'number', datetime: 'datetime' }[
        type as string
      ] ?? 'text',
    );
    expect(edited.choices).toEqual(['Yes', 'No']);
  });
});

describe('readQuestion', () => {
  it('fills what a stored question lacks: true/false, its widget, flags off, validation off', () => {
    expect(readQuestion({})).toEqual({
      title: '',
      description: '',
      valueType: 'true/false',
      widget: 'radio buttons',
      choices: [],
      required: false,
      allowComments: false,
      photoVerification: false,
      validation: { enabled: false, value: true, roles: [], users: [] },
      media: null,
      media_thumb: null,
      content_type: null,
      filename: null,
      show_if: null,
    });
    expect(readQuestion('not a question').valueType).toBe('true/false');
  });

  it('keeps what fits, and replaces a widget the type does not pair with', () => {
    const q = readQuestion({
      title: 'Temperature',
      valueType: 'decimal',
      widget: 'dropdown',
      required: true,
      validation: { enabled: true, min: 2, max: 8, value: true, roles: ['r1'], users: [1, 'u1'] },
    });
    expect(q.widget).toBe('number');
    expect(q.required).toBe(true);
    expect(q.validation).toEqual({ enabled: true, min: 2, max: 8, roles: ['r1'], users: ['u1'] });
  });
});

describe('orderedQuestions', () => {
  it('lists the questions of question_index in order, skipping ids without a question', () => {
    const list = orderedQuestions({ questions: { a: { title: 'A' }, b: { title: 'B' }, hidden: {} }, question_index: ['b', 'missing', 'a'] });
    expect(list.map((q) => [q.id, q.question.title])).toEqual([
      ['b', 'B'],
      ['a', 'A'],
    ]);
    expect(orderedQuestions({})).toEqual([]);
  });
});
