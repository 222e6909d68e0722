import { describe, expect, it } from 'vitest';
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
    expect(markup).toContain('<h2 id="kiosk-due-now">Due now</h2><ul><li data-status="open">Open until <time datetime="2026-12-07T07:00:00.000Z">07:00</time></li></ul>');
    expect(markup).toContain('<h2>Next</h2><p><time datetime="2026-12-07T13:00:00.000Z">13:00</time></p>');
    expect(markup).toContain('Nothing done yet today');
    const queued = kioskDueMarkup(s, text, new Set(['a1']));
    expect(queued).toContain('Nothing due now');
    expect(queued).toContain('✓ Done (waiting to be sent)');
    expect(kioskDueMarkup({ ...s, due_now: [], done_today: [{ ...open, status: 'done' }] }, text)).toContain('✓ Done: due');
  });
});
