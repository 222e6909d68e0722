/**
 * The Schedules page (/documentation/schedules, issue #44): every schedule of a checklist I may read, with
 * its checklist, to whom, how it repeats, its next due time and the last 30 days as marks (done, late,
 * missed: a sign and a word each). One card per schedule, so 390 px reads the same.
 */
import { api } from '../../client/api.ts';
import { element } from '../../client/dom.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime } from '../../client/time-format.ts';
import { assigneeLabel } from '../../client/stores/assignments.ts';
import type { Schedule } from '../../shared/api/schedules.ts';
import { escapeHtml } from '../../shared/first-paint/markup.ts';
import { recentMarksMarkup } from '../../shared/first-paint/schedule-marks.ts';
import { schedulePath } from '../../shared/page-addresses.ts';
import { failureText } from './failure.ts';

export function scheduleCardMarkup(s: Schedule): string {
  const next = s.next_due_at ? `<time datetime="${escapeHtml(s.next_due_at)}">${escapeHtml(formatDateTime(s.next_due_at))}</time>` : 'Ended';
  return `<li class="card schedule-card">
    <h2 class="schedule-title"><a href="${escapeHtml(schedulePath(s.id))}">${escapeHtml(s.object_name || 'Untitled')}</a></h2>
    <dl class="schedule-facts">
      <dt>Assigned to</dt><dd>${escapeHtml(assigneeLabel(s.assigned_to))}</dd>
      <dt>Repeats</dt><dd><code>${escapeHtml(s.rrule)}</code> (${escapeHtml(s.timezone)}), open ${s.window_minutes} min</dd>
      <dt>Next due</dt><dd>${next}</dd>
      <dt>Last 30 days</dt><dd>${recentMarksMarkup(s.recent, formatDateTime)}</dd>
    </dl>
  </li>`;
}

export async function mountSchedules(): Promise<void> {
  const { data } = await signedInPage(() => api.workflow.schedules().then((v) => ({ ok: true as const, v }), (e: unknown) => ({ ok: false as const, e })));
  element('schedules-status').textContent = '';
  if (!data.ok) {
    element('schedules-error').replaceChildren(failureText(data.e));
    return;
  }
  const list = element('schedules-list');
  if (data.v.results.length === 0) {
    element('schedules-empty').hidden = false;
    return;
  }
  list.innerHTML = data.v.results.map(scheduleCardMarkup).join('');
}
