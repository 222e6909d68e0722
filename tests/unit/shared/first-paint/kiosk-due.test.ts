import { describe, expect, it } from 'vitest';
import { childElements, nextElement, one, outline, outlines, select, textOf } from '../../../support/html.ts';
import type { Occurrence } from '../../../../src/shared/api/schedules.ts';
import { kioskDueMarkup } from '../../../../src/shared/first-paint/kiosk-due.ts';

const open: Occurrence = {
  due_at: '2026-12-07T05:00:00.000Z',
  closes_at: '2026-12-07T07:00:00.000Z',
  status: 'open',
  assignment_id: 'a1',
  assignee_username: null,
  completed_by_username: null,
  submission_id: null,
};
const text = (iso: string) => iso.slice(11, 16);

describe('kioskDueMarkup', () => {
  it('nothing for a link without a schedule', () => {
    expect(kioskDueMarkup({ due_now: [], next: null, done_today: [] }, text)).toBe('');
  });

  it('Due now with its close, Next, Done today; a queued submission shows its occurrence done, waiting to be sent', () => {
    const s = { due_now: [open], next: { due_at: '2026-12-07T13:00:00.000Z', closes_at: '2026-12-07T15:00:00.000Z' }, done_today: [] };
    const markup = kioskDueMarkup(s, text);
    const dueNow = one(markup, 'h2#kiosk-due-now');
    expect(outline(dueNow)).toEqual({ tag: 'h2', attrs: { id: 'kiosk-due-now' }, text: 'Due now' });
    const list = nextElement(dueNow)!;
    expect(outline(list)).toEqual({ tag: 'ul', attrs: {}, text: 'Open until 07:00' });
    expect(childElements(list).map(outline)).toEqual([{ tag: 'li', attrs: { 'data-status': 'open' }, text: 'Open until 07:00' }]);
    expect(outlines(list, 'time')).toEqual([{ tag: 'time', attrs: { datetime: '2026-12-07T07:00:00.000Z' }, text: '07:00' }]);
    const next = select(markup, 'h2').find((h) => textOf(h) === 'Next')!;
    expect(outline(next)).toEqual({ tag: 'h2', attrs: {}, text: 'Next' });
    expect(outline(nextElement(next)!)).toEqual({ tag: 'p', attrs: {}, text: '13:00' });
    expect(childElements(nextElement(next)!).map(outline)).toEqual([{ tag: 'time', attrs: { datetime: '2026-12-07T13:00:00.000Z' }, text: '13:00' }]);
    expect(markup).toContain('Nothing done yet today');
    const queued = kioskDueMarkup(s, text, new Set(['a1']));
    expect(queued).toContain('Nothing due now');
    expect(queued).toContain('✓ Done (waiting to be sent)');
    expect(kioskDueMarkup({ ...s, due_now: [], done_today: [{ ...open, status: 'done' }] }, text)).toContain('✓ Done: due');
  });
});
