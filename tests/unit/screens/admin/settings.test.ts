import { describe, expect, it } from 'vitest';
import { mailFailureNotice, settingsFigures } from '../../../../src/screens/admin/settings.ts';
import { formatDateTime } from '../../../../src/client/time-format.ts';

const org = {
  id: 'o',
  name: 'Acme',
  is_active: true,
  trial_ends_at: null,
  plan_options: { limit_users: 50, limit_active_users: 1200 },
  subscription: { status: 'off' as const, trial_ends_at: null, current_period_end: null },
};

const billing = { enabled: false, trial_days: 7 };

describe('settingsFigures', () => {
  it('shows the plan limit, the member count and the build time as people read them', () => {
    const figures = settingsFigures({ org }, 7, { version: '1.0.0', time: '2026-03-04T05:06:07.000Z', billing });
    expect(figures.activeUserLimit).toBe(new Intl.NumberFormat().format(1200));
    expect(figures.activeUsers).toBe('7');
    expect(figures.buildDate).toEqual({ iso: '2026-03-04T05:06:07.000Z', text: formatDateTime('2026-03-04T05:06:07.000Z') });
  });

  it('without an organisation or a build time it shows a dash, not a made-up value', () => {
    const figures = settingsFigures({ org: null }, 0, { version: '1', time: '', billing });
    expect(figures.activeUserLimit).toBe('—');
    expect(figures.buildDate).toBeUndefined();
  });
});

describe('mailFailureNotice', () => {
  it('says nothing when no mail failed, or when the failures could not be read', () => {
    expect(mailFailureNotice({ count: 0, last_error: null, last_failed_at: null })).toBeUndefined();
    expect(mailFailureNotice(undefined)).toBeUndefined();
  });

  it('counts the messages and gives the last error with its time as people read it', () => {
    const at = '2026-11-29T10:02:00.000Z';
    expect(mailFailureNotice({ count: 3, last_error: '550 5.7.1 Relay access denied', last_failed_at: at })).toEqual({
      summary: '3 messages could not be delivered.',
      last: { iso: at, text: formatDateTime(at), error: '550 5.7.1 Relay access denied' },
    });
    expect(mailFailureNotice({ count: 1, last_error: '554 Blocked', last_failed_at: at })?.summary).toBe('1 message could not be delivered.');
    expect(mailFailureNotice({ count: 1200, last_error: '554 Blocked', last_failed_at: at })?.summary).toBe(
      `${new Intl.NumberFormat().format(1200)} messages could not be delivered.`,
    );
  });
});
