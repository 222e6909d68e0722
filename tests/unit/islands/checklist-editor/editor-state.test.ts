import { describe, expect, it } from 'vitest';
import {
  choiceProblem,
  editChecklist,
  initialState,
  publishProblems,
  readContents,
  startingPoint,
  type EditorAction,
  type EditorState,
} from '../../../../islands/checklist-editor/editor-state.ts';
import { MAX_CHOICE_LENGTH, MAX_CHOICES, MAX_QUESTION_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH, newQuestion } from '../../../../src/shared/checklists/question.ts';
import { formContents } from '../../../../src/shared/checklists/schemas.ts';
import { VALUE_TYPES, defaultValidation, defaultWidget } from '../../../../src/shared/checklists/value-types.ts';

const now = new Date('2025-03-01T10:00:00.000Z');

function run(...actions: EditorAction[]): EditorState {
  return actions.reduce(editChecklist, initialState());
}

const add = (id: string): EditorAction => ({ type: 'addQuestion', id, now });
const order = (state: EditorState) => state.contents.question_index;
const question = (state: EditorState, id: string) => state.contents.questions[id]!;

describe('checklist editor: questions', () => {
  it('adds the default question (true/false, radio buttons, required) at the end', () => {
    const state = run(add('a'), add('b'));
    expect(order(state)).toEqual(['a', 'b']);
    expect(question(state, 'b')).toEqual(newQuestion(now));
    expect(question(state, 'b')).toMatchObject({ valueType: 'true/false', widget: 'radio buttons', required: true });
    expect(state.changed).toBe(true);
    expect(state.revision).toBe(2);
  });

  it('ignores an id that is already taken', () => {
    const once = run(add('a'));
    expect(editChecklist(once, add('a'))).toBe(once);
  });

  it('deletes a question from the questions and the order', () => {
    const state = run(add('a'), add('b'), add('c'), { type: 'deleteQuestion', id: 'b' });
    expect(order(state)).toEqual(['a', 'c']);
    expect(Object.keys(state.contents.questions).sort()).toEqual(['a', 'c']);
    const same = editChecklist(state, { type: 'deleteQuestion', id: 'nope' });
    expect(same).toBe(state);
  });

  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 2, ['a', 'c', 'b']],
  ])('moves the question at %i to %i (drag)', (from, to, expected) => {
    const state = run(add('a'), add('b'), add('c'), { type: 'moveQuestion', from, to });
    expect(order(state)).toEqual(expected);
  });

  it('leaves the order alone for a move out of range or onto itself', () => {
    const state = run(add('a'), add('b'));
    for (const [from, to] of [[0, 0], [0, 5], [-1, 1], [3, 0]] as const) {
      expect(editChecklist(state, { type: 'moveQuestion', from, to })).toBe(state);
    }
  });

  it('shifts a question up and down, not past either end', () => {
    const state = run(add('a'), add('b'), add('c'));
    expect(order(editChecklist(state, { type: 'shiftQuestion', id: 'c', by: -1 }))).toEqual(['a', 'c', 'b']);
    expect(order(editChecklist(state, { type: 'shiftQuestion', id: 'a', by: 1 }))).toEqual(['b', 'a', 'c']);
    expect(editChecklist(state, { type: 'shiftQuestion', id: 'a', by: -1 })).toBe(state);
    expect(editChecklist(state, { type: 'shiftQuestion', id: 'c', by: 1 })).toBe(state);
  });

  it('sets the title, description and flags; no change when the value is the same', () => {
    let state = run(add('a'));
    state = editChecklist(state, { type: 'setTitle', id: 'a', title: 'Doors locked?' });
    state = editChecklist(state, { type: 'setDescription', id: 'a', description: 'All of them' });
    state = editChecklist(state, { type: 'setFlag', id: 'a', flag: 'allowComments', on: true });
    state = editChecklist(state, { type: 'setFlag', id: 'a', flag: 'required', on: false });
    expect(question(state, 'a')).toMatchObject({ title: 'Doors locked?', description: 'All of them', allowComments: true, required: false });
    expect(editChecklist(state, { type: 'setTitle', id: 'a', title: 'Doors locked?' })).toBe(state);
    expect(editChecklist(state, { type: 'setFlag', id: 'a', flag: 'photoVerification', on: false })).toBe(state);
  });

  it('cuts titles and descriptions at the limits', () => {
    const state = run(add('a'), { type: 'setTitle', id: 'a', title: 'x'.repeat(MAX_TITLE_LENGTH + 5) }, { type: 'setDescription', id: 'a', description: 'y'.repeat(MAX_QUESTION_DESCRIPTION_LENGTH + 5) });
    expect(question(state, 'a').title).toHaveLength(MAX_TITLE_LENGTH);
    expect(question(state, 'a').description).toHaveLength(MAX_QUESTION_DESCRIPTION_LENGTH);
  });

  it('answers the same state for a question that does not exist', () => {
    const state = run(add('a'));
    expect(editChecklist(state, { type: 'setTitle', id: 'zz', title: 'x' })).toBe(state);
  });
});

describe('checklist editor: value type and widget', () => {
  it.each(VALUE_TYPES)('changing to %s resets choices, widget and validation to the type defaults', (valueType) => {
    const start = run(
      add('a'),
      { type: 'setValueType', id: 'a', valueType: valueType === 'single choice' ? 'multiple choice' : 'single choice', now },
      { type: 'addChoice', id: 'a', text: 'Red' },
      { type: 'setValidation', id: 'a', patch: { enabled: true, value: 'Red', values: ['Red'] } },
      { type: 'toggleRecipient', id: 'a', kind: 'roles', subjectId: 'r1' },
      { type: 'setTitle', id: 'a', title: 'Kept' },
    );
    const state = editChecklist(start, { type: 'setValueType', id: 'a', valueType, now });
    expect(question(state, 'a')).toMatchObject({
      title: 'Kept',
      valueType,
      widget: defaultWidget(valueType),
      choices: [],
      validation: defaultValidation(valueType, now),
    });
  });

  it('keeps everything when the value type is the same', () => {
    const state = run(add('a'), { type: 'setValidation', id: 'a', patch: { enabled: true } });
    expect(editChecklist(state, { type: 'setValueType', id: 'a', valueType: 'true/false', now })).toBe(state);
  });

  it('takes only a widget paired with the value type', () => {
    let state = run(add('a'), { type: 'setValueType', id: 'a', valueType: 'number', now });
    state = editChecklist(state, { type: 'setWidget', id: 'a', widget: 'qr code' });
    expect(question(state, 'a').widget).toBe('qr code');
    expect(editChecklist(state, { type: 'setWidget', id: 'a', widget: 'dropdown' })).toBe(state);
    const truth = run(add('b'));
    expect(editChecklist(truth, { type: 'setWidget', id: 'b', widget: 'checkboxes' })).toBe(truth);
  });
});

describe('checklist editor: choices', () => {
  const single = () => run(add('a'), { type: 'setValueType', id: 'a', valueType: 'single choice', now });

  it('adds trimmed text; empty or blank text is ignored', () => {
    let state = single();
    state = editChecklist(state, { type: 'addChoice', id: 'a', text: '  Red ' });
    expect(question(state, 'a').choices).toEqual(['Red']);
    for (const text of ['', '   ', '\n']) expect(editChecklist(state, { type: 'addChoice', id: 'a', text })).toBe(state);
  });

  it('refuses a repeated choice, and says why', () => {
    const state = editChecklist(single(), { type: 'addChoice', id: 'a', text: 'Red' });
    expect(editChecklist(state, { type: 'addChoice', id: 'a', text: 'Red ' })).toBe(state);
    expect(choiceProblem(question(state, 'a'), ' Red')).toBe('"Red" is already a choice');
    expect(choiceProblem(question(state, 'a'), '')).toBeUndefined();
    expect(choiceProblem(question(state, 'a'), 'x'.repeat(MAX_CHOICE_LENGTH + 1))).toMatch(/at most/);
    expect(choiceProblem({ choices: Array.from({ length: MAX_CHOICES }, (_, i) => `c${i}`) }, 'new')).toMatch(/at most/);
  });

  it('adds no choices to types without them', () => {
    const state = run(add('a'));
    expect(editChecklist(state, { type: 'addChoice', id: 'a', text: 'Red' })).toBe(state);
  });

  it('removes a choice, and with it the correct choice of the validation', () => {
    let state = run(
      add('a'),
      { type: 'setValueType', id: 'a', valueType: 'single choice', now },
      { type: 'addChoice', id: 'a', text: 'Red' },
      { type: 'addChoice', id: 'a', text: 'Blue' },
      { type: 'setValidation', id: 'a', patch: { enabled: true, value: 'Blue' } },
    );
    state = editChecklist(state, { type: 'removeChoice', id: 'a', index: 1 });
    expect(question(state, 'a').choices).toEqual(['Red']);
    expect(question(state, 'a').validation.value).toBeNull();
    expect(editChecklist(state, { type: 'removeChoice', id: 'a', index: 4 })).toBe(state);

    let multiple = run(
      add('m'),
      { type: 'setValueType', id: 'm', valueType: 'multiple choice', now },
      { type: 'addChoice', id: 'm', text: 'A' },
      { type: 'addChoice', id: 'm', text: 'B' },
      { type: 'setValidation', id: 'm', patch: { values: ['A', 'B'] } },
    );
    multiple = editChecklist(multiple, { type: 'removeChoice', id: 'm', index: 0 });
    expect(question(multiple, 'm').validation.values).toEqual(['B']);
  });

  it('moves a choice up and down, not past either end', () => {
    const state = run(
      add('a'),
      { type: 'setValueType', id: 'a', valueType: 'multiple choice', now },
      { type: 'addChoice', id: 'a', text: 'A' },
      { type: 'addChoice', id: 'a', text: 'B' },
      { type: 'addChoice', id: 'a', text: 'C' },
    );
    expect(question(editChecklist(state, { type: 'shiftChoice', id: 'a', index: 2, by: -1 }), 'a').choices).toEqual(['A', 'C', 'B']);
    expect(question(editChecklist(state, { type: 'shiftChoice', id: 'a', index: 0, by: 1 }), 'a').choices).toEqual(['B', 'A', 'C']);
    expect(editChecklist(state, { type: 'shiftChoice', id: 'a', index: 0, by: -1 })).toBe(state);
    expect(editChecklist(state, { type: 'shiftChoice', id: 'a', index: 2, by: 1 })).toBe(state);
  });
});

describe('checklist editor: validation', () => {
  it.each([
    ['true/false', true],
    ['single choice', true],
    ['multiple choice', true],
    ['number', true],
    ['decimal', true],
    ['datetime', true],
    ['pass/fail', false],
    ['text', false],
    ['url', false],
    ['email', false],
    ['duration', false],
  ] as const)('validation of %s can be switched on: %s', (valueType, allowed) => {
    const state = run(add('a'), { type: 'setValueType', id: 'a', valueType, now }, { type: 'setValidation', id: 'a', patch: { enabled: true } });
    expect(question(state, 'a').validation.enabled).toBe(allowed);
  });

  it('sets only the settings the type uses', () => {
    let state = run(add('a'), { type: 'setValueType', id: 'a', valueType: 'number', now });
    state = editChecklist(state, { type: 'setValidation', id: 'a', patch: { enabled: true, min: 2, max: 10, value: 'nope' } });
    expect(question(state, 'a').validation).toEqual({ enabled: true, min: 2, max: 10, roles: [], users: [] });
  });

  it('toggles roles and users in and out', () => {
    let state = run(add('a'));
    state = editChecklist(state, { type: 'toggleRecipient', id: 'a', kind: 'roles', subjectId: 'r1' });
    state = editChecklist(state, { type: 'toggleRecipient', id: 'a', kind: 'users', subjectId: 'u1' });
    state = editChecklist(state, { type: 'toggleRecipient', id: 'a', kind: 'users', subjectId: 'u2' });
    expect(question(state, 'a').validation).toMatchObject({ roles: ['r1'], users: ['u1', 'u2'] });
    state = editChecklist(state, { type: 'toggleRecipient', id: 'a', kind: 'users', subjectId: 'u1' });
    expect(question(state, 'a').validation).toMatchObject({ roles: ['r1'], users: ['u2'] });
  });
});

describe('checklist editor: media, loading and publishing', () => {
  it('sets and clears question media', () => {
    let state = run(add('a'), { type: 'setMedia', id: 'a', media: { media: 'u-1', content_type: 'image/jpeg', filename: 'door.jpg' } });
    expect(question(state, 'a')).toMatchObject({ media: 'u-1', content_type: 'image/jpeg', filename: 'door.jpg', media_thumb: null });
    state = editChecklist(state, { type: 'setMedia', id: 'a', media: null });
    expect(question(state, 'a')).toMatchObject({ media: null, content_type: null, filename: null });
  });

  it('loads contents without counting a change', () => {
    const state = run(add('a'));
    const loaded = editChecklist(state, { type: 'load', contents: readContents({}), changed: false });
    expect(loaded).toEqual({ contents: { questions: {}, question_index: [] }, changed: false, revision: state.revision });
  });

  it('reads stored contents in their order with defaults, dropping questions the index does not name', () => {
    const contents = readContents({
      sheet_id: null,
      questions: { q2: { title: 'Two', valueType: 'number' }, q1: { title: 'One' }, stray: { title: 'Stray' } },
      question_index: ['q2', 'q1'],
    });
    expect(contents.question_index).toEqual(['q2', 'q1']);
    expect(Object.keys(contents.questions).sort()).toEqual(['q1', 'q2']);
    expect(contents.questions.q2).toMatchObject({ title: 'Two', valueType: 'number', widget: 'number', required: false });
  });

  it('starts from the draft when there is one', () => {
    const published = { questions: { a: { title: 'Published' } }, question_index: ['a'] };
    const draft = { questions: { a: { title: 'Draft' } }, question_index: ['a'] };
    expect(startingPoint({ contents: published, draft_contents: draft })).toMatchObject({ fromDraft: true, contents: { questions: { a: { title: 'Draft' } } } });
    expect(startingPoint({ contents: published, draft_contents: null })).toMatchObject({ fromDraft: false, contents: { questions: { a: { title: 'Published' } } } });
  });

  it('names what stops publishing: missing titles, choice questions without choices', () => {
    let state = run(add('a'), add('b'), { type: 'setTitle', id: 'a', title: 'Fine' }, { type: 'setValueType', id: 'b', valueType: 'single choice', now });
    expect(publishProblems(state.contents)).toEqual(['Question 2 has no title.', 'Question 2 needs at least one choice.']);
    state = editChecklist(state, { type: 'setTitle', id: 'b', title: 'Colour' });
    state = editChecklist(state, { type: 'addChoice', id: 'b', text: 'Red' });
    expect(publishProblems(state.contents)).toEqual([]);
  });

  it('builds contents that the server schema accepts, for every value type', () => {
    let state = initialState();
    VALUE_TYPES.forEach((valueType, i) => {
      const id = `q${i}`;
      state = editChecklist(state, add(id));
      state = editChecklist(state, { type: 'setValueType', id, valueType, now });
      state = editChecklist(state, { type: 'setTitle', id, title: valueType });
      state = editChecklist(state, { type: 'addChoice', id, text: 'One' });
      state = editChecklist(state, { type: 'setValidation', id, patch: { enabled: true } });
    });
    expect(formContents.safeParse(state.contents).error?.issues).toBeUndefined();
  });
});
