import { describe, expect, it } from 'vitest';
import type { Assignment } from '../../../../src/shared/api/assignments.ts';
import { doneItemMarkup, dueItemMarkup, dueListMarkup, dueLists } from '../../../../src/shared/first-paint/dashboard-due.ts';

const base: Assignment = {
  id: 'a1',
  kind: 'document',
  object_id: 'd1',
  object_name: 'Ladder <check>',
  doctype: 'form',
  assigned_at: '2026-12-07T05:00:00Z',
  assigned_to: { type: 'role', id: 'r1', name: 'Inspectors' },
  assigned_by_username: 'alice',
  notes: '',
  claimed: false,
  claimed_by_username: null,
  completed: false,
  status: 'open',
  due_at: '2026-12-07T10:00:00.000Z',
  overdue: false,
  completed_by_username: null,
  completed_at: null,
  completed_submission_id: null,
  schedule_id: null,
  opens_at: null,
  submission_id: null,
  failing_answers: [],
};
const text = (iso: string) => `at ${iso}`;

describe('dueLists', () => {
  it('sorts the dated open assignments into due today and overdue, by due time; undated and later ones are in neither', () => {
    const late = { ...base, id: 'late', overdue: true, due_at: '2026-12-06T10:00:00.000Z' };
    const later = { ...base, id: 'later', due_at: '2026-12-09T10:00:00.000Z' };
    const undated = { ...base, id: 'undated', due_at: null };
    const soon = { ...base, id: 'soon', due_at: '2026-12-07T08:00:00.000Z' };
    const lists = dueLists([base, late, later, undated, soon], new Date('2026-12-07T23:59:59Z'));
    expect(lists.today.map((a) => a.id)).toEqual(['soon', 'a1']);
    expect(lists.overdue.map((a) => a.id)).toEqual(['late']);
  });
});

describe('markup', () => {
  it('says Overdue in words, the due time, who completed it and when, escaped', () => {
    expect(dueItemMarkup({ ...base, overdue: true }, text)).toContain('<span class="dashboard-mark" data-mark="overdue">Overdue</span> Due <time datetime="2026-12-07T10:00:00.000Z">at 2026-12-07T10:00:00.000Z</time>');
    expect(dueItemMarkup(base, text)).toContain('Ladder &#60;check&#62;');
    expect(doneItemMarkup({ ...base, completed_by_username: 'bob', completed_at: '2026-12-07T06:00:00.000Z' }, text)).toContain('Done by bob, <time');
    expect(dueListMarkup('done', [])).toBe('<li class="dashboard-empty">Nothing done yet</li>');
  });
});
