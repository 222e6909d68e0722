/** What a report says of a row's question (issue #43: one hidden by its condition was not asked). */
import { describe, expect, it } from 'vitest';
import type { SheetRow } from '../../../../src/shared/api/sheets.ts';
import { readQuestion } from '../../../../src/shared/checklists/index.ts';
import type { SheetContents } from '../../../../src/shared/sheets/model.ts';
import { hiddenByCondition } from '../../../../src/shared/sheets/results.ts';

const column = (raw: Record<string, unknown>) => ({ ...readQuestion(raw), form_id: 'form' });
const contents = (index: string[]): SheetContents => ({
  questions: {
    gate: column({ title: 'Gate locked', valueType: 'true/false' }),
    why: column({ title: 'Why not?', valueType: 'text', show_if: { question: 'gate', op: 'equals', value: false } }),
    note: column({ title: 'Anything else', valueType: 'text' }),
  },
  question_index: index,
  form_links: {},
  form_ids: ['form'],
});
const answer = (value: unknown) => ({ value, comments: '', media: [], valid: true });
const row = (values: Record<string, unknown>, submissions: Record<string, string> = { form: 'row-1' }): SheetRow =>
  ({ created_at: '2026-12-07T06:00:00Z', created_by_username: 'ann', record: Object.fromEntries(Object.entries(values).map(([id, v]) => [id, answer(v)])), submissions }) as SheetRow;

describe('hiddenByCondition', () => {
  it('is true for a conditional question whose condition the row’s answers do not meet', () => {
    expect(hiddenByCondition(contents(['gate', 'why', 'note']), row({ gate: true }), 'why')).toBe(true);
  });

  it('is false when the condition is met, the row holds an answer, the question has no condition, or its checklist gave no submission', () => {
    const all = contents(['gate', 'why', 'note']);
    expect(hiddenByCondition(all, row({ gate: false }), 'why')).toBe(false);
    expect(hiddenByCondition(all, row({ gate: true, why: 'x' }), 'why')).toBe(false);
    expect(hiddenByCondition(all, row({ gate: true }), 'note')).toBe(false);
    expect(hiddenByCondition(all, row({}, {}), 'why')).toBe(false);
  });

  it('without the condition’s question among the columns: no stored answer under a condition means hidden', () => {
    expect(hiddenByCondition(contents(['why', 'note']), row({ note: 'not checked' }), 'why')).toBe(true);
  });
});
