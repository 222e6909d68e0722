import { describe, expect, it } from 'vitest';
import { nextElement, one, outline, readHtml, select, textOf } from '../../../support/html.ts';
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
    const mark = one(dueItemMarkup({ ...base, overdue: true }, text), 'span.dashboard-mark');
    expect(outline(mark)).toEqual({ tag: 'span', attrs: { class: 'dashboard-mark', 'data-mark': 'overdue' }, text: 'Overdue' });
    expect(textOf(mark.parentNode!)).toContain('Overdue Due at 2026-12-07T10:00:00.000Z');
    expect(outline(nextElement(mark)!)).toEqual({ tag: 'time', attrs: { datetime: '2026-12-07T10:00:00.000Z' }, text: 'at 2026-12-07T10:00:00.000Z' });
    const due = readHtml(dueItemMarkup(base, text));
    expect(textOf(due)).toContain('Ladder <check>');
    expect(select(due, 'check')).toEqual([]); // escaped: text, no element
    const done = one(doneItemMarkup({ ...base, completed_by_username: 'bob', completed_at: '2026-12-07T06:00:00.000Z' }, text), 'time');
    expect(textOf(done.parentNode!)).toContain(`Done by bob, ${textOf(done)}`);
    expect(dueListMarkup('done', [])).toBe('<li class="dashboard-empty">Nothing done yet</li>');
  });
});
