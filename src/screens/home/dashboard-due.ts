/**
 * The dashboard's Due Today, Overdue and Done lists (issue #44), drawn in the browser with THE markup of
 * src/shared/first-paint/dashboard-due.ts: Due Today and Overdue from the open assignments the dashboard
 * already reads, Done from GET workflow/assignments?status=completed (started with them, after the page's
 * first reads). Redrawn when the assignments change (a completion on the dashboard, the live stream).
 */
import { api, problemText } from '../../client/api.ts';
import { formatDateTime } from '../../client/time-format.ts';
import type { Assignment } from '../../shared/api/assignments.ts';
import { doneItemMarkup, dueItemMarkup, dueListMarkup, dueLists, type DueList } from '../../shared/first-paint/dashboard-due.ts';
import { morphInto } from '../../../elements/shared/morph.ts';

const listOf = (name: DueList) => document.querySelector<HTMLUListElement>(`[data-due-list="${name}"]`);

function draw(name: DueList, markup: string): void {
  const ul = listOf(name);
  if (!ul) return;
  ul.removeAttribute('aria-busy');
  morphInto(ul, markup);
}

const failed = (detail: string) => `<li class="dashboard-empty">${`Something went wrong: ${detail}`.replace(/</g, '&lt;')}</li>`;

/** The open assignments are in (or failed): Due Today and Overdue. */
export function showDue(open: { ok: true; value: { results: Assignment[] } } | { ok: false; detail: string }): void {
  if (!open.ok) {
    draw('today', failed(open.detail));
    draw('overdue', failed(open.detail));
    return;
  }
  const dayEnd = new Date();
  dayEnd.setHours(23, 59, 59, 999);
  const { today, overdue } = dueLists(open.value.results, dayEnd);
  draw('today', dueListMarkup('today', today.map((a) => dueItemMarkup(a, formatDateTime))));
  draw('overdue', dueListMarkup('overdue', overdue.map((a) => dueItemMarkup(a, formatDateTime))));
}

/** Reads and draws Done (mine completed, newest first). */
export async function showDone(): Promise<void> {
  try {
    const done = await api.workflow.doneAssignments();
    draw('done', dueListMarkup('done', done.results.slice(0, 50).map((a) => doneItemMarkup(a, formatDateTime))));
  } catch (err) {
    draw('done', failed(problemText(err, 'please try again')));
  }
}
