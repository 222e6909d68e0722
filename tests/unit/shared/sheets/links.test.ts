/** A result sheet's form links (documentation §5 "Linking"; issue #13): what is wrong with them, the form tree, its trees and the active links. */
import { describe, expect, it } from 'vitest';
import { newQuestion, withValueType, type ValueType } from '../../../../src/shared/checklists/index.ts';
import { activeLinks, formTree, linkProblems, treesOf, type FormTree } from '../../../../src/shared/sheets/links.ts';
import type { SheetContents, SheetQuestion } from '../../../../src/shared/sheets/model.ts';

const now = new Date('2026-06-01T12:00:00.000Z');
const question = (form_id: string, valueType: ValueType = 'text'): SheetQuestion => ({
  ...withValueType(newQuestion(now), valueType, now),
  title: `A question of ${form_id}`,
  form_id,
});
/** Contents from questions `[id, form, valueType?]`, the links (child question → parent question) and form_ids. */
const contents = (questions: [string, string, ValueType?][], form_links: Record<string, string | null>, form_ids: string[]): SheetContents => ({
  questions: Object.fromEntries(questions.map(([id, form, valueType]) => [id, question(form, valueType)])),
  question_index: questions.map(([id]) => id),
  form_links,
  form_ids,
});

/** A (root) ← B ← C: C's c1 joins B's b1, B's b2 joins A's a1. */
const chain = contents([['a1', 'A'], ['b1', 'B'], ['b2', 'B'], ['c1', 'C']], { b2: 'a1', c1: 'b1' }, ['A', 'B', 'C']);

describe('linkProblems', () => {
  it('none for contents without links', () => {
    expect(linkProblems(contents([['a1', 'A']], {}, ['A']))).toEqual([]);
  });

  it('none for a valid two-level chain', () => {
    expect(linkProblems(contents([['a1', 'A'], ['b1', 'B']], { b1: 'a1' }, ['A', 'B']))).toEqual([]);
  });

  it('none for a valid three-level chain', () => {
    expect(linkProblems(chain)).toEqual([]);
  });

  it('none for a root named by a null link', () => {
    expect(linkProblems(contents([['a1', 'A'], ['b1', 'B']], { a1: null, b1: 'a1' }, ['A', 'B']))).toEqual([]);
  });

  it('none for two children of one parent', () => {
    expect(linkProblems(contents([['a1', 'A'], ['a2', 'A'], ['b1', 'B'], ['c1', 'C']], { b1: 'a1', c1: 'a2' }, ['A', 'B', 'C']))).toEqual([]);
  });

  it('a checklist repeated in form_ids', () => {
    expect(linkProblems(contents([['a1', 'A']], {}, ['A', 'B', 'A']))).toEqual([{ path: ['form_ids', 2], message: 'must not repeat a checklist' }]);
  });

  it("a question whose checklist is not in form_ids", () => {
    expect(linkProblems(contents([['a1', 'A'], ['x1', 'X']], {}, ['A']))).toEqual([{ path: ['questions', 'x1', 'form_id'], message: 'is not one of form_ids' }]);
  });

  it('a link from a question that is not in questions', () => {
    expect(linkProblems(contents([['a1', 'A']], { ghost: 'a1' }, ['A']))).toEqual([{ path: ['form_links', 'ghost'], message: 'ghost is not one of questions' }]);
  });

  it('a link to a question that is not in questions', () => {
    expect(linkProblems(contents([['b1', 'B']], { b1: 'ghost' }, ['B']))).toEqual([{ path: ['form_links', 'b1'], message: 'ghost is not one of questions' }]);
  });

  it("inherited properties are not questions ('toString', 'constructor')", () => {
    expect(linkProblems(contents([['b1', 'B']], { b1: 'toString' }, ['B']))).toEqual([{ path: ['form_links', 'b1'], message: 'toString is not one of questions' }]);
    expect(linkProblems(contents([['a1', 'A']], { constructor: 'a1' }, ['A']))).toEqual([{ path: ['form_links', 'constructor'], message: 'constructor is not one of questions' }]);
  });

  it('a link between two questions of the same checklist', () => {
    expect(linkProblems(contents([['a1', 'A'], ['a2', 'A']], { a2: 'a1' }, ['A']))).toEqual([
      { path: ['form_links', 'a2'], message: 'must join questions of two different checklists' },
    ]);
  });

  it('a link between questions of different value types', () => {
    expect(linkProblems(contents([['a1', 'A', 'number'], ['b1', 'B', 'text']], { b1: 'a1' }, ['A', 'B']))).toEqual([
      { path: ['form_links', 'b1'], message: 'must join questions of the same valueType' },
    ]);
  });

  it('a missing valueType counts as true/false', () => {
    const c = contents([['a1', 'A', 'true/false'], ['b1', 'B']], { b1: 'a1' }, ['A', 'B']);
    delete (c.questions.b1 as Partial<SheetQuestion>).valueType;
    expect(linkProblems(c)).toEqual([]);
  });

  it('a checklist with a second parent (a second link from its questions)', () => {
    const c = contents([['a1', 'A'], ['c1', 'C'], ['b1', 'B'], ['b2', 'B']], { b1: 'a1', b2: 'c1' }, ['A', 'B', 'C']);
    expect(linkProblems(c)).toEqual([{ path: ['form_links', 'b2'], message: 'a checklist is linked to one parent checklist, by one question' }]);
  });

  it('a cycle of two checklists', () => {
    const c = contents([['a1', 'A'], ['a2', 'A'], ['b1', 'B'], ['b2', 'B']], { b1: 'a1', a2: 'b2' }, ['A', 'B']);
    expect(linkProblems(c)).toEqual([
      { path: ['form_links', 'b1'], message: 'the form links must not make a cycle' },
      { path: ['form_links', 'a2'], message: 'the form links must not make a cycle' },
    ]);
  });

  it('a cycle of three checklists', () => {
    const c = contents([['a1', 'A'], ['a2', 'A'], ['b1', 'B'], ['b2', 'B'], ['c1', 'C'], ['c2', 'C']], { b1: 'a1', c1: 'b2', a2: 'c2' }, ['A', 'B', 'C']);
    expect(linkProblems(c)).toEqual([
      { path: ['form_links', 'b1'], message: 'the form links must not make a cycle' },
      { path: ['form_links', 'c1'], message: 'the form links must not make a cycle' },
      { path: ['form_links', 'a2'], message: 'the form links must not make a cycle' },
    ]);
  });

  // The walk up stops at any checklist seen before, so a link whose parents run into a cycle is reported too.
  it('a link hanging below a cycle is reported as well', () => {
    const c = contents([['a1', 'A'], ['a2', 'A'], ['b1', 'B'], ['b2', 'B'], ['d1', 'D']], { b1: 'a1', a2: 'b2', d1: 'a1' }, ['A', 'B', 'D']);
    const paths = linkProblems(c).map((p) => p.path);
    expect(paths).toEqual([
      ['form_links', 'b1'],
      ['form_links', 'a2'],
      ['form_links', 'd1'],
    ]);
  });

  it('a link refused for another reason is not also counted as a cycle', () => {
    // b2 → a1 would make B's second parent; the cycle check skips it.
    const c = contents([['a1', 'A'], ['b1', 'B'], ['b2', 'B'], ['c1', 'C']], { b1: 'c1', b2: 'a1' }, ['A', 'B', 'C']);
    expect(linkProblems(c).map((p) => p.message)).toEqual(['a checklist is linked to one parent checklist, by one question']);
  });

  it('reports several problems together, in order', () => {
    const c = contents([['a1', 'A'], ['a2', 'A'], ['x1', 'X']], { a2: 'a1', x1: 'ghost' }, ['A', 'A']);
    expect(linkProblems(c)).toEqual([
      { path: ['form_ids', 1], message: 'must not repeat a checklist' },
      { path: ['questions', 'x1', 'form_id'], message: 'is not one of form_ids' },
      { path: ['form_links', 'a2'], message: 'must join questions of two different checklists' },
      { path: ['form_links', 'x1'], message: 'ghost is not one of questions' },
    ]);
  });
});

describe('formTree', () => {
  it('every checklist is a root without links, in form_ids order', () => {
    expect(formTree(contents([['a1', 'A'], ['b1', 'B'], ['c1', 'C']], {}, ['C', 'A', 'B']))).toEqual({ roots: ['C', 'A', 'B'], joins: [] });
  });

  it('a two-level chain', () => {
    expect(formTree(contents([['a1', 'A'], ['b1', 'B']], { b1: 'a1' }, ['A', 'B']))).toEqual({
      roots: ['A'],
      joins: [{ form_id: 'B', parent_form_id: 'A', question_id: 'b1', parent_question_id: 'a1' }],
    });
  });

  it('a three-level chain: parents before children', () => {
    expect(formTree(chain)).toEqual({
      roots: ['A'],
      joins: [
        { form_id: 'B', parent_form_id: 'A', question_id: 'b2', parent_question_id: 'a1' },
        { form_id: 'C', parent_form_id: 'B', question_id: 'c1', parent_question_id: 'b1' },
      ],
    });
  });

  it('parents come before children even when form_ids lists the child first', () => {
    const c = { ...chain, form_ids: ['C', 'B', 'A'] };
    expect(formTree(c).roots).toEqual(['A']);
    expect(formTree(c).joins.map((j) => j.form_id)).toEqual(['B', 'C']);
  });

  it('joins breadth first, siblings in form_ids order', () => {
    // R1 ← B ← D, R1 ← C; R2 ← E. Breadth first: B, C, E (children of roots), then D.
    const c = contents([['r1', 'R1'], ['r2', 'R2'], ['b1', 'B'], ['b2', 'B'], ['c1', 'C'], ['d1', 'D'], ['e1', 'E']], { d1: 'b2', b1: 'r1', e1: 'r2', c1: 'r1' }, ['R1', 'D', 'C', 'B', 'R2', 'E']);
    const tree = formTree(c);
    expect(tree.roots).toEqual(['R1', 'R2']);
    expect(tree.joins.map((j) => [j.form_id, j.parent_form_id])).toEqual([
      ['C', 'R1'],
      ['B', 'R1'],
      ['E', 'R2'],
      ['D', 'B'],
    ]);
  });

  it('null links are roots, and a repeated form id is one root', () => {
    expect(formTree(contents([['a1', 'A'], ['b1', 'B']], { a1: null, b1: null }, ['A', 'B', 'A']))).toEqual({ roots: ['A', 'B'], joins: [] });
  });

  it("keeps a checklist's first link only", () => {
    const c = contents([['a1', 'A'], ['c1', 'C'], ['b1', 'B'], ['b2', 'B']], { b1: 'a1', b2: 'c1' }, ['A', 'B', 'C']);
    expect(formTree(c)).toEqual({ roots: ['A', 'C'], joins: [{ form_id: 'B', parent_form_id: 'A', question_id: 'b1', parent_question_id: 'a1' }] });
  });

  it('skips links naming missing questions', () => {
    expect(formTree(contents([['b1', 'B']], { b1: 'ghost', ghost2: 'b1' }, ['B']))).toEqual({ roots: ['B'], joins: [] });
  });
});

describe('treesOf', () => {
  it('each root with its checklists, root first', () => {
    const tree: FormTree = {
      roots: ['R1', 'R2'],
      joins: [
        { form_id: 'B', parent_form_id: 'R1', question_id: 'b1', parent_question_id: 'r1' },
        { form_id: 'E', parent_form_id: 'R2', question_id: 'e1', parent_question_id: 'r2' },
        { form_id: 'D', parent_form_id: 'B', question_id: 'd1', parent_question_id: 'b2' },
      ],
    };
    expect(treesOf(tree)).toEqual(
      new Map([
        ['R1', ['R1', 'B', 'D']],
        ['R2', ['R2', 'E']],
      ]),
    );
  });

  it('of a formTree: a three-level chain is one tree', () => {
    expect([...treesOf(formTree(chain))]).toEqual([['A', ['A', 'B', 'C']]]);
  });

  it('lone roots are trees of one', () => {
    expect([...treesOf({ roots: ['A', 'B'], joins: [] })]).toEqual([
      ['A', ['A']],
      ['B', ['B']],
    ]);
  });

  it('no roots, no trees', () => {
    expect(treesOf({ roots: [], joins: [] }).size).toBe(0);
  });
});

describe('activeLinks', () => {
  it('the links that join something, null links left out', () => {
    expect(activeLinks({ form_links: { b1: 'a1', a1: null, c1: 'b1' } })).toEqual([
      ['b1', 'a1'],
      ['c1', 'b1'],
    ]);
  });

  it('none when every link is null or there are none', () => {
    expect(activeLinks({ form_links: { a1: null } })).toEqual([]);
    expect(activeLinks({ form_links: {} })).toEqual([]);
  });

  it('linkProblems and formTree ignore null links', () => {
    const c = contents([['a1', 'A'], ['a2', 'A']], { a2: null, a1: null }, ['A']);
    expect(linkProblems(c)).toEqual([]);
    expect(formTree(c)).toEqual({ roots: ['A'], joins: [] });
  });
});
