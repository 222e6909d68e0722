/**
 * The dashboard's Due Today, Overdue and Done lists as markup (issue #44). Home's script draws them in the
 * browser (src/screens/home/dashboard-due.ts) from the open assignments the page already reads and the Done
 * read it starts with them. An overdue item says "Overdue" in words (never by colour alone). Pure, no DOM.
 */
import type { Assignment } from '../api/assignments.ts';
import { assignmentHref, type DateTimeText } from './dashboard-panels.ts';
import { escapeHtml } from './markup.ts';

export const DUE_EMPTY = { today: 'Nothing due today', overdue: 'Nothing overdue', done: 'Nothing done yet' } as const;
export type DueList = keyof typeof DUE_EMPTY;

/** The open assignments due before the end of today (`dayEnd`, the viewer's midnight), and those overdue. */
export function dueLists(open: readonly Assignment[], dayEnd: Date): { today: Assignment[]; overdue: Assignment[] } {
  const dated = open.filter((a) => a.due_at !== null && (a.status === 'open' || a.status === 'claimed'));
  const byDue = (x: Assignment, y: Assignment) => Date.parse(x.due_at!) - Date.parse(y.due_at!);
  return {
    overdue: dated.filter((a) => a.overdue).sort(byDue),
    today: dated.filter((a) => !a.overdue && Date.parse(a.due_at!) <= dayEnd.getTime()).sort(byDue),
  };
}

const time = (iso: string, text: DateTimeText) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text(iso))}</time>`;
const title = (a: Assignment) => `<a href="${escapeHtml(assignmentHref(a))}">${escapeHtml(a.object_name || 'Untitled')}</a>`;

/** One item of Due Today or Overdue: the item, when it is due, and the mark in words. */
export function dueItemMarkup(a: Assignment, text: DateTimeText): string {
  const mark = a.overdue ? '<span class="dashboard-mark" data-mark="overdue">Overdue</span> ' : '';
  return `<li class="dashboard-item" data-assignment="${escapeHtml(a.id)}"><div class="dashboard-item-main"><p class="dashboard-title">${title(a)}</p><p class="dashboard-meta">${mark}Due ${time(a.due_at!, text)}</p></div></li>`;
}

/** One item of Done: the item, who completed it and when. */
export function doneItemMarkup(a: Assignment, text: DateTimeText): string {
  const who = escapeHtml(`Done by ${a.completed_by_username ?? 'a former member'}, `);
  return `<li class="dashboard-item" data-assignment="${escapeHtml(a.id)}"><div class="dashboard-item-main"><p class="dashboard-title">${title(a)}</p><p class="dashboard-meta">${who}${a.completed_at ? time(a.completed_at, text) : ''}</p></div></li>`;
}

/** A list's content: its items, or its one line. */
export const dueListMarkup = (list: DueList, items: readonly string[]): string =>
  items.length > 0 ? items.join('') : `<li class="dashboard-empty">${escapeHtml(DUE_EMPTY[list])}</li>`;
