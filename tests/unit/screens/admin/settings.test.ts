import { describe, expect, it } from 'vitest';
import { settingsFigures } from '../../../../src/screens/admin/settings.ts';
import { formatDateTime } from '../../../../src/client/time-format.ts';

const org = {
  id: 'o',
  name: 'Acme',
  is_active: true,
  trial_ends_at: null,
  plan_options: { limit_users: 50, limit_active_users: 1200 },
  subscription: { status: 'off' as const, trial_ends_at: null, current_period_end: null },
};

describe('settingsFigures', () => {
  it('shows the plan limit, the member count and the build time as people read them', () => {
    const figures = settingsFigures({ org }, 7, { version: '1.0.0', time: '2026-03-04T05:06:07.000Z' });
    expect(figures.activeUserLimit).toBe(new Intl.NumberFormat().format(1200));
    expect(figures.activeUsers).toBe('7');
    expect(figures.buildDate).toEqual({ iso: '2026-03-04T05:06:07.000Z', text: formatDateTime('2026-03-04T05:06:07.000Z') });
  });

  it('without an organisation or a build time it shows a dash, not a made-up value', () => {
    const figures = settingsFigures({ org: null }, 0, { version: '1', time: '' });
    expect(figures.activeUserLimit).toBe('—');
    expect(figures.buildDate).toBeUndefined();
  });
});
