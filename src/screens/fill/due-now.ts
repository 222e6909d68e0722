/**
 * A kiosk station's schedule (issue #44): on /fill/{token}?kiosk=1, "Due now", "Next" and "Done today" above
 * the checklist, from GET share/schedule (the link's own call), read again each minute and after each
 * submission. A submission queued offline shows its occurrence done at once ("waiting to be sent"): the
 * server counts it for the occurrence open when it arrives (see docs/staying-informed.md: made-at time).
 */
import { timeOfDayText } from '../../shared/date-time.ts';
import { createTransport } from '../../shared/transport/index.ts';
import * as paths from '../../shared/api/paths.ts';
import type { KioskSchedule } from '../../shared/api/schedules.ts';
import { kioskDueMarkup } from '../../shared/first-paint/kiosk-due.ts';

/** A time of today as THE date-time text writes it ('6:00 AM'). */
const timeText = (iso: string) => timeOfDayText(new Date(iso));

export function mountDueNow(filler: HTMLElement, apiBase: string, token: string): void {
  const box = document.createElement('div');
  box.id = 'kiosk-due';
  filler.before(box);
  const transport = createTransport({ base: apiBase, credentials: () => ({ authorization: `Bearer ${token}` }) });
  let last: KioskSchedule | undefined;
  const waiting = new Set<string>();
  const draw = () => {
    if (last) box.innerHTML = kioskDueMarkup(last, timeText, waiting);
  };
  const read = async () => {
    // Offline: no request (it could only fail); the station keeps what it showed.
    if (!navigator.onLine) return draw();
    try {
      last = await transport.call<KioskSchedule>(paths.share.schedule);
      waiting.clear();
    } catch {
      // Offline or refused: the station keeps what it showed.
    }
    draw();
  };
  filler.addEventListener('rb-submitted', (event) => {
    const { status } = (event as CustomEvent<{ status: 'sent' | 'queued' }>).detail;
    if (status === 'queued' && last) for (const o of last.due_now) if (o.assignment_id) waiting.add(o.assignment_id);
    draw();
    if (status === 'sent') void read();
  });
  // Back online: read again once the queue has had time to send what waited.
  window.addEventListener('online', () => setTimeout(() => void read(), 5000));
  setInterval(() => void read(), 60_000);
  void read();
}
