/**
 * A kiosk station's schedule as markup (issue #44): "Due now", "Next" and "Done today" above the checklist
 * on /fill/{token}?kiosk=1, drawn by src/screens/fill/due-now.ts from GET share/schedule. Times come in
 * words from the caller (the station's language and zone). Pure, no DOM.
 */
import type { KioskSchedule } from '../api/schedules.ts';
import { escapeHtml } from './markup.ts';

type TimeText = (iso: string) => string;

const time = (iso: string, text: TimeText) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(text(iso))}</time>`;

/** The panel's content; empty when the link has no schedule (nothing due, nothing next, nothing done). */
export function kioskDueMarkup(s: KioskSchedule, text: TimeText, waiting: ReadonlySet<string> = new Set()): string {
  if (s.due_now.length === 0 && s.next === null && s.done_today.length === 0) return '';
  const open = s.due_now.filter((o) => !waiting.has(o.assignment_id ?? ''));
  const held = s.due_now.filter((o) => waiting.has(o.assignment_id ?? ''));
  const dueNow =
    open.length > 0
      ? open.map((o) => `<li data-status="open">Open until ${time(o.closes_at, text)}</li>`).join('')
      : '<li>Nothing due now</li>';
  const next = s.next ? `<p>${time(s.next.due_at, text)}</p>` : '<p>Nothing scheduled</p>';
  const done = [
    ...held.map((o) => `<li data-status="done">✓ Done (waiting to be sent): due ${time(o.due_at, text)}</li>`),
    ...s.done_today.map((o) => `<li data-status="${o.status}">✓ ${o.status === 'late' ? 'Done late' : 'Done'}: due ${time(o.due_at, text)}</li>`),
  ];
  return `<section class="kiosk-due" aria-labelledby="kiosk-due-now"><h2 id="kiosk-due-now">Due now</h2><ul>${dueNow}</ul><h2>Next</h2>${next}<h2>Done today</h2><ul>${done.length > 0 ? done.join('') : '<li>Nothing done yet today</li>'}</ul></section>`;
}
