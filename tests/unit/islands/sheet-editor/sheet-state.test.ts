import { describe, expect, it } from 'vitest';
import { newQuestion, type Question } from '../../../../src/shared/checklists/question.ts';
import type { ValueType } from '../../../../src/shared/checklists/value-types.ts';
import {
  DUPLICATE_QUESTIONS,
  editSheet,
  formLinkTree,
  initialState,
  isLinkColumn,
  isSelected,
  linkProblem,
  publishProblems,
  readContents,
  type Catalogue,
  type CatalogueForm,
  type SheetAction,
  type SheetEditorState,
} from '../../../../islands/sheet-editor/sheet-state.ts';

const question = (title: string, valueType: ValueType = 'text'): Question => ({ ...newQuestion(), title, valueType });
const form = (id: string, name: string, questions: [string, Question][]): CatalogueForm => ({
  id,
  name,
  path: 'Documentation',
  questions: questions.map(([qid, q]) => ({ id: qid, question: q })),
});

const register = form('f-register', 'Asset register', [
  ['r-tag', question('Asset tag')],
  ['r-loc', question('Location')],
]);
const inspection = form('f-inspect', 'Weekly inspection', [
  ['i-tag', question('Asset tag')],
  ['i-result', question('Result', 'pass/fail')],
]);
const repair = form('f-repair', 'Repair', [
  ['p-tag', question('Asset tag')],
  ['p-cost', question('Cost', 'number')],
]);
const catalogue: Catalogue = { [register.id]: register, [inspection.id]: inspection, [repair.id]: repair };

const run = (...actions: SheetAction[]): SheetEditorState => actions.reduce(editSheet, initialState());

describe('sheet editor state', () => {
  it('adds a checklist at the root: its questions become columns and it joins form_ids', () => {
    const s = run({ type: 'addForm', form: register });
    expect(s.contents.form_ids).toEqual(['f-register']);
    expect(s.contents.question_index).toEqual(['r-tag', 'r-loc']);
    expect(s.contents.questions['r-tag']).toMatchObject({ title: 'Asset tag', form_id: 'f-register' });
    expect(s.contents.form_links).toEqual({});
    expect(s).toMatchObject({ changed: true, revision: 1 });
    expect(isSelected(s.contents, 'f-register')).toBe(true);
  });

  it('adds a checklist linked under a question of another, and shows it in the tree', () => {
    const s = run({ type: 'addForm', form: register }, { type: 'addForm', form: inspection, link: { source: 'i-tag', destination: 'r-tag' } });
    expect(s.contents.form_links).toEqual({ 'i-tag': 'r-tag' });
    expect(publishProblems(s.contents)).toEqual([]);
    const tree = formLinkTree(s.contents, catalogue);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'f-register', name: 'Asset register', question_id: null });
    expect(tree[0]!.children[0]).toMatchObject({ id: 'f-inspect', question_id: 'i-tag', parent_question_id: 'r-tag' });
  });

  it('refuses a link without both questions, across value types, or sharing questions', () => {
    const s = run({ type: 'addForm', form: register });
    expect(linkProblem(s.contents, inspection, { source: 'i-tag' })).toBeDefined();
    expect(linkProblem(s.contents, inspection, { source: 'i-result', destination: 'r-tag' })).toBe('The two questions must have the same value type.');
    expect(linkProblem(s.contents, inspection, { source: 'i-tag', destination: 'r-tag' })).toBeUndefined();
    const copy = form('f-copy', 'Copy of register', [['r-tag', question('Asset tag')], ['c-x', question('X')]]);
    expect(linkProblem(s.contents, copy, { source: 'c-x', destination: 'r-loc' })).toBe(DUPLICATE_QUESTIONS);
    // The reducer refuses it too: nothing changes.
    const refused = editSheet(s, { type: 'addForm', form: copy, link: { source: 'c-x', destination: 'r-loc' } });
    expect(refused).toBe(s);
  });

  it('does not add a checklist twice', () => {
    const s = run({ type: 'addForm', form: register });
    expect(editSheet(s, { type: 'addForm', form: register })).toBe(s);
  });

  it('removes a checklist with its questions; one linked under it moves to the root', () => {
    const s = run(
      { type: 'addForm', form: register },
      { type: 'addForm', form: inspection, link: { source: 'i-tag', destination: 'r-tag' } },
      { type: 'addForm', form: repair, link: { source: 'p-tag', destination: 'i-tag' } },
      { type: 'removeForm', formId: 'f-inspect', catalogue },
    );
    expect(s.contents.form_ids).toEqual(['f-register', 'f-repair']);
    expect(s.contents.question_index).toEqual(['r-tag', 'r-loc', 'p-tag', 'p-cost']);
    expect(s.contents.form_links).toEqual({});
    expect(formLinkTree(s.contents, catalogue).map((n) => n.id)).toEqual(['f-register', 'f-repair']);
  });

  it('keeps a question another kept checklist shares when removing a checklist', () => {
    const twin = form('f-twin', 'Register (copy)', [['r-loc', question('Location')], ['t-note', question('Note')]]);
    const cat: Catalogue = { ...catalogue, [twin.id]: twin };
    const s = run({ type: 'addForm', form: register }, { type: 'addForm', form: twin }, { type: 'removeForm', formId: 'f-register', catalogue: cat });
    expect(s.contents.form_ids).toEqual(['f-twin']);
    expect(s.contents.question_index).toEqual(['r-loc', 't-note']);
    expect(s.contents.questions['r-loc']!.form_id).toBe('f-twin');
  });

  it('unlinks a checklist dragged onto the root; its own children stay under it', () => {
    const s = run(
      { type: 'addForm', form: register },
      { type: 'addForm', form: inspection, link: { source: 'i-tag', destination: 'r-tag' } },
      { type: 'addForm', form: repair, link: { source: 'p-tag', destination: 'i-tag' } },
      { type: 'unlinkForm', formId: 'f-inspect' },
    );
    expect(s.contents.form_links).toEqual({ 'p-tag': 'i-tag' });
    const tree = formLinkTree(s.contents, catalogue);
    expect(tree.map((n) => n.id)).toEqual(['f-register', 'f-inspect']);
    expect(tree[1]!.children.map((n) => n.id)).toEqual(['f-repair']);
    // A root has nothing to unlink.
    expect(editSheet(s, { type: 'unlinkForm', formId: 'f-register' })).toBe(s);
  });

  it('reorders and removes columns, but keeps the columns a link joins on', () => {
    let s = run({ type: 'addForm', form: register }, { type: 'addForm', form: inspection, link: { source: 'i-tag', destination: 'r-tag' } });
    s = editSheet(s, { type: 'moveColumn', from: 3, to: 0 });
    expect(s.contents.question_index).toEqual(['i-result', 'r-tag', 'r-loc', 'i-tag']);
    s = editSheet(s, { type: 'shiftColumn', id: 'r-loc', by: -1 });
    expect(s.contents.question_index).toEqual(['i-result', 'r-loc', 'r-tag', 'i-tag']);
    expect(editSheet(s, { type: 'shiftColumn', id: 'i-result', by: -1 })).toBe(s);
    expect(isLinkColumn(s.contents, 'r-tag')).toBe(true);
    expect(isLinkColumn(s.contents, 'i-tag')).toBe(true);
    expect(editSheet(s, { type: 'removeColumn', id: 'r-tag' })).toBe(s);
    s = editSheet(s, { type: 'removeColumn', id: 'r-loc' });
    expect(s.contents.question_index).toEqual(['i-result', 'r-tag', 'i-tag']);
    expect(s.contents.questions['r-loc']).toBeUndefined();
  });

  it('reads what the server holds, dropping what does not fit', () => {
    expect(readContents({})).toEqual({ questions: {}, question_index: [], form_links: {}, form_ids: [] });
    const read = readContents({
      questions: { a: { title: 'A', form_id: 'f' } },
      question_index: ['a', 'missing', 3],
      form_links: { a: null, b: 4 },
      form_ids: ['f', 'f', 2],
    });
    expect(read).toEqual({ questions: { a: { title: 'A', form_id: 'f' } }, question_index: ['a'], form_links: { a: null }, form_ids: ['f'] });
  });
});

describe('load (what the server holds now: after a publish, a discard or Load latest)', () => {
  it('counts no new revision, so the draft autosave has nothing to save', () => {
    const built = editSheet(initialState(), { type: 'addForm', form: register });
    expect(built.revision).toBe(1);
    const loaded = editSheet(built, { type: 'load', contents: built.contents, changed: false });
    expect(loaded).toEqual({ contents: built.contents, changed: false, revision: 1 });
  });
});
