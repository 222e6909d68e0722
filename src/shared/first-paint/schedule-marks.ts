/**
 * A schedule's occurrences as marks and words (issue #44): the Schedules page's row of the last 30 days and
 * a schedule's page. Each status has its own sign and its word (never colour alone). Pure text, no DOM.
 */
import type { Occurrence, OccurrenceStatus, Schedule } from '../api/schedules.ts';
import { escapeHtml } from './markup.ts';

export const STATUS_WORDS: Readonly<Record<OccurrenceStatus, string>> = {
  upcoming: 'Upcoming',
  open: 'Due now',
  done: 'Done',
  late: 'Late',
  missed: 'Missed',
};

const SIGNS: Readonly<Record<OccurrenceStatus, string>> = { upcoming: '·', open: '○', done: '✓', late: '!', missed: '✗' };

type DateTimeText = (iso: string) => string;

/** The last 30 days as a row of marks, each with its sign, its word for screen readers and its time as a tooltip. */
export function recentMarksMarkup(recent: Schedule['recent'], text: DateTimeText): string {
  if (recent.length === 0) return '<span class="schedule-none">No occurrences in the last 30 days</span>';
  const marks = recent
    .map(
      (r) =>
        `<li class="schedule-mark" data-status="${r.status}" title="${escapeHtml(`${STATUS_WORDS[r.status]}: ${text(r.due_at)}`)}"><span aria-hidden="true">${SIGNS[r.status]}</span><span class="visually-hidden">${escapeHtml(`${STATUS_WORDS[r.status]} ${text(r.due_at)}`)}</span></li>`,
    )
    .join('');
  const counts = (['done', 'late', 'missed'] as const).map((s) => `${recent.filter((r) => r.status === s).length} ${STATUS_WORDS[s].toLowerCase()}`).join(', ');
  return `<ul class="schedule-marks" aria-label="${escapeHtml(`Last 30 days: ${counts}`)}">${marks}</ul><span class="schedule-counts">${escapeHtml(counts)}</span>`;
}

/** One occurrence on a schedule's page: when, until when, its status in words, who did it. */
export function occurrenceMarkup(o: Occurrence, text: DateTimeText): string {
  const who = o.completed_by_username ? ` by ${o.completed_by_username}` : '';
  const forWhom = o.assignee_username ? ` (for ${o.assignee_username})` : '';
  return `<li class="occurrence" data-status="${o.status}"><span class="schedule-mark" data-status="${o.status}" aria-hidden="true">${SIGNS[o.status]}</span> <span class="occurrence-status">${escapeHtml(STATUS_WORDS[o.status] + who)}</span> <time datetime="${escapeHtml(o.due_at)}">${escapeHtml(text(o.due_at))}</time> – <time datetime="${escapeHtml(o.closes_at)}">${escapeHtml(text(o.closes_at))}</time>${escapeHtml(forWhom)}</li>`;
}
