import { describe, expect, it } from 'vitest';
import { conditionFlag, conditionTargets, defaultConditionValue, newCondition, withOp } from '../../../../islands/checklist-editor/conditions.ts';
import { editChecklist, initialState, publishProblems, type ChecklistContents } from '../../../../islands/checklist-editor/editor-state.ts';
import { newQuestion, withValueType, type Question } from '../../../../src/shared/checklists/question.ts';
import type { ValueType } from '../../../../src/shared/checklists/value-types.ts';

const q = (title: string, type: ValueType = 'true/false', extra: Partial<Question> = {}): Question => ({ ...withValueType({ ...newQuestion(), title }, type), ...extra });

function contents(): ChecklistContents {
  return {
    questions: {
      locked: q('Door locked?'),
      why: q('Why not?', 'text', { show_if: { question: 'locked', op: 'equals', value: false } }),
      colour: q('', 'single choice', { choices: ['Red', 'Blue'] }),
    },
    question_index: ['locked', 'why', 'colour'],
  };
}

describe('the editor and conditions', () => {
  it('offers every question as a target, untitled ones as Question n', () => {
    expect(conditionTargets(contents()).map((t) => [t.id, t.label])).toEqual([
      ['locked', 'Door locked?'],
      ['why', 'Why not?'],
      ['colour', 'Question 3'],
    ]);
  });

  it('a new condition takes the first operator of the type and its first option, choice, 0 or now', () => {
    const [locked, why, colour] = conditionTargets(contents());
    expect(newCondition(locked!)).toEqual({ question: 'locked', op: 'equals', value: true });
    expect(newCondition(why!)).toEqual({ question: 'why', op: 'equals', value: '' });
    expect(newCondition(colour!)).toEqual({ question: 'colour', op: 'equals', value: 'Red' });
    expect(defaultConditionValue({ valueType: 'number', choices: [] }, 'gt')).toBe(0);
    expect(defaultConditionValue({ valueType: 'datetime', choices: [] }, 'lt', new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(withOp({ question: 'locked', op: 'equals', value: false }, locked!, 'answered')).toEqual({ question: 'locked', op: 'answered' });
    expect(withOp({ question: 'locked', op: 'answered' }, locked!, 'not_equals')).toEqual({ question: 'locked', op: 'not_equals', value: true });
    expect(withOp({ question: 'locked', op: 'equals', value: false }, locked!, 'not_equals')).toEqual({ question: 'locked', op: 'not_equals', value: false });
  });

  it('setCondition sets and clears a condition', () => {
    let state = initialState(contents());
    state = editChecklist(state, { type: 'setCondition', id: 'colour', showIf: { question: 'why', op: 'answered' } });
    expect(state.contents.questions.colour!.show_if).toEqual({ question: 'why', op: 'answered' });
    expect(state.changed).toBe(true);
    const same = editChecklist(state, { type: 'setCondition', id: 'colour', showIf: { question: 'why', op: 'answered' } });
    expect(same).toBe(state);
    state = editChecklist(state, { type: 'setCondition', id: 'colour', showIf: null });
    expect(state.contents.questions.colour!.show_if).toBeNull();
  });

  it('flags a condition whose question is deleted, moved below it or retyped, and publishing is refused', () => {
    const start = initialState(contents());
    expect(conditionFlag(start.contents, 'why')).toBeUndefined();
    expect(publishProblems(start.contents).filter((p) => p.includes('condition'))).toEqual([]);

    const deleted = editChecklist(start, { type: 'deleteQuestion', id: 'locked' });
    expect(deleted.contents.questions.why!.show_if).toEqual({ question: 'locked', op: 'equals', value: false });
    expect(conditionFlag(deleted.contents, 'why')).toBe('Its condition names a question that was deleted.');
    expect(publishProblems(deleted.contents)).toContain('Question 1: Its condition names a question that was deleted.');

    const moved = editChecklist(start, { type: 'shiftQuestion', id: 'why', by: -1 });
    expect(conditionFlag(moved.contents, 'why')).toBe('Its condition names a question that now comes after it.');

    const retyped = editChecklist(start, { type: 'setValueType', id: 'locked', valueType: 'number' });
    expect(conditionFlag(retyped.contents, 'why')).toBe('Its condition no longer suits the value type of the question it names.');

    const choice = editChecklist(
      editChecklist(start, { type: 'setCondition', id: 'why', showIf: null }),
      { type: 'setCondition', id: 'why', showIf: null },
    );
    const onColour = editChecklist(
      { ...choice, contents: { ...choice.contents, question_index: ['locked', 'colour', 'why'] } },
      { type: 'setCondition', id: 'why', showIf: { question: 'colour', op: 'equals', value: 'Blue' } },
    );
    const removed = editChecklist(onColour, { type: 'removeChoice', id: 'colour', index: 1 });
    expect(conditionFlag(removed.contents, 'why')).toBe("Its condition's value must be one of the choices of the question it depends on.");
  });
});
