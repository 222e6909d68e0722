/**
 * A schedule's page (/documentation/schedules/{id}, issue #44): the schedule, and its occurrences of the
 * last 30 days and the next 7 — each with its status in words (Done, Late, Missed, Due now, Upcoming).
 */
import { api } from '../../client/api.ts';
import { pathSegment } from '../../client/addresses.ts';
import { element } from '../../client/dom.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime } from '../../client/time-format.ts';
import { escapeHtml } from '../../shared/first-paint/markup.ts';
import { occurrenceMarkup } from '../../shared/first-paint/schedule-marks.ts';
import { failureText } from './failure.ts';
import { scheduleCardMarkup } from './schedules.ts';

export async function mountSchedule(): Promise<void> {
  const id = pathSegment(2); // /documentation/schedules/{id}
  const { data } = await signedInPage(() => Promise.allSettled([api.workflow.schedule(id), api.workflow.occurrences(id)]));
  element('schedule-status').textContent = '';
  const [schedule, occurrences] = data;
  if (schedule.status === 'rejected' || occurrences.status === 'rejected') {
    element('schedule-error').replaceChildren(failureText(schedule.status === 'rejected' ? schedule.reason : (occurrences as PromiseRejectedResult).reason));
    return;
  }
  element('schedule-heading').textContent = `Schedule: ${schedule.value.object_name}`;
  element('schedule-summary').innerHTML = scheduleCardMarkup(schedule.value);
  const items = occurrences.value.results.slice().reverse();
  element('occurrence-list').innerHTML =
    items.length > 0 ? items.map((o) => occurrenceMarkup(o, formatDateTime)).join('') : `<li>${escapeHtml('No occurrences in these 37 days')}</li>`;
}
